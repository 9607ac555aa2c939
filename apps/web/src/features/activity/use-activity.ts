import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';

/** Community totals and the latest swaps and listings (public). */
export function useActivity() {
  return useQuery({ queryKey: ['activity'], queryFn: () => call(endpoints.activity), staleTime: 60_000 });
}
