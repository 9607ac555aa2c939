import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The brand, linking home: the link is named by its text, SwapU, the same in every language. */
export function Logo() {
  return (
    <Link to="/" style={{ textDecoration: 'none' }}>
      <Group gap={8} wrap="nowrap">
        <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true">
          <rect width="64" height="64" rx="16" fill="var(--mantine-color-swapu-6)" />
          <path d="M20 26h20l-6-6M44 38H24l6 6" stroke="#fff" strokeWidth="5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <Text fw={800} fz={22} c="swapu.8" className="swapu-wordmark" style={{ letterSpacing: '-0.5px' }}>
          SwapU
        </Text>
      </Group>
    </Link>
  );
}
