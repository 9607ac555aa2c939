import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconBook,
  IconDots,
  IconHistory,
  IconLock,
  IconLockOpen,
  IconMessages,
  IconSearch,
  IconShield,
  IconShieldOff,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_USER_SORTS, ADMIN_USERS_PAGE_SIZES, type AdminUser, type AdminUserSort, BAN_REASON_MAX } from '@swapu/shared/admin-users';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { ApiError, errorCodeOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSession } from '../../lib/use-session';
import { AdminPage } from './admin-page';
import { CsvDownloadButton, CsvDownloadError, useCsvDownload } from './csv-download';
import { downloadUsersCsv, useAdminUsers, useBan, useSetRole } from './use-admin-users';

const SEARCH_DEBOUNCE_MS = 300;
const isSort = (v: string | null): v is AdminUserSort => !!v && (ADMIN_USER_SORTS as readonly string[]).includes(v);
/** Numbers read best from the largest down, names and dates from A and the newest. */
const firstDir = (sort: AdminUserSort): 'asc' | 'desc' => (sort === 'name' || sort === 'email' ? 'asc' : 'desc');

/** Where an admin answers this member: the console's support section with their thread open. */
export const supportThreadPath = (u: { id: string; displayName: string }) =>
  `${paths.admin}/support?${new URLSearchParams({ user: u.id, name: u.displayName }).toString()}`;
/** The audit log of one member. */
export const memberAuditPath = (id: string) =>
  `${paths.admin}/audit?${new URLSearchParams({ targetType: 'user', targetId: id }).toString()}`;

type Action = { kind: 'ban' | 'unban' | 'grant' | 'revoke' | 'grantDocs' | 'revokeDocs'; user: AdminUser };

/** The role each confirmed change gives. */
const ROLE_OF = { grant: 'admin', revoke: 'user', grantDocs: 'docs', revokeDocs: 'user' } as const;

function StatusBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation('adminUsers');
  const color = user.status === 'active' ? 'swapu' : user.status === 'banned' ? 'red' : 'gray';
  return (
    <Badge color={color} variant="light" style={{ flexShrink: 0, minWidth: 'max-content' }} data-testid="user-status">
      {t(`status.${user.status}`)}
    </Badge>
  );
}

function RoleBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation('adminUsers');
  return (
    <Badge
      color={user.role === 'admin' ? 'grape' : user.role === 'docs' ? 'teal' : 'gray'}
      variant={user.role === 'admin' ? 'filled' : 'outline'}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
      data-testid="user-role"
    >
      {t(`role.${user.role}`)}
    </Badge>
  );
}

