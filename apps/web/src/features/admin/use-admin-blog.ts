import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBlogPost, AdminBlogPostBody } from '@swapu/shared/admin-blog';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';
import { call } from '../../lib/api';
import { upload } from '../../lib/upload';
import { groupKey, keyOf } from '../../lib/query-keys';

/** The console's blog queries: the list and each post (public blog queries are refreshed too). */
export const adminBlogKey = keyOf(adminEndpoints.adminBlogPosts, { variant: 'items' });
const adminBlogPostKey = (id: string | null) => keyOf(adminEndpoints.adminBlogPost, { params: { id: id ?? '' } });

export const useAdminBlogPosts = () =>
  useQuery({ queryKey: adminBlogKey, queryFn: () => call(adminEndpoints.adminBlogPosts).then((r) => r.items) });

export const useAdminBlogPost = (id: string | null) =>
  useQuery({
    queryKey: adminBlogPostKey(id),
    queryFn: () => call(adminEndpoints.adminBlogPost, { params: { id: id! } }),
    enabled: !!id,
  });

/** Every change refreshes the console's list, that post, and what the public blog shows. */
function useRefresh() {
  const qc = useQueryClient();
  return (post?: AdminBlogPost) => {
    if (post) qc.setQueryData(adminBlogPostKey(post.id), post);
    void qc.invalidateQueries({ queryKey: adminBlogKey, exact: true });
    void qc.invalidateQueries({ queryKey: groupKey('blog') });
  };
}

export function useSaveBlogPost() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: AdminBlogPostBody }) =>
      id ? call(adminEndpoints.adminUpdateBlogPost, { params: { id }, body }) : call(adminEndpoints.adminCreateBlogPost, { body }),
    onSuccess: (post) => refresh(post),
  });
}

export function usePublishBlogPost() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, publish }: { id: string; publish: boolean }) =>
      call(publish ? adminEndpoints.adminPublishBlogPost : adminEndpoints.adminUnpublishBlogPost, { params: { id } }),
    onSuccess: (post) => refresh(post),
  });
}

export function useDeleteBlogPost() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => call(adminEndpoints.adminDeleteBlogPost, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

/** Uploads (file) or removes (null) a post's cover; progress in percent while uploading. */
export function useBlogCover() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: string; file: File | null; onProgress?: (pct: number) => void }) =>
      file
        ? upload(adminEndpoints.adminBlogCover, { params: { id }, file, onProgress: onProgress ?? (() => {}) })
        : call(adminEndpoints.adminDeleteBlogCover, { params: { id } }),
    onSuccess: (post) => refresh(post),
  });
}
