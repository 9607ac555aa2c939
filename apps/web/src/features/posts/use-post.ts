import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { keyOf } from '../../lib/query-keys';

export function usePost(id: string) {
  return useQuery({
    queryKey: keyOf(endpoints.post, { params: { id } }),
    queryFn: () => call(endpoints.post, { params: { id } }),
  });
}
