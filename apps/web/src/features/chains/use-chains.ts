import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Chain } from '@swapu/shared/chains';
import { endpoints } from '@swapu/shared/endpoints';
import { track } from '../../lib/analytics';
import { call } from '../../lib/api';
import { keyOf } from '../../lib/query-keys';

export const chainsKey = keyOf(endpoints.myChains, { variant: 'items' });

/** My swap chains, read afresh each time the page opens: the other members act meanwhile. */
export const useMyChains = () =>
  useQuery({ queryKey: chainsKey, queryFn: () => call(endpoints.myChains).then((r) => r.items), staleTime: 0 });

/** Unlock or decline one chain; the list then shows what the server answered. */
export function useChainAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'unlock' | 'decline' }) =>
      call(action === 'unlock' ? endpoints.unlockChain : endpoints.declineChain, { params: { id } }),
    onSuccess: (chain: Chain, { action }) => {
      if (action === 'unlock') track('user_action', { action: 'chain_unlock', target: 'chain' });
      qc.setQueryData<Chain[]>(chainsKey, (list) => list?.map((c) => (c.id === chain.id ? chain : c)));
      void qc.invalidateQueries({ queryKey: chainsKey });
    },
  });
}
