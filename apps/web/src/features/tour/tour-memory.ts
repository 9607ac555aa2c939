import { SESSION_KEYS } from '../../lib/session';

/**
 * What the device remembers about the tour (decision 0031): the spec's `skipTour` key, which
 * onboarding's "don't show again" also sets. Once it is 'true' the home page no longer invites
 * the person to take the tour; /demo always offers it.
 */
export function tourDismissed(): boolean {
  try {
    return window.localStorage.getItem(SESSION_KEYS.skipTour) === 'true';
  } catch {
    // Storage unavailable: nothing could be remembered, so the invitation would come back on every visit.
    return true;
  }
}

/**
 * Taking, skipping, finishing or leaving the tour, and declining the invitation, all end the
 * invitation for good on this device (tour-host keeps it on the account too when signed in).
 */
export function rememberTourDismissed() {
  try {
    window.localStorage.setItem(SESSION_KEYS.skipTour, 'true');
  } catch {
    // storage unavailable: nothing to remember with
  }
}

/** The invitation is for a first-time visitor: a guest on the home page, who has neither taken nor declined the tour. */
export function shouldInvite(at: { pathname: string; guest: boolean; dismissed: boolean; touring: boolean }): boolean {
  return at.pathname === '/' && at.guest && !at.dismissed && !at.touring;
}
