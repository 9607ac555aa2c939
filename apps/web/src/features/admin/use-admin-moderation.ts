import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationKind, ModerationResult } from '@swapu/shared/admin-moderation';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';
import { call } from '../../lib/api';
import { keyOf, pathKey } from '../../lib/query-keys';

/** The moderation queue's query key: one entry per tab; every action refreshes them all. */
export const moderationKey = pathKey(adminEndpoints.adminModeration);

/** Admins: every tab's count and the cards of one tab; the counts stay on screen while another tab loads. */
export const useModerationQueue = (kind: ModerationKind) =>
  useQuery({
    queryKey: keyOf(adminEndpoints.adminModeration, { query: { kind } }),
    queryFn: ({ signal }) => call(adminEndpoints.adminModeration, { query: { kind }, signal }),
    placeholderData: keepPreviousData,
  });

/** One moderation action (hide, warn, resolve…), given the reason typed in its confirmation. */
export interface ModerationRun {
  run: (reason: string) => Promise<ModerationResult>;
  reason: string;
}

/** Admins: runs an action, then reads the queue afresh (counts included). */
export function useModerationAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ run, reason }: ModerationRun) => run(reason),
    onSettled: () => qc.invalidateQueries({ queryKey: moderationKey }),
  });
}

/** The calls behind each button, by the id they act on. */
export const moderationCalls = {
  dismissPost: (id: string) => (reason: string) => call(adminEndpoints.adminDismissPostReports, { params: { id }, body: { reason } }),
  hidePost: (id: string) => (reason: string) => call(adminEndpoints.adminHidePost, { params: { id }, body: { reason } }),
  unhidePost: (id: string) => (reason: string) => call(adminEndpoints.adminUnhidePost, { params: { id }, body: { reason } }),
  removeImage: (id: string) => (reason: string) => call(adminEndpoints.adminRemoveImage, { params: { id }, body: { reason } }),
  approveImage: (id: string) => (reason: string) => call(adminEndpoints.adminApproveImage, { params: { id }, body: { reason } }),
  dismissUser: (id: string) => (reason: string) => call(adminEndpoints.adminDismissUserReports, { params: { id }, body: { reason } }),
  warnUser: (id: string, postId?: string) => (reason: string) =>
    call(adminEndpoints.adminWarnUser, { params: { id }, body: { reason, ...(postId ? { postId } : {}) } }),
  banUser: (id: string, postId?: string) => (reason: string) =>
    call(adminEndpoints.adminBanFromQueue, { params: { id }, body: { reason, ...(postId ? { postId } : {}) } }),
  resolveDispute: (id: string, outcome: 'complete' | 'cancel') => (reason: string) =>
    call(adminEndpoints.adminResolveDispute, { params: { id }, body: { outcome, reason } }),
};
