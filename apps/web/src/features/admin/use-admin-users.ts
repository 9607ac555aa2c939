import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserListQuery, UserRole } from '@swapu/shared/admin-users';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';
import { call, pathOf } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { keyOf, pathKey } from '../../lib/query-keys';

/** The users table's and the audit log's query keys (every action refreshes both). */
export const adminUsersKey = pathKey(adminEndpoints.adminUsers);
export const adminAuditKey = pathKey(adminEndpoints.adminAudit);

/** Admins: one page of members; the previous page stays on screen while the next loads. */
export const useAdminUsers = (query: AdminUserListQuery) =>
  useQuery({
    queryKey: keyOf(adminEndpoints.adminUsers, { query }),
    queryFn: () => call(adminEndpoints.adminUsers, { query }),
    placeholderData: keepPreviousData,
  });

function useRefresh() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: adminUsersKey }), qc.invalidateQueries({ queryKey: adminAuditKey })]);
}

/** Admins: suspend (with a reason) or lift a suspension. */
export function useBan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string; banned: boolean; reason?: string }) =>
      call(adminEndpoints.adminBan, {
        params: { id: v.id },
        body: { banned: v.banned, ...(v.reason !== undefined ? { reason: v.reason } : {}) },
      }),
    onSuccess: () => refresh(),
  });
}

/** Admins: grant or revoke admin. */
export function useSetRole() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string; role: UserRole }) => call(adminEndpoints.adminRole, { params: { id: v.id }, body: { role: v.role } }),
    onSuccess: () => refresh(),
  });
}

/** Admins: every member matching the search, in the table's order, as a CSV file. */
export const downloadUsersCsv = (q: Pick<AdminUserListQuery, 'q' | 'sort' | 'dir'>) =>
  downloadFile(pathOf(adminEndpoints.adminUsersCsv, { query: q }), 'text/csv', 'swapu-members.csv');

export type AuditFilter = { action?: string; targetType?: string; targetId?: string };

/** Admins: the audit log, newest first, a page at a time ("Load more"). */
export const useAudit = (filter: AuditFilter) =>
  useInfiniteQuery({
    queryKey: keyOf(adminEndpoints.adminAudit, { query: filter, variant: 'pages' }),
    queryFn: ({ pageParam }) => call(adminEndpoints.adminAudit, { query: { ...filter, limit: 50, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
