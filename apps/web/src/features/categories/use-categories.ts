import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';

export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: () => call(endpoints.categories).then((r) => r.items),
    staleTime: 60_000,
  });
}
