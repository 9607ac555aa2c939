import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import type { UnlimitedAssistMonths } from '@swapu/shared/purchases';
import { call } from '../../lib/api';
import { groupKey, keyOf } from '../../lib/query-keys';

/**
 * After spending tokens on an item: the token balance, my items and assist ('me', …) and the
 * listings ('posts', …) are read afresh.
 */
function useRefreshAfterSpend() {
  const qc = useQueryClient();
  return async () => {
    await Promise.all([
      qc.invalidateQueries({ queryKey: keyOf(endpoints.tokens) }),
      qc.invalidateQueries({ queryKey: groupKey('me') }),
      qc.invalidateQueries({ queryKey: groupKey('posts') }),
    ]);
  };
}

/** Boosts one of my items with tokens. */
export function useBoost() {
  const refresh = useRefreshAfterSpend();
  return useMutation({
    mutationFn: (postId: string) => call(endpoints.boostPost, { params: { id: postId } }),
    onSuccess: refresh,
  });
}

/** A month of one of my items' Swap Assist, paid with tokens. */
export function useAssistWithTokens() {
  const refresh = useRefreshAfterSpend();
  return useMutation({
    mutationFn: (postId: string) => call(endpoints.assistPost, { params: { id: postId } }),
    onSuccess: refresh,
  });
}

/** Starts paying for Swap Assist by card: one item's month, or the unlimited package; answers where to pay. */
export const useBuyAssist = () =>
  useMutation({
    mutationFn: (p: { postId: string; returnTo: string } | { months: UnlimitedAssistMonths; returnTo: string }) =>
      call(endpoints.createCheckout, {
        body: {
          purchase: 'postId' in p ? { kind: 'swap_assist', postId: p.postId } : { kind: 'unlimited_assist', months: p.months },
          returnTo: p.returnTo,
        },
      }),
  });
