import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@swapu/shared/api';
import { api, qs } from '../../lib/api';

export const notificationsKey = ['me', 'notifications'] as const;

/** The unread count for the bell: refreshed every minute and when the window regains focus. */
export function useUnreadNotifications() {
  return useQuery({
    queryKey: [...notificationsKey, 'unread'],
    queryFn: () => api<NotificationList>('/api/v1/notifications').then((r) => r.unread),
    refetchInterval: 60_000,
  });
}

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: [...notificationsKey, 'list'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => api<NotificationList>(`/api/v1/notifications${qs({ cursor: pageParam })}`),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) =>
      api<{ unread: number }>('/api/v1/notifications/read', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ids ? { ids } : {}),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationsKey }),
  });
}
