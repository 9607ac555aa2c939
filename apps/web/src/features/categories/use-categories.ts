import { useQuery } from '@tanstack/react-query';
import type { CategoryCount } from '@swapu/shared/api';
import { api } from '../../lib/api';

export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: () => api<{ items: CategoryCount[] }>('/api/v1/categories').then((r) => r.items),
    staleTime: 60_000,
  });
}
