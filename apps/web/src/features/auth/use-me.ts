import { useQuery } from '@tanstack/react-query';
import type { Me } from '@swapu/shared/account';
import { api } from '../../lib/api';
import { useSession } from '../../lib/use-session';

export const fetchMe = () => api<Me>('/api/v1/me');

/** Accepts the terms and the privacy policy (an account made through the Firebase contract). */
export const acceptTerms = () => api<Me>('/api/v1/me/accept-terms', { method: 'POST' });

/** The signed-in person's own account (GET /api/v1/me); idle for guests. Keyed by user id. */
export function useMe() {
  const { token, userId } = useSession();
  return useQuery({ queryKey: ['me', userId], queryFn: fetchMe, enabled: token !== null, staleTime: 5 * 60_000 });
}
