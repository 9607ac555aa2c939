import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { keyOf, pathKey } from '../../lib/query-keys';

export const notificationsKey = pathKey(endpoints.notifications);

/** The unread count for the bell: refreshed every minute and when the window regains focus. */
export function useUnreadNotifications() {
  return useQuery({
    queryKey: keyOf(endpoints.notifications, { variant: 'unread' }),
    queryFn: () => call(endpoints.notifications).then((r) => r.unread),
    refetchInterval: 60_000,
  });
}

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: keyOf(endpoints.notifications, { variant: 'pages' }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => call(endpoints.notifications, pageParam ? { query: { cursor: pageParam } } : {}),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => call(endpoints.readNotifications, { body: ids ? { ids } : {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationsKey }),
  });
}
