import { useQuery } from '@tanstack/react-query';
import { reliabilityEndpoints } from '@swapu/shared/reliability-endpoints';
import { call } from '../../lib/api';
import { keyOf } from '../../lib/query-keys';
import { useSession } from '../../lib/use-session';

/** The job refreshes badges every few minutes at most: a minute-old answer is as good. */
const FRESH_MS = 60_000;

/** The badges of the members a page shows, in one request (unknown or deleted members are left out). */
export function useReliability(ids: string[]) {
  const query = { ids: [...new Set(ids)].join(',') };
  return useQuery({
    queryKey: keyOf(reliabilityEndpoints.reliability, { query }),
    queryFn: () => call(reliabilityEndpoints.reliability, { query }),
    enabled: query.ids !== '',
    staleTime: FRESH_MS,
  });
}

/** My own badge with every part of its score and what would raise it. */
export function useMyReliability() {
  const { token, userId } = useSession();
  return useQuery({
    queryKey: keyOf(reliabilityEndpoints.myReliability, { viewer: userId }),
    queryFn: () => call(reliabilityEndpoints.myReliability),
    enabled: token !== null,
    staleTime: FRESH_MS,
  });
}
