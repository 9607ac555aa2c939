import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AdminUser } from '@swapu/shared/admin-users';
import { useTranslation } from '../../i18n/react';
import { formatDateTime } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { Rating, Reports, RoleBadge, StatusBadge } from './user-cells';
import { type Action, RowMenu } from './user-row-menu';

/** On a phone, each member is a card: the table's ten columns do not fit side by side. */
export function UserCards({ items, meId, onAction }: { items: AdminUser[]; meId: string | undefined; onAction: (a: Action) => void }) {
  const { t, i18n } = useTranslation('adminUsers');
  const figure = (label: string, value: ReactNode) => (
    <Stack gap={0} align="center" style={{ minWidth: 56 }}>
      <Text fz="sm" fw={700} component="div">
        {value}
      </Text>
      <Text fz={11} c="dimmed">
        {label}
      </Text>
    </Stack>
  );
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((u, i) => (
        <li
          key={u.id}
          data-testid="user-row"
          style={{ padding: '12px 0', borderTop: i > 0 ? '1px solid var(--mantine-color-gray-2)' : undefined }}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Avatar src={u.avatarUrl} alt="" radius="xl" color="swapu" />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={700} fz="sm" truncate data-testid="user-name" data-user-content>
                  {memberName(t, u.displayName)}
                </Text>
                <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {u.email}
                </Text>
              </Stack>
            </Group>
            <RowMenu user={u} meId={meId} onAction={onAction} />
          </Group>
          <Group gap={6} mt={6}>
            <RoleBadge user={u} />
            <StatusBadge user={u} />
            <Text fz="xs" c="dimmed">
              {t('joinedOn', { date: formatDateTime(u.joinedAt, i18n.language) })}
            </Text>
          </Group>
          <Group gap="xs" mt={8} wrap="nowrap" justify="space-between">
            {figure(t('columns.listings'), u.listings)}
            {figure(t('columns.swaps'), u.swaps)}
            {figure(t('columns.rating'), <Rating user={u} />)}
            {figure(t('columns.reports'), <Reports n={u.reports} />)}
          </Group>
        </li>
      ))}
    </Stack>
  );
}
