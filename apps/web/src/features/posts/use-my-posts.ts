import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyPost, PostDeleteResult, PostDetail, ReportBody } from '@swapu/shared/api';
import { api } from '../../lib/api';

export const myPostsKey = ['me', 'posts'] as const;

export function useMyPosts() {
  return useQuery({
    queryKey: myPostsKey,
    queryFn: () => api<{ items: MyPost[] }>('/api/v1/me/posts').then((r) => r.items),
  });
}

const postUrl = (id: string) => `/api/v1/posts/${encodeURIComponent(id)}`;
const json = (body: unknown): RequestInit => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export type OwnerAction = 'archived' | 'swapped' | 'sold' | 'publish' | 'delete';

/** The owner's actions on a listing: withdraw, mark swapped or sold, publish again, delete. */
export function usePostOwnerAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: OwnerAction }): Promise<unknown> => {
      if (action === 'delete') return api<PostDeleteResult>(postUrl(id), { method: 'DELETE' });
      if (action === 'publish') return api<PostDetail>(`${postUrl(id)}/publish`, { method: 'POST' });
      return api<PostDetail>(`${postUrl(id)}/state`, { method: 'POST', ...json({ state: action }) });
    },
    onSuccess: async (_r, { id, action }) => {
      if (action === 'delete') qc.removeQueries({ queryKey: ['posts', 'detail', id] });
      await Promise.all([qc.invalidateQueries({ queryKey: myPostsKey }), qc.invalidateQueries({ queryKey: ['posts'] })]);
    },
  });
}

export function useReportPost(id: string) {
  return useMutation({
    mutationFn: (body: ReportBody) => api<{ received: true }>(`${postUrl(id)}/report`, { method: 'POST', ...json(body) }),
  });
}
