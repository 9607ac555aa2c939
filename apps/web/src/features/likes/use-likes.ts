import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PostDetail } from '@swapu/shared/api';
import { endpoints } from '@swapu/shared/endpoints';
import { track } from '../../lib/analytics';
import { call } from '../../lib/api';
import { keyOf, pathKey } from '../../lib/query-keys';

export const favoritesKey = keyOf(endpoints.favorites);

export function useFavorites() {
  return useQuery({ queryKey: favoritesKey, queryFn: () => call(endpoints.favorites) });
}

/**
 * Likes or unlikes a post. The heart changes at once (optimistic) and settles to what the
 * server says; on failure it goes back.
 */
export function useToggleLike(postId: string) {
  const qc = useQueryClient();
  const detailKey = keyOf(endpoints.post, { params: { id: postId } });
  return useMutation({
    mutationFn: (like: boolean) => call(like ? endpoints.like : endpoints.unlike, { params: { id: postId } }),
    onMutate: async (like) => {
      await qc.cancelQueries({ queryKey: detailKey, exact: true });
      const before = qc.getQueryData<PostDetail>(detailKey);
      if (before) {
        qc.setQueryData<PostDetail>(detailKey, {
          ...before,
          likedByMe: like,
          likeCount: Math.max(0, before.likeCount + (like === before.likedByMe ? 0 : like ? 1 : -1)),
        });
      }
      return { before };
    },
    onError: (_e, _like, ctx) => {
      if (ctx?.before) qc.setQueryData(detailKey, ctx.before);
    },
    onSuccess: (res, like) => {
      track('user_action', { action: like ? 'like' : 'unlike', target: 'post' });
      const now = qc.getQueryData<PostDetail>(detailKey);
      if (now) qc.setQueryData<PostDetail>(detailKey, { ...now, likedByMe: res.liked, likeCount: res.likeCount });
    },
    onSettled: async (res) => {
      await qc.invalidateQueries({ queryKey: favoritesKey });
      // A match leaves a notification: the bell should count it now.
      if (res?.matched) await qc.invalidateQueries({ queryKey: pathKey(endpoints.notifications) });
    },
  });
}
