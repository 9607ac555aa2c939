import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';

/** My token balance and ledger. */
/** The token account's query key (other features refresh it after spending tokens). */
export const tokensKey = ['tokens'] as const;

export const useTokens = (enabled = true) => useQuery({ queryKey: tokensKey, queryFn: () => call(endpoints.tokens), enabled });

export const useCheckout = (id: string) =>
  useQuery({ queryKey: ['checkouts', id], queryFn: () => call(endpoints.checkout, { params: { id } }) });

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
    void qc.invalidateQueries({ queryKey: ['checkouts', id] });
  };
  return {
    pay: useMutation({
      mutationFn: (cardNumber: string) => call(endpoints.payCheckout, { params: { id }, body: { cardNumber } }),
      onSettled: settled,
    }),
    cancel: useMutation({ mutationFn: () => call(endpoints.cancelCheckout, { params: { id } }), onSettled: settled }),
  };
}
