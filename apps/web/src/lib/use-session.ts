import { queryOptions, skipToken } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from './api';
import { useLocation, useNavigate } from 'react-router';
import { getSession, GUEST_ID, type Session, subscribeSession } from './session';
import { keyOf } from './query-keys';

/** The session as React state: every component re-renders when it changes, in any tab. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export const fetchMe = () => call(endpoints.me);

/**
 * The query of the signed-in person's own account (GET /api/v1/me), keyed by user id, for
 * useQuery: features/auth/use-me.ts, and the layout and the router, which read it on every page
 * (a suspended member: PRODUCT.md). Idle for a guest (skipToken: the server's render of a guest's
 * page never asks for it either).
 */
export const meQuery = ({ token, userId }: Session) =>
  queryOptions({ queryKey: keyOf(endpoints.me, { viewer: userId }), queryFn: token !== null ? fetchMe : skipToken, staleTime: 5 * 60_000 });

/** True when a real member (not a guest) is signed in. */
export function useSignedIn() {
  const s = useSession();
  return !!s.userId && s.userId !== GUEST_ID && !!s.token;
}

/**
 * What the sign-in screens are told (react-router's location state). `from`: where the person was.
 * `next`: where they meant to go (a page that needs an account). `asked`: the app sent them, so the
 * screen says why ('You need to be logged in to use this'). Signing in or up carries on to `next`
 * (after onboarding, for a new account), else back to `from`; a guest login goes back to `from`
 * (features/auth/use-return-to.ts).
 */
export interface SignInState {
  from: string;
  next?: string;
  asked?: boolean;
}

/**
 * The one way the app asks a guest to log in or sign up, for anything that needs an account (a
 * like, a report, an offer, a message, the phone bar's List an item, Offers and Chat): the sign-in
 * screen opens saying so, and leads to sign-up too. Given `carryOn` (the offer editor for this
 * item, the chat with that member, the listing form), the person goes on there once signed in;
 * without it, back here.
 */
export function useAskToSignIn() {
  const navigate = useNavigate();
  const location = useLocation();
  return (carryOn?: string) => {
    const state: SignInState = { from: location.pathname + location.search, asked: true, ...(carryOn ? { next: carryOn } : {}) };
    void navigate('/auth', { state });
  };
}
