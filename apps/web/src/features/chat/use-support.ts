import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportThreadSummary } from '@swapu/shared/chat';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { adminSupportKey, supportKey, useRealtimeStatus } from './use-realtime';
import { keyOf } from '../../lib/query-keys';

export type { SupportThreadSummary };

/** Polls only while the WebSocket is down (a banned account's socket may be refused). */
const usePollUnlessLive = () => (useRealtimeStatus() === 'ready' ? false : 20_000);

/** The member's thread with the SwapU team (banned members may use it too). */
export function useSupportThread() {
  return useQuery({
    queryKey: supportKey,
    queryFn: () => call(endpoints.support),
    refetchInterval: usePollUnlessLive(),
  });
}

export function useSendSupport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => call(endpoints.sendSupport, { body: { body } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: supportKey }),
  });
}

/** Admins: every member's thread, the ones waiting for the team first. */
export function useSupportThreads() {
  return useQuery({
    queryKey: keyOf(endpoints.supportThreads),
    queryFn: () => call(endpoints.supportThreads),
    refetchInterval: usePollUnlessLive(),
  });
}

export function useAdminThread(userId: string | null) {
  return useQuery({
    queryKey: keyOf(endpoints.supportThread, { params: { userId: userId ?? '' } }),
    queryFn: () => call(endpoints.supportThread, { params: { userId: userId! } }),
    enabled: !!userId,
  });
}

export function useAnswerSupport(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => call(endpoints.answerSupport, { params: { userId }, body: { body } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminSupportKey }),
  });
}
