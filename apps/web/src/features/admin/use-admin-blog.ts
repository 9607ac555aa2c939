import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBlogPost, AdminBlogPostBody } from '@swapu/shared/admin-blog';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { upload } from '../../lib/upload';

/** The console's blog queries: the list and each post (public blog queries are refreshed too). */
export const adminBlogKey = ['admin', 'blog'] as const;

export const useAdminBlogPosts = () =>
  useQuery({ queryKey: adminBlogKey, queryFn: () => call(endpoints.adminBlogPosts).then((r) => r.items) });

export const useAdminBlogPost = (id: string | null) =>
  useQuery({
    queryKey: [...adminBlogKey, id],
    queryFn: () => call(endpoints.adminBlogPost, { params: { id: id! } }),
    enabled: !!id,
  });

/** Every change refreshes the console's list, that post, and what the public blog shows. */
function useRefresh() {
  const qc = useQueryClient();
  return (post?: AdminBlogPost) => {
    if (post) qc.setQueryData([...adminBlogKey, post.id], post);
    void qc.invalidateQueries({ queryKey: adminBlogKey, exact: true });
    void qc.invalidateQueries({ queryKey: ['blog'] });
  };
}

export function useSaveBlogPost() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: AdminBlogPostBody }) =>
      id ? call(endpoints.adminUpdateBlogPost, { params: { id }, body }) : call(endpoints.adminCreateBlogPost, { body }),
    onSuccess: (post) => refresh(post),
  });
}

export function usePublishBlogPost() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, publish }: { id: string; publish: boolean }) =>
      call(publish ? endpoints.adminPublishBlogPost : endpoints.adminUnpublishBlogPost, { params: { id } }),
    onSuccess: (post) => refresh(post),
  });
}

export function useDeleteBlogPost() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => call(endpoints.adminDeleteBlogPost, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

/** Uploads (file) or removes (null) a post's cover; progress in percent while uploading. */
export function useBlogCover() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: string; file: File | null; onProgress?: (pct: number) => void }) =>
      file
        ? upload(endpoints.adminBlogCover, { params: { id }, file, onProgress: onProgress ?? (() => {}) })
        : call(endpoints.adminDeleteBlogCover, { params: { id } }),
    onSuccess: (post) => refresh(post),
  });
}
