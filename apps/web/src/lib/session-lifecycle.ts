import { LOGIN_TOKEN_MS, SESSION_IDLE_MS } from '@swapu/shared/constants';
import { AuthError, NETWORK_ERROR, refreshIdToken } from './auth-client';
import {
  type AutoLogoutReason,
  clearSession,
  getSession,
  restoreSession,
  type Session,
  LEGACY_REFRESH_KEY,
  SESSION_KEYS,
  subscribeSession,
} from './session';
import { updateTokens } from './session-writes';

// What the watch reads and writes in storage itself (here, not in session.ts: only a signed-in
// session's chunk needs them, not every page's first load).
const stored = (key: string) => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage unavailable (private mode)
  }
};
/** The stored access token as it is now, which another tab may have refreshed. */
const storedToken = () => stored(SESSION_KEYS.token);
/** The last activity any tab stored (ms since epoch), or null. */
const storedLastActivity = () => Number(stored(SESSION_KEYS.lastActivity)) || null;
const storeLastActivity = (at: number) => {
  try {
    window.localStorage.setItem(SESSION_KEYS.lastActivity, String(at));
  } catch {
    // storage unavailable: this tab's activity stays its own
  }
};

/** A stay-logged-in token is refreshed this long before it lapses. */
export const REFRESH_AHEAD_MS = 5 * 60_000;
/** After a refresh failed for a reason that may pass (offline, server error), try again after this. */
export const REFRESH_RETRY_MS = 30_000;
/**
 * The longest single wait. Timers of a sleeping laptop or a frozen tab fire late; re-checking at
 * least once a minute means the session ends within a minute of waking rather than much later.
 */
const MAX_WAIT_MS = 60_000;
/** Activity is shared with other tabs through storage at most this often. */
const ACTIVITY_WRITE_MS = 10_000;
/**
 * What counts as the person being there. Not 'scroll': the page scrolls itself (scroll restoration,
 * scrollIntoView, a list growing above the fold), and a person's own scrolling comes with a wheel,
 * touch, key or pointer event anyway.
 */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

export type SessionStep =
  { type: 'none' } | { type: 'wait'; until: number } | { type: 'refresh' } | { type: 'logout'; reason: AutoLogoutReason };

/**
 * What the session needs now (spec section 4). A plain session ends at token expiry or after 30
 * minutes without activity, whichever came first. A stay-logged-in session is refreshed shortly
 * before expiry instead and is not ended for idleness: the person asked to stay logged in, which
 * is how we read the spec's "unless 'stay logged in' is stored". Guests have nothing to watch.
 */
export function nextSessionStep(s: Session, lastActive: number, now: number): SessionStep {
  if (!s.token || s.expiration === null) return { type: 'none' };
  if (s.stayLoggedIn) {
    const refreshAt = s.expiration - REFRESH_AHEAD_MS;
    return refreshAt <= now ? { type: 'refresh' } : { type: 'wait', until: refreshAt };
  }
  const idleAt = lastActive + SESSION_IDLE_MS;
  if (idleAt <= now || s.expiration <= now) return { type: 'logout', reason: idleAt < s.expiration ? 'idle' : 'expired' };
  return { type: 'wait', until: Math.min(idleAt, s.expiration) };
}

// This tab's latest activity; shared with other tabs through storage, at most every 10 s.
let lastActivity = 0;
let lastWrite = 0;

export function noteActivity(now = Date.now()) {
  lastActivity = now;
  if (now - lastWrite >= ACTIVITY_WRITE_MS) {
    lastWrite = now;
    storeLastActivity(now);
  }
}

/**
 * Where the pointer was when it last counted as activity, or when this page first saw it. The
 * browser sends a pointermove when the page moves under a resting pointer (content loaded, a
 * layout shift, a new page drawn under the button just clicked, data refetched minutes later),
 * and such an event may carry the resting place rounded to whole pixels where the person's own
 * move carried fractions. So a pointermove counts only once the pointer is POINTER_MOVE_PX away
 * from this place. It belongs to the page, not to a watch: the watch starts afresh with each
 * layout (sign-in lands on another one), and a new watch must still know where the pointer rests.
 */
let pointerAnchor: { id: number; x: number; y: number } | null = null;
/** How far (CSS pixels, along either axis) a pointer moves before it is someone there. */
export const POINTER_MOVE_PX = 3;

