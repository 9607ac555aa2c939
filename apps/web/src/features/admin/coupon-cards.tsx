import { Code, Group, Stack, Text } from '@mantine/core';
import type { Coupon } from '@swapu/shared/money-api';
import { useTranslation } from '../../i18n/react';
import { formatDateTime } from '../../lib/format';
import { DisableButton, DisabledBadge } from './coupon-disable-button';

/** On a phone, each coupon is a small card: the table's four columns do not fit side by side. */
export function CouponCards({ items }: { items: Coupon[] }) {
  const { t, i18n } = useTranslation('coupons');
  const lang = i18n.language;
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((c, i) => (
        <li
          key={c.code}
          data-testid="coupon-row"
          style={{ padding: '10px 0', borderTop: i > 0 ? '1px solid var(--mantine-color-gray-2)' : undefined }}
        >
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Code fz="sm">{c.code}</Code>
            <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
              <Text span fz="xs" c="dimmed">
                {t('admin.columns.usedTimes')}{' '}
              </Text>
              <Text span fz="sm" fw={700} data-testid="coupon-used">
                {t('admin.used', { used: c.usedTimes, max: c.maxUses })}
              </Text>
            </Text>
          </Group>
          <Text fz="sm" mt={4}>
            {t(`types.${c.type}`)}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('admin.columns.createdOn')}: {formatDateTime(c.createdAt, lang)}
            {c.expiresAt && ` · ${t('admin.expiresOn', { date: formatDateTime(c.expiresAt, lang) })}`}
          </Text>
          <Group justify="space-between" mt={6} gap="sm">
            <DisabledBadge coupon={c} />
            <DisableButton coupon={c} />
          </Group>
        </li>
      ))}
    </Stack>
  );
}
