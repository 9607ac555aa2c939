import { Code, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Coupon } from '@swapu/shared/money-api';
import { useTranslation } from '../../i18n/react';
import { formatDateTime } from '../../lib/format';
import { DisableButton, DisabledBadge } from './coupon-disable-button';

export function CouponTable({ items }: { items: Coupon[] }) {
  const { t, i18n } = useTranslation('coupons');
  const lang = i18n.language;
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.columns.code')}</Table.Th>
            <Table.Th>{t('admin.columns.type')}</Table.Th>
            <Table.Th>{t('admin.columns.usedTimes')}</Table.Th>
            <Table.Th>{t('admin.columns.createdOn')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('admin.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((c) => (
            <Table.Tr key={c.code} data-testid="coupon-row">
              <Table.Td>
                <Code fz="sm">{c.code}</Code>
                {c.expiresAt && (
                  <Text fz="xs" c="dimmed">
                    {t('admin.expiresOn', { date: formatDateTime(c.expiresAt, lang) })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{t(`types.${c.type}`)}</Table.Td>
              <Table.Td data-testid="coupon-used" style={{ whiteSpace: 'nowrap' }}>
                {t('admin.used', { used: c.usedTimes, max: c.maxUses })}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.createdAt, lang)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <DisabledBadge coupon={c} />
                  <DisableButton coupon={c} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