function notePointerAt(e: PointerEvent) {
  pointerAnchor = { id: e.pointerId, x: e.screenX, y: e.screenY };
}

/** Whether this pointermove is the person moving the pointer (the first one seen only says where it is). */
export function pointerMoved(e: PointerEvent): boolean {
  const was = pointerAnchor;
  if (was && was.id === e.pointerId && Math.max(Math.abs(e.screenX - was.x), Math.abs(e.screenY - was.y)) < POINTER_MOVE_PX) return false;
  notePointerAt(e);
  return was !== null && was.id === e.pointerId;
}

/** For tests: the page forgets where the pointer was, as a page just loaded does. */
export function forgetPointer() {
  pointerAnchor = null;
}

/** The latest activity in this tab or any other. */
export const lastActive = () => Math.max(lastActivity, storedLastActivity() ?? 0);

const isTransient = (err: unknown) =>
  err instanceof AuthError && (err.code === NETWORK_ERROR || err.status === 0 || err.status === 429 || err.status >= 500);

/**
 * Why a refused refresh ended the session: the refresh cookie outlived its 30 days ('expired'), or
 * the session was ended on the server (signed out everywhere, a new password, a ban: 'ended').
 */
const endedBy = (err: unknown): AutoLogoutReason =>
  err instanceof AuthError && (err.code === 'INVALID_REFRESH_TOKEN' || err.code === 'USER_DISABLED') ? 'ended' : 'expired';

/** One tab at a time rotates the cookie's refresh token: a token used twice revokes its whole family. */
async function withRefreshLock(fn: () => Promise<void>): Promise<void> {
  if ('locks' in navigator && navigator.locks) await navigator.locks.request('swapu-session-refresh', fn);
  else await fn();
}

async function refreshNow() {
  await withRefreshLock(async () => {
    const s = getSession();
    if (storedToken() !== s.token) {
      // Another tab refreshed (or logged out) while we waited: take what it stored.
      restoreSession();
      return;
    }
    if (!s.token) throw new AuthError('INVALID_REFRESH_TOKEN', 400);
    const res = await refreshIdToken(stored(LEGACY_REFRESH_KEY));
    if (getSession().userId !== res.localId) return; // logged out meanwhile
    updateTokens({ token: res.idToken, lifetimeMs: Number(res.expiresIn) * 1000 || LOGIN_TOKEN_MS });
  });
}

/**
 * Watches the session while the app runs: auto-logout at expiry or after 30 minutes idle (with
 * the reason stored in didAutoLogout), silent refresh for stay-logged-in. Returns a stop function.
 */
export function startSessionLifecycle(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let refreshing = false;
  let retryAt = 0;
  let stopped = false;

  const wait = (until: number) => {
    timer = setTimeout(check, Math.max(0, Math.min(until - Date.now(), MAX_WAIT_MS)));
  };

  async function refresh() {
    refreshing = true;
    try {
      await refreshNow();
      retryAt = 0;
    } catch (err) {
      if (isTransient(err)) retryAt = Date.now() + REFRESH_RETRY_MS;
      else clearSession(endedBy(err));
    } finally {
      refreshing = false;
      check();
    }
  }

  function check() {
    clearTimeout(timer);
    // A refresh that outlives stop() must not start the watch again.
    if (refreshing || stopped) return;
    const now = Date.now();
    const step = nextSessionStep(getSession(), lastActive(), now);
    if (step.type === 'logout') clearSession(step.reason);
    else if (step.type === 'wait') wait(step.until);
    else if (step.type === 'refresh') {
      if (retryAt > now) wait(retryAt);
      else void refresh();
    }
  }

  const onActivity = (e: Event) => {
    if (e instanceof PointerEvent && e.type === 'pointermove' && !pointerMoved(e)) return;
    if (e instanceof PointerEvent && e.type === 'pointerdown') notePointerAt(e);
    noteActivity();
  };
  const onVisibility = () => {
    if (document.visibilityState !== 'visible') return;
    // Judge the time away first; only then does coming back count as activity.
    check();
    if (getSession().token) noteActivity();
  };

  // Start from what storage knows (sign-in stores the moment; other tabs add theirs).
  lastActivity = storedLastActivity() ?? 0;
  lastWrite = 0;
  if (lastActivity === 0) noteActivity();
  for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true, capture: true });
  document.addEventListener('visibilitychange', onVisibility);
  const unsubscribe = subscribeSession(check);
  check();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, { capture: true });
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
