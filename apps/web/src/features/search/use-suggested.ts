import { useQuery } from '@tanstack/react-query';
import type { SuggestedItem } from '@swapu/shared/search';
import { api } from '../../lib/api';

/** GET /api/v1/me/suggested: items picked for the signed-in person, each with its reason. */
export function useSuggested() {
  return useQuery({
    queryKey: ['me', 'suggested'],
    queryFn: () => api<{ items: SuggestedItem[] }>('/api/v1/me/suggested').then((r) => r.items),
  });
}
