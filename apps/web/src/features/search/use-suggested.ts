import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { keyOf } from '../../lib/query-keys';

/** Items picked for the signed-in person, each with its reason. */
export function useSuggested() {
  return useQuery({
    queryKey: keyOf(endpoints.suggested, { variant: 'items' }),
    queryFn: () => call(endpoints.suggested).then((r) => r.items),
  });
}
