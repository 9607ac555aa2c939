import { useLocation } from 'react-router';
import type { SignInState } from '../../lib/use-sign-in';

/** A path of this site, and not one of the auth screens themselves. */
const safe = (to: unknown): to is string =>
  typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') && !/^\/auth(\/|$|\?)/.test(to);

/**
 * Where signing in leads (the link's state, lib/use-sign-in.ts): on to what the person pressed
 * before they were asked to log in (`next`), else back to where they were (`from`), else home.
 */
export function useReturnTo(): string {
  const state = useLocation().state as Partial<SignInState> | null;
  if (safe(state?.next)) return state.next;
  return safe(state?.from) ? state.from : '/';
}

/**
 * Where a guest login goes: back to where the person was. Not on to `next`, a page that needs an
 * account, which would send a guest home.
 */
export function useCameFrom(): string {
  const state = useLocation().state as Partial<SignInState> | null;
  return safe(state?.from) ? state.from : '/';
}

/** What a new account goes on to after onboarding (its state), if the person was going somewhere. */
export function useCarryOn(): string | null {
  const state = useLocation().state as Partial<SignInState> | null;
  return safe(state?.next) ? state.next : null;
}
