import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';

/** Items picked for the signed-in person, each with its reason. */
export function useSuggested() {
  return useQuery({
    queryKey: ['me', 'suggested'],
    queryFn: () => call(endpoints.suggested).then((r) => r.items),
  });
}
