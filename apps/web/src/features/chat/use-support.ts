import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportMessage, SupportThread, SupportThreadSummary } from '@swapu/shared/chat';
import { api } from '../../lib/api';
import { adminSupportKey, supportKey, useRealtimeStatus } from './use-realtime';

export type { SupportThreadSummary };

const post = (body: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ body }),
});

/** Polls only while the WebSocket is down (a banned account's socket may be refused). */
const usePollUnlessLive = () => (useRealtimeStatus() === 'ready' ? false : 20_000);

/** The member's thread with the SwapU team (banned members may use it too). */
export function useSupportThread() {
  return useQuery({
    queryKey: supportKey,
    queryFn: () => api<SupportThread>('/api/v1/support/messages'),
    refetchInterval: usePollUnlessLive(),
  });
}

export function useSendSupport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api<SupportMessage>('/api/v1/support/messages', post(body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: supportKey }),
  });
}

/** Admins: every member's thread, the ones waiting for the team first. */
export function useSupportThreads() {
  return useQuery({
    queryKey: adminSupportKey,
    queryFn: () => api<{ items: SupportThreadSummary[] }>('/api/v1/admin/support'),
    refetchInterval: usePollUnlessLive(),
  });
}

const threadPath = (userId: string) => `/api/v1/admin/support/${encodeURIComponent(userId)}/messages`;

export function useAdminThread(userId: string | null) {
  return useQuery({
    queryKey: [...adminSupportKey, userId],
    queryFn: () => api<SupportThread>(threadPath(userId!)),
    enabled: !!userId,
  });
}

export function useAnswerSupport(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api<SupportMessage>(threadPath(userId), post(body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminSupportKey }),
  });
}
