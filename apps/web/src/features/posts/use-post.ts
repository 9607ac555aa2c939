import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';

export function usePost(id: string) {
  return useQuery({
    queryKey: ['posts', 'detail', id],
    queryFn: () => call(endpoints.post, { params: { id } }),
  });
}
