import { useQuery } from '@tanstack/react-query';
import type { PostDetail } from '@swapu/shared/api';
import { api } from '../../lib/api';

export function usePost(id: string) {
  return useQuery({
    queryKey: ['posts', 'detail', id],
    queryFn: () => api<PostDetail>(`/api/v1/posts/${encodeURIComponent(id)}`),
  });
}
