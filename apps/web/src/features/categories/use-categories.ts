import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { keyOf } from '../../lib/query-keys';

export function useCategories() {
  return useQuery({
    queryKey: keyOf(endpoints.categories, { variant: 'items' }),
    queryFn: () => call(endpoints.categories).then((r) => r.items),
    staleTime: 60_000,
  });
}
