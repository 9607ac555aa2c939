import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { useSession } from '../../lib/use-session';

export const fetchMe = () => call(endpoints.me);

/** Accepts the terms and the privacy policy (an account made through the Firebase contract). */
export const acceptTerms = () => call(endpoints.acceptTerms);

/** The signed-in person's own account (GET /api/v1/me); idle for guests. Keyed by user id. */
export function useMe() {
  const { token, userId } = useSession();
  return useQuery({ queryKey: ['me', userId], queryFn: fetchMe, enabled: token !== null, staleTime: 5 * 60_000 });
}
