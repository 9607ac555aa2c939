import { LOGIN_TOKEN_MS } from '@swapu/shared/constants';
import { commitSession, getSession, GUEST_ID, LEGACY_REFRESH_KEY, SESSION_KEYS as KEYS, type TokenGrant } from './session';

// Session writes only some screens make (signing in, a silent refresh, a guest login, a notice
// read): here
// rather than in session.ts, which every page's first load carries.

/** Stores a signed-in session (login or sign-up) and clears an earlier auto-logout notice. */
export function saveSession(userId: string, grant: TokenGrant, stayLoggedIn = false, now = Date.now()) {
  const expiration = now + grant.lifetimeMs;
  // The expiration first and the user id last: another tab reading mid-way never sees a new
  // user with an old, lapsed expiration.
  commitSession(
    [
      [KEYS.expiration, String(expiration)],
      [KEYS.token, grant.token],
      [LEGACY_REFRESH_KEY, null],
      [KEYS.stayLoggedin, String(stayLoggedIn)],
      [KEYS.didAutoLogout, null],
      [KEYS.lastActivity, String(now)],
      [KEYS.userId, userId],
    ],
    { token: grant.token, userId, expiration, stayLoggedIn, autoLogout: null },
  );
}

/** A silent refresh: new token and expiration, same person. */
export function updateTokens(grant: TokenGrant, now = Date.now()) {
  const current = getSession();
  if (!current.token) return;
  const expiration = now + grant.lifetimeMs;
  commitSession(
    [
      [KEYS.expiration, String(expiration)],
      [KEYS.token, grant.token],
      [LEGACY_REFRESH_KEY, null],
    ],
    { ...current, token: grant.token, expiration },
  );
}

/** Guest login: the stored user id becomes 'guest' for an hour, without a token. */
export function saveGuestSession(now = Date.now()) {
  const expiration = now + LOGIN_TOKEN_MS;
  commitSession(
    [
      [KEYS.token, null],
      [LEGACY_REFRESH_KEY, null],
      [KEYS.stayLoggedin, null],
      [KEYS.didAutoLogout, null],
      [KEYS.expiration, String(expiration)],
      [KEYS.userId, GUEST_ID],
    ],
    { token: null, userId: GUEST_ID, expiration, stayLoggedIn: false, autoLogout: null },
  );
}

/** The person has read why they were logged out. */
export function dismissAutoLogout() {
  commitSession([[KEYS.didAutoLogout, null]], { ...getSession(), autoLogout: null });
}
