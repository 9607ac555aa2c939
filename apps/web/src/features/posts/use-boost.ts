import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { myPostsKey } from './use-my-posts';

/** Boosts one of my items with tokens; my items, the listings and the token balance are read afresh. */
export function useBoost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => call(endpoints.boostPost, { params: { id: postId } }),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['tokens'] }),
        qc.invalidateQueries({ queryKey: myPostsKey }),
        qc.invalidateQueries({ queryKey: ['posts'] }),
      ]);
    },
  });
}
