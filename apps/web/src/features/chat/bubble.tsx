import { Box, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { formatDateTime } from '../../lib/format';
import { dateTimeFormat } from '@swapu/shared/intl';

const time = (iso: string, locale: string) =>
  dateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

/**
 * One message. The body is a React text node: links and markup show as the plain text they are
 * (never HTML), and line breaks are kept.
 */
export function Bubble({
  mine,
  body,
  createdAt,
  author,
  footer,
  below,
  muted,
  testId = 'message',
}: {
  mine: boolean;
  body: string;
  createdAt: string;
  author?: string;
  footer?: ReactNode;
  /** Shown under the time (a scam warning on a received message). */
  below?: ReactNode;
  muted?: boolean;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  return (
    <Stack gap={2} align={mine ? 'flex-end' : 'flex-start'} data-testid={testId} data-mine={mine}>
      {author && (
        <Text fz={11} c="dimmed" fw={600} px={8}>
          {author}
        </Text>
      )}
      <Box
        px={12}
        py={8}
        maw="min(80%, 560px)"
        style={{
          borderRadius: 18,
          borderBottomRightRadius: mine ? 6 : 18,
          borderBottomLeftRadius: mine ? 18 : 6,
          background: mine ? 'var(--mantine-color-swapu-6)' : 'white',
          color: mine ? 'white' : 'var(--mantine-color-dark-7)',
          border: mine ? undefined : '1px solid var(--mantine-color-gray-3)',
          opacity: muted ? 0.6 : 1,
        }}
      >
        {/* What someone wrote, as written (data-user-content: e2e/support/pt-PT-check.ts). */}
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-body" data-user-content>
          {body}
        </Text>
      </Box>
      <Text fz={11} c="dimmed" px={8} title={formatDateTime(createdAt, i18n.language)}>
        {time(createdAt, i18n.language)}
        {footer}
      </Text>
      {below}
    </Stack>
  );
}
