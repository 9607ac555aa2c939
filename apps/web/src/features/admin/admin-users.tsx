import { ActionIcon, Button, Card, Group, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconSearch, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_USER_SORTS, ADMIN_USERS_PAGE_SIZES, type AdminUserSort } from '@swapu/shared/admin-users';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSession } from '../../lib/use-session';
import { AdminPage } from './admin-page';
import { CsvDownloadButton, CsvDownloadError, useCsvDownload } from './csv-download';
import { downloadUsersCsv, useAdminUsers } from './use-admin-users';
import { BanModal } from './user-ban-dialog';
import { UserCards } from './user-cards';
import { ConfirmModal } from './user-confirm-dialog';
import type { Action } from './user-row-menu';
import { UsersTable } from './users-table';

const SEARCH_DEBOUNCE_MS = 300;
const isSort = (v: string | null): v is AdminUserSort => !!v && (ADMIN_USER_SORTS as readonly string[]).includes(v);
/** Numbers read best from the largest down, names and dates from A and the newest. */
const firstDir = (sort: AdminUserSort): 'asc' | 'desc' => (sort === 'name' || sort === 'email' ? 'asc' : 'desc');

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
