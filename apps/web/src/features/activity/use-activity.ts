import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { keyOf } from '../../lib/query-keys';

/** Community totals and the latest swaps and listings (public). */
export function useActivity() {
  return useQuery({ queryKey: keyOf(endpoints.activity), queryFn: () => call(endpoints.activity), staleTime: 60_000 });
}
