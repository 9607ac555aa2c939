import { ActionIcon, Alert, Button, Code, CopyButton, Group, ScrollArea, Stack, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { Coupon } from '@swapu/shared/money-api';
import { useTranslation } from '../../i18n/react';

/** The codes just made: each one copyable, and all of them at once. */
export function Generated({ items }: { items: Coupon[] }) {
  const { t } = useTranslation('coupons');
  const all = items.map((c) => c.code).join('\n');
  return (
    <Alert
      color="swapu"
      variant="light"
      role="status"
      title={t('admin.generated', { count: items.length })}
      data-testid="coupons-generated"
    >
      <Stack gap="xs">
        <ScrollArea.Autosize mah={220} type="auto">
          <Stack gap={4}>
            {items.map((c) => (
              <Group key={c.code} gap={6} wrap="nowrap">
                <Code fz="sm" data-testid="generated-code">
                  {c.code}
                </Code>
                <CopyButton value={c.code}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('admin.copied') : t('admin.copy')} withArrow>
                      <ActionIcon variant="subtle" color={copied ? 'swapu' : 'gray'} size="sm" onClick={copy} aria-label={t('admin.copy')}>
                        {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {items.length > 1 && (
          <CopyButton value={all}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant="light"
                w="fit-content"
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              >
                {copied ? t('admin.copied') : t('admin.copyAll')}
              </Button>
            )}
          </CopyButton>
        )}
      </Stack>
    </Alert>
  );
}
