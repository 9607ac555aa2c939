import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import type { LeaderboardPeriod } from '@swapu/shared/engagement';
import { call } from '../../lib/api';
import { useSession } from '../../lib/use-session';
import { keyOf } from '../../lib/query-keys';

/** Points move with every listing, swap and review: a board read half a minute ago is still fine. */
const FRESH_MS = 30_000;

/** A period's top 50 and, when signed in, my own place (so the key holds who is asking). */
export function useLeaderboard(period: LeaderboardPeriod) {
  const { userId } = useSession();
  return useQuery({
    queryKey: keyOf(endpoints.leaderboard, { query: { period }, viewer: userId }),
    queryFn: () => call(endpoints.leaderboard, { query: { period } }),
    staleTime: FRESH_MS,
  });
}

/** My own points summary; idle for guests. */
export function useMyPoints() {
  const { token, userId } = useSession();
  return useQuery({
    queryKey: keyOf(endpoints.myPoints, { viewer: userId }),
    queryFn: () => call(endpoints.myPoints),
    enabled: token !== null,
    staleTime: FRESH_MS,
  });
}

/** A member's all-time points and badges, as their profile shows them. */
export const useMemberPoints = (id: string) =>
  useQuery({
    queryKey: keyOf(endpoints.userPoints, { params: { id } }),
    queryFn: () => call(endpoints.userPoints, { params: { id } }),
    staleTime: FRESH_MS,
  });