/** The row's menu: open their profile, support thread and history; suspend or restore; grant or revoke admin. */
function RowMenu({ user, meId, onAction }: { user: AdminUser; meId: string | undefined; onAction: (a: Action) => void }) {
  const { t } = useTranslation('adminUsers');
  const self = user.id === meId;
  const deleted = user.status === 'deleted';
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('actions.menu', { name: memberName(t, user.displayName) })}
          data-testid="user-menu"
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.userDetail(user.id)} leftSection={<IconUser size={16} />} disabled={deleted}>
          {t('actions.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to={supportThreadPath(user)} leftSection={<IconMessages size={16} />}>
          {t('actions.support')}
        </Menu.Item>
        <Menu.Item component={Link} to={memberAuditPath(user.id)} leftSection={<IconHistory size={16} />}>
          {t('actions.history')}
        </Menu.Item>
        <Menu.Divider />
        {user.status === 'banned' ? (
          <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => onAction({ kind: 'unban', user })} disabled={self}>
            {t('actions.unban')}
          </Menu.Item>
        ) : (
          <Menu.Item
            color="red"
            leftSection={<IconLock size={16} />}
            onClick={() => onAction({ kind: 'ban', user })}
            disabled={self || deleted}
          >
            {t('actions.ban')}
          </Menu.Item>
        )}
        {user.role === 'admin' ? (
          <Menu.Item
            leftSection={<IconShieldOff size={16} />}
            onClick={() => onAction({ kind: 'revoke', user })}
            disabled={self || deleted}
          >
            {t('actions.revoke')}
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconShield size={16} />}
            onClick={() => onAction({ kind: 'grant', user })}
            disabled={self || deleted || user.status === 'banned'}
          >
            {t('actions.grant')}
          </Menu.Item>
        )}
        {user.role !== 'admin' && (
          <Menu.Item
            leftSection={<IconBook size={16} />}
            onClick={() => onAction({ kind: user.role === 'docs' ? 'revokeDocs' : 'grantDocs', user })}
            disabled={self || deleted || user.status === 'banned'}
          >
            {t(user.role === 'docs' ? 'actions.revokeDocs' : 'actions.grantDocs')}
          </Menu.Item>
        )}
        {self && (
          <Text fz="xs" c="dimmed" px="sm" py={4} maw={220}>
            {t('actions.selfHint')}
          </Text>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Suspending asks why (the member reads it in their support thread); the server's refusal shows here. */
export function BanModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation(['adminUsers', 'errors']);
  const ban = useBan();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setReason('');
    setError(null);
    ban.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a fresh form for each member
  }, [user?.id]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    const trimmed = reason.trim();
    if (!trimmed || trimmed.length > BAN_REASON_MAX) {
      setError(t('errors:ban_reason_required'));
      return;
    }
    ban.mutate(
      { id: user.id, banned: true, reason: trimmed },
      {
        onSuccess: () => {
          notifications.show({ color: 'swapu', message: t('ban.done', { name: memberName(t, user.displayName) }) });
          onClose();
        },
        onError: (err) => setError(t(`errors:${errorCodeOf(err)}`)),
      },
    );
  };
  return (
    <Dialog fixed opened={!!user} onClose={onClose} title={t('ban.title', { name: memberName(t, user?.displayName) ?? '' })}>
      <form onSubmit={submit} noValidate data-testid="ban-form">
        <Stack gap="md">
          <Text fz="sm">{t('ban.explain')}</Text>
          <Textarea
            label={t('ban.reason')}
            description={t('ban.reasonHint', { max: BAN_REASON_MAX })}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            minRows={3}
            rows={3}
            maxLength={BAN_REASON_MAX}
            required
            data-autofocus
          />
          <Text fz="xs" c="dimmed" ta="right" mt={-8}>
            {t('ban.count', { count: reason.trim().length, max: BAN_REASON_MAX })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" color="red" loading={ban.isPending} leftSection={<IconLock size={16} />}>
              {t('ban.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/** Lifting a suspension and changing a role are confirmed first. */
function ConfirmModal({ action, onClose }: { action: Action | null; onClose: () => void }) {
  const { t } = useTranslation(['adminUsers', 'errors']);
  const ban = useBan();
  const role = useSetRole();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [action]);
  const open = action && action.kind !== 'ban' ? action : null;
  const kind = open?.kind ?? 'unban';
  const name = memberName(t, open?.user.displayName) ?? '';
  const pending = ban.isPending || role.isPending;
  const confirm = () => {
    if (!open) return;
    const done = {
      onSuccess: () => {
        notifications.show({ color: 'swapu', message: t(`${kind}.done`, { name }) });
        onClose();
      },
      onError: (err: unknown) => setError(t(`errors:${errorCodeOf(err)}`)),
    };
    if (kind === 'unban') ban.mutate({ id: open.user.id, banned: false }, done);
    else if (kind !== 'ban') role.mutate({ id: open.user.id, role: ROLE_OF[kind] }, done);
  };
  return (
    <Dialog fixed opened={!!open} onClose={onClose} title={t(`${kind}.title`, { name })}>
      <Stack gap="md" data-testid="confirm-modal">
        <Text fz="sm">{t(`${kind}.explain`, { name })}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            color={kind === 'revoke' || kind === 'revokeDocs' ? 'red' : 'swapu'}
            loading={pending}
            onClick={confirm}
            data-testid="confirm"
          >
            {t(`${kind}.submit`)}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

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

function Rating({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation('adminUsers');
  if (user.rating === null) return <Text c="dimmed">—</Text>;
  return (
    <Text span fz="sm" title={t('reviews', { count: user.reviews })}>
      {user.rating.toLocaleString(i18n.language, { minimumFractionDigits: 1 })} ★
    </Text>
  );
}

function Reports({ n }: { n: number }) {
  return n > 0 ? (
    <Badge color="orange" variant="light" data-testid="user-reports">
      {n}
    </Badge>
  ) : (
    <Text c="dimmed" fz="sm" data-testid="user-reports">
      0
    </Text>
  );
}

function UsersTable({
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

/** On a phone, each member is a card: the table's ten columns do not fit side by side. */
function UserCards({ items, meId, onAction }: { items: AdminUser[]; meId: string | undefined; onAction: (a: Action) => void }) {
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

/**
 * /admin/users: every member (deleted accounts too) with search by name or email, sort by any
 * column and pages, all on the server; suspend (with a reason the member reads in their support
 * thread) or restore, grant or revoke admin, open their profile, support thread and history, and
 * download the list as CSV. The API decides who is an admin: anyone else sees 'Permission Denied'.
 */
export function AdminUsers() {
  const { t } = useTranslation(['adminUsers', 'errors']);
  usePageMeta({ title: `${t('title')} | SwapU`, description: t('intro') });
  // Who is signed in: the menu offers no action on one's own account (the server refuses them too).
  const meId = useSession().userId ?? undefined;
  const wide = useMediaQuery('(min-width: 62em)');
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort: AdminUserSort = isSort(sortParam) ? sortParam : 'joined';
  const dir: 'asc' | 'desc' = params.get('dir') === 'asc' ? 'asc' : params.get('dir') === 'desc' ? 'desc' : firstDir(sort);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sizeParam = Number(params.get('size'));
  const pageSize = (ADMIN_USERS_PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : 25;
  const [typed, setTyped] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const list = useAdminUsers({ q, sort, dir, page, pageSize });
  const [action, setAction] = useState<Action | null>(null);
  const denied = list.error instanceof ApiError && list.error.status === 403;

  const update = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  // A new search starts at its first page.
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) update({ q, page: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the debounced search changes
  }, [q]);
  const onSort = (column: AdminUserSort) =>
    update({ sort: column, dir: column === sort ? (dir === 'asc' ? 'desc' : 'asc') : firstDir(column), page: null });

  const csv = useCsvDownload(() => downloadUsersCsv({ q, sort, dir }));

  const data = list.data;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  return (
    <AdminPage
      id="users"
      icon={<IconUsers size={22} />}
      title={t('title')}
      intro={t('intro')}
      denied={denied}
      size="xl"
      after={
        <>
          <BanModal user={action?.kind === 'ban' ? action.user : null} onClose={() => setAction(null)} />
          <ConfirmModal action={action} onClose={() => setAction(null)} />
        </>
      }
    >
      <Card padding="lg">
        <Stack gap="md">
          <Group justify="space-between" gap="sm" align="flex-end">
            <TextInput
              label={t('search')}
              placeholder={t('searchPlaceholder')}
              leftSection={<IconSearch size={16} />}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              maxLength={200}
              style={{ flex: '1 1 260px', maxWidth: 420 }}
              type="search"
              data-testid="users-search"
            />
            <Group gap="sm" align="flex-end">
              {!wide && (
                <Select
                  label={t('sortBy')}
                  data={ADMIN_USER_SORTS.map((s) => ({ value: s, label: t(`columns.${s}`) }))}
                  value={sort}
                  onChange={(v) => isSort(v) && update({ sort: v, dir: firstDir(v), page: null })}
                  allowDeselect={false}
                  w={150}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
              {!wide && (
                <ActionIcon
                  variant="default"
                  size={36}
                  onClick={() => update({ dir: dir === 'asc' ? 'desc' : 'asc', page: null })}
                  aria-label={t(dir === 'asc' ? 'ascending' : 'descending')}
                >
                  {dir === 'asc' ? <IconArrowUp size={16} /> : <IconArrowDown size={16} />}
                </ActionIcon>
              )}
              <CsvDownloadButton csv={csv} label={t('downloadCsv')} disabled={total === 0} />
            </Group>
          </Group>
          <CsvDownloadError csv={csv} />
          {list.isError && !denied && <LoadError onRetry={() => void list.refetch()} />}
          {list.isPending && (
            <Stack gap="xs" data-testid="users-loading">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} h={36} radius="sm" />
              ))}
            </Stack>
          )}
          {data && data.items.length === 0 && (
            <Stack align="center" gap={4} py="xl" data-testid="users-empty">
              <IconUsers size={32} color="var(--mantine-color-dimmed)" aria-hidden />
              <Text fw={600}>{q ? t('emptySearch', { q }) : t('empty')}</Text>
              {q && (
                <Button variant="subtle" size="compact-sm" onClick={() => setTyped('')}>
                  {t('clearSearch')}
                </Button>
              )}
            </Stack>
          )}
          {data && data.items.length > 0 && (
            <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
              {wide ? (
                <UsersTable items={data.items} sort={sort} dir={dir} onSort={onSort} meId={meId} onAction={setAction} />
              ) : (
                <UserCards items={data.items} meId={meId} onAction={setAction} />
              )}
            </div>
          )}
          {data && total > 0 && (
            <Group justify="space-between" gap="sm">
              <Text fz="sm" c="dimmed" data-testid="users-range">
                {t('range', { from, to: from + data.items.length - 1, total })}
              </Text>
              <Group gap="xs">
                <Select
                  aria-label={t('pageSize')}
                  data={ADMIN_USERS_PAGE_SIZES.map((n) => ({ value: String(n), label: t('perPage', { count: n }) }))}
                  value={String(pageSize)}
                  onChange={(v) => v && update({ size: v, page: null })}
                  allowDeselect={false}
                  w={130}
                  size="xs"
                  comboboxProps={{ withinPortal: true }}
                />
                <Button
                  variant="default"
                  size="compact-md"
                  disabled={page <= 1 || list.isFetching}
                  onClick={() => update({ page: String(page - 1) })}
                >
                  {t('previous')}
                </Button>
                <Text fz="sm">{t('page', { page, pages })}</Text>
                <Button
                  variant="default"
                  size="compact-md"
                  disabled={page >= pages || list.isFetching}
                  onClick={() => update({ page: String(page + 1) })}
                >
                  {t('next')}
                </Button>
              </Group>
            </Group>
          )}
        </Stack>
      </Card>
    </AdminPage>
  );
}
