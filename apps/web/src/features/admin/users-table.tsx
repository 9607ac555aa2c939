import { Avatar, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { AdminUser, AdminUserSort } from '@swapu/shared/admin-users';
import { useTranslation } from '../../i18n/react';
import { formatDateTime } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { Rating, Reports, RoleBadge, StatusBadge } from './user-cells';
import { type Action, RowMenu } from './user-row-menu';

function SortHeader({
  column,
  sort,
  dir,
  onSort,
  align,
}: {
  column: AdminUserSort;
  sort: AdminUserSort;
  dir: 'asc' | 'desc';
  onSort: (c: AdminUserSort) => void;
  align?: 'right';
}) {
  const { t } = useTranslation('adminUsers');
  const active = column === sort;
  const Icon = !active ? IconArrowsSort : dir === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton onClick={() => onSort(column)} data-testid={`sort-${column}`} style={{ width: align ? '100%' : undefined }}>
        <Group gap={4} wrap="nowrap" justify={align ? 'flex-end' : 'flex-start'}>
          <Text fw={700} fz="sm">
            {t(`columns.${column}`)}
          </Text>
          <Icon size={14} color={active ? undefined : 'var(--mantine-color-dimmed)'} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export function UsersTable({
  items,
  sort,
  dir,
  onSort,
  meId,
  onAction,
}: {
  items: AdminUser[];
  sort: AdminUserSort;
  dir: 'asc' | 'desc';
  onSort: (c: AdminUserSort) => void;
  meId: string | undefined;
  onAction: (a: Action) => void;
}) {
  const { t, i18n } = useTranslation('adminUsers');
  const head = (column: AdminUserSort, align?: 'right') => (
    <SortHeader key={column} column={column} sort={sort} dir={dir} onSort={onSort} align={align} />
  );
  return (
    <Table.ScrollContainer minWidth={980} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            {head('name')}
            {head('email')}
            {head('joined')}
            {head('listings', 'right')}
            {head('swaps', 'right')}
            {head('rating', 'right')}
            {head('reports', 'right')}
            {head('role')}
            {head('status')}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((u) => (
            <Table.Tr key={u.id} data-testid="user-row">
              <Table.Td>
                <Group gap="xs" wrap="nowrap" miw={170}>
                  <Avatar src={u.avatarUrl} alt="" size={28} radius="xl" color="swapu" />
                  <Text fz="sm" fw={600} data-testid="user-name" data-user-content>
                    {memberName(t, u.displayName)}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.email}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(u.joinedAt, i18n.language)}</Table.Td>
              <Table.Td ta="right">{u.listings}</Table.Td>
              <Table.Td ta="right">{u.swaps}</Table.Td>
              <Table.Td ta="right">
                <Rating user={u} />
              </Table.Td>
              <Table.Td ta="right">
                <Reports n={u.reports} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <RoleBadge user={u} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge user={u} />
              </Table.Td>
              <Table.Td>
                <RowMenu user={u} meId={meId} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
