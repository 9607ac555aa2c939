import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportBody } from '@swapu/shared/api';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { groupKey, keyOf, pathKey } from '../../lib/query-keys';

/** My listings, whatever their query: the list and the pickers that read it. */
export const myPostsKey = pathKey(endpoints.myPosts);

export function useMyPosts() {
  return useQuery({
    queryKey: keyOf(endpoints.myPosts, { variant: 'items' }),
    queryFn: () => call(endpoints.myPosts).then((r) => r.items),
  });
}

export type OwnerAction = 'archived' | 'swapped' | 'sold' | 'publish' | 'delete';

/** The owner's actions on a listing: withdraw, mark swapped or sold, publish again, delete. */
export function usePostOwnerAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: OwnerAction }): Promise<unknown> => {
      if (action === 'delete') return call(endpoints.deletePost, { params: { id } });
      if (action === 'publish') return call(endpoints.publishPost, { params: { id } });
      return call(endpoints.postState, { params: { id }, body: { state: action } });
    },
    onSuccess: async (_r, { id, action }) => {
      if (action === 'delete') qc.removeQueries({ queryKey: keyOf(endpoints.post, { params: { id } }), exact: true });
      await Promise.all([qc.invalidateQueries({ queryKey: myPostsKey }), qc.invalidateQueries({ queryKey: groupKey('posts') })]);
    },
  });
}

export function useReportPost(id: string) {
  return useMutation({
    mutationFn: (body: ReportBody) => call(endpoints.reportPost, { params: { id }, body }),
  });
}
