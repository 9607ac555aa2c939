import { useQuery } from '@tanstack/react-query';
import type { Activity } from '@swapu/shared/offers';
import { api } from '../../lib/api';

/** GET /api/v1/activity: community totals and the latest swaps and listings (public). */
export function useActivity() {
  return useQuery({ queryKey: ['activity'], queryFn: () => api<Activity>('/api/v1/activity'), staleTime: 60_000 });
}
