import { List, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Renders the small markdown subset our content uses ("## " headings, "- " lists, paragraphs,
 * **bold**) as React elements: no HTML is ever injected.
 */
export function SimpleMarkdown({ source }: { source: string }) {
  const blocks = source.replace(/\r\n/g, '\n').split(/\n{2,}/);
  return (
    <div className="swapu-prose">
      {blocks.map((block, i) => {
        const lines = block.split('\n').filter((l) => l.trim() !== '');
        if (lines.length === 0) return null;
        if (lines[0]!.startsWith('## ')) {
          const rest = lines.slice(1);
          return (
            <div key={i}>
              <Title order={2} fz="xl">
                {inline(lines[0]!.slice(3))}
              </Title>
              {rest.length > 0 && <Block lines={rest} />}
            </div>
          );
        }
        return <Block key={i} lines={lines} />;
      })}
    </div>
  );
}

function Block({ lines }: { lines: string[] }) {
  if (lines.every((l) => l.startsWith('- ')))
    return (
      <List spacing={4} mb="md">
        {lines.map((l, i) => (
          <List.Item key={i}>{inline(l.slice(2))}</List.Item>
        ))}
      </List>
    );
  return <Text component="p">{inline(lines.join(' '))}</Text>;
}

function inline(text: string): ReactNode[] {
  return text
    .split(/(\*\*[^*]+\*\*)/g)
    .map((part, i) => (part.startsWith('**') && part.endsWith('**') ? <strong key={i}>{part.slice(2, -2)}</strong> : part));
}
