import { ActionIcon, Box, Group, Text, Textarea, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { MESSAGE_MAX } from '@swapu/shared/constants';

/** Shown once fewer than this many characters are left. */
const COUNTER_FROM = 200;

/**
 * The message box: Enter sends, Shift+Enter is a new line (and Enter while an IME is composing
 * is left alone); at most MESSAGE_MAX characters. `onSend` gets the trimmed text.
 */
export function Composer({
  onSend,
  onTyping,
  placeholder,
  disabled,
  busy,
}: {
  onSend: (body: string) => void;
  onTyping?: () => void;
  placeholder?: string;
  disabled?: boolean;
  busy?: boolean;
}) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const body = text.trim();
  const left = MESSAGE_MAX - text.length;
  const submit = () => {
    if (!body || disabled || busy) return;
    onSend(body);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  return (
    <Box
      p="sm"
      style={{
        borderTop: '1px solid var(--mantine-color-gray-2)',
        background: 'white',
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          aria-label={t('composer.label')}
          placeholder={placeholder ?? t('composer.placeholder')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (e.currentTarget.value) onTyping?.();
          }}
          onKeyDown={onKeyDown}
          maxLength={MESSAGE_MAX}
          autosize
          minRows={1}
          maxRows={6}
          radius="xl"
          disabled={disabled}
          style={{ flex: 1 }}
          data-testid="composer"
        />
        <Tooltip label={t('composer.send')}>
          <ActionIcon
            size={38}
            radius="xl"
            onClick={submit}
            disabled={!body || disabled}
            loading={busy}
            aria-label={t('composer.send')}
            data-testid="send"
          >
            <IconSend size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group justify="space-between" mt={4} px={6}>
        <Text fz={11} c="dimmed" visibleFrom="sm">
          {t('composer.hint')}
        </Text>
        {left < COUNTER_FROM && (
          <Text fz={11} c={left < 20 ? 'red' : 'dimmed'} aria-live="polite">
            {t('composer.left', { count: left })}
          </Text>
        )}
      </Group>
    </Box>
  );
}
