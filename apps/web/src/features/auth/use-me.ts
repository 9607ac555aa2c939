import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { fetchMe, meQuery, useSession } from '../../lib/use-session';

export { fetchMe };

/** Accepts the terms and the privacy policy (an account made through the Firebase contract). */
export const acceptTerms = () => call(endpoints.acceptTerms);

/** The signed-in person's own account (GET /api/v1/me); idle for guests. Keyed by user id. */
export const useMe = () => useQuery(meQuery(useSession()));

/**
 * Whether the signed-in member is suspended (banned): then only the suspension message and the
 * support conversation are offered (features/auth/suspended.ts). False for guests and until known.
 */
export const useBanned = () => useMe().data?.banned === true;
