import { Group, Progress, Stack, Text } from '@mantine/core';
import { IconCrown, IconHeart } from '@tabler/icons-react';
import type { SwipeAllowance } from '@swapu/shared/engagement';
import { useTranslation } from '../../i18n/react';
import { rightsLeft } from './use-swipe';

/** "18 of 25 right swipes left today" with a bar, or unlimited for a subscriber. */
export function AllowanceMeter({ allowance, pending = 0 }: { allowance: SwipeAllowance; pending?: number }) {
  const { t } = useTranslation('swapSwipe');
  const left = rightsLeft(allowance, pending);
  if (left === null || allowance.limit === null) {
    return (
      <Group gap={6} wrap="nowrap" data-testid="swipe-allowance">
        <IconCrown size={18} color="var(--mantine-color-yellow-7)" aria-hidden="true" />
        <Text fz="sm" fw={600}>
          {t('allowance.unlimited')}
        </Text>
      </Group>
    );
  }
  const limit = allowance.limit;
  return (
    <Stack gap={6}>
      <Group gap={6} wrap="nowrap">
        <IconHeart size={16} color="var(--mantine-color-swapu-7)" aria-hidden="true" />
        <Text fz="sm" fw={600} data-testid="swipe-allowance">
          {t('allowance.left', { left, limit })}
        </Text>
      </Group>
      <Progress
        value={limit > 0 ? (left / limit) * 100 : 0}
        color={left === 0 ? 'orange' : 'swapu'}
        size="sm"
        radius="xl"
        aria-label={t('allowance.label')}
      />
      {allowance.extra > 0 && (
        <Text fz="xs" c="dimmed">
          {t('allowance.extra', { count: allowance.extra })}
        </Text>
      )}
    </Stack>
  );
}
