import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { groupKey, keyOf, pathKey } from '../../lib/query-keys';

/** The token account's query key. */
export const tokensKey = keyOf(endpoints.tokens);

export const useTokens = (enabled = true) => useQuery({ queryKey: tokensKey, queryFn: () => call(endpoints.tokens), enabled });

/** One checkout; while a hosted provider's payment awaits its webhook, it is read again every 2 s. */
export const useCheckout = (id: string) =>
  useQuery({
    queryKey: keyOf(endpoints.checkout, { params: { id } }),
    queryFn: () => call(endpoints.checkout, { params: { id } }),
    // A hosted provider's payment is confirmed by its webhook: poll while it is open or still settling.
    refetchInterval: (q) =>
      q.state.data && q.state.data.provider !== 'local' && ['open', 'processing'].includes(q.state.data.status) ? 2000 : false,
  });

/**
 * Sends the person where they pay: our own checkout page (an app path) or a hosted provider's
 * page (an absolute URL, left by a full navigation).
 */
export function goToCheckout(navigate: (to: string) => unknown, url: string) {
  if (/^https?:\/\//.test(url)) window.location.assign(url);
  else void navigate(url);
}

/** Starts buying tokens; answers where to pay. */
export const useBuyTokens = () =>
  useMutation({
    mutationFn: ({ amount, returnTo }: { amount: number; returnTo: string }) =>
      call(endpoints.createCheckout, { body: { purchase: { kind: 'tokens', amount }, returnTo } }),
  });

/** The local checkout page's Pay and Cancel; afterwards the balance is read afresh. */
export function useSettleCheckout(id: string) {
  const qc = useQueryClient();
  const settled = () => {
    void qc.invalidateQueries({ queryKey: tokensKey });
    void qc.invalidateQueries({ queryKey: subscriptionKey });
    // What a subscriber may see changes at once (early access).
    void qc.invalidateQueries({ queryKey: groupKey('posts') });
    void qc.invalidateQueries({ queryKey: pathKey(endpoints.checkout, { id }) });
    // A paid courier delivery: its order page shows the delivery, not the form.
    void qc.invalidateQueries({ queryKey: groupKey('deliveries') });
  };
  return {
    pay: useMutation({
      mutationFn: (cardNumber: string) => call(endpoints.payCheckout, { params: { id }, body: { cardNumber } }),
      onSettled: settled,
    }),
    cancel: useMutation({ mutationFn: () => call(endpoints.cancelCheckout, { params: { id } }), onSettled: settled }),
  };
}

export const subscriptionKey = keyOf(endpoints.subscription);

/** My subscription's state. */
export const useSubscription = () => useQuery({ queryKey: subscriptionKey, queryFn: () => call(endpoints.subscription) });

/** Starts the A$10 monthly subscription; answers where to pay. */
export const useSubscribe = () =>
  useMutation({
    mutationFn: (returnTo: string) => call(endpoints.createCheckout, { body: { purchase: { kind: 'subscription' }, returnTo } }),
  });

/** Cancel in the app: it runs to the end of the paid period. */
export function useCancelSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.cancelSubscription),
    onSuccess: (s) => qc.setQueryData(subscriptionKey, s),
  });
}
