import { LOGIN_TOKEN_MS, MEMBER_PAGES_PATH, PAGE_TOKEN_COOKIE } from '@swapu/shared/constants';

/**
 * The locally stored session of the spec (sections 3 and 4): token, userId (may be "guest"),
 * expiration, didAutoLogout, skipTour, stayLoggedin, plus the time of the last activity (shared
 * by every tab, so one busy tab keeps the others from going idle). The refresh token is not here:
 * the server keeps it in an HttpOnly cookie that scripts cannot read (docs/decisions/0012).
 *
 * localStorage is the persistence; a small in-memory store is what the app reads, so that a
 * stay-logged-in token being refreshed after it lapsed (a laptop waking up) does not flash the
 * person out. Expiry while the app runs is enforced by session-lifecycle.ts. On restore a plain
 * session whose token expired is ignored; a stay-logged-in one is restored as that person, its
 * lapsed token never sent (`freshToken`) until the lifecycle has renewed it from the refresh
 * cookie (decision 0006).
 */
const KEYS = {
  token: 'token',
  userId: 'userId',
  expiration: 'expiration',
  didAutoLogout: 'didAutoLogout',
  skipTour: 'skipTour',
  stayLoggedin: 'stayLoggedin',
  lastActivity: 'lastActivity',
} as const;
export const SESSION_KEYS = KEYS;

/**
 * Why the app logged the person out by itself; stored as the value of didAutoLogout. 'ended': the
 * server ended the session (a ban, a password reset, a sign-out everywhere).
 */
export type AutoLogoutReason = 'expired' | 'idle' | 'ended';

export interface Session {
  /** The access token; null for a guest. */
  token: string | null;
  /** The account id, or 'guest' (also when nothing is stored). */
  userId: string;
  /** When the stored session lapses (ms since epoch); null when nothing is stored. */
  expiration: number | null;
  stayLoggedIn: boolean;
  /** Set by an automatic logout until the person dismisses it or signs in again. */
  autoLogout: AutoLogoutReason | null;
}

export const GUEST_ID = 'guest';

const read = (k: string) => {
  try {
    return window.localStorage.getItem(k);
  } catch {
    return null;
  }
};
const write = (entries: [string, string | null][]) => {
  try {
    for (const [k, v] of entries) {
      if (v === null) window.localStorage.removeItem(k);
      else window.localStorage.setItem(k, v);
    }
  } catch {
    // storage unavailable (private mode): the session lives in memory only
  }
};

const reasonOf = (v: string | null): AutoLogoutReason | null => (v === 'idle' || v === 'ended' ? v : v ? 'expired' : null);

/**
 * Reads the stored session: absent or incomplete means a guest, and so does an expired one (spec
 * section 4) unless 'stay logged in' is stored: that person is still signed in, and their lapsed
 * token is renewed from the refresh cookie before anything uses it (`isRenewing`).
 */
function load(now = Date.now()): Session {
  const autoLogout = reasonOf(read(KEYS.didAutoLogout));
  const guest: Session = { token: null, userId: GUEST_ID, expiration: null, stayLoggedIn: false, autoLogout };
  const userId = read(KEYS.userId);
  const expiration = Number(read(KEYS.expiration)) || null;
  if (!userId || expiration === null) return guest;
  if (userId === GUEST_ID) return expiration > now ? { ...guest, expiration } : guest;
  const token = read(KEYS.token);
  const stayLoggedIn = read(KEYS.stayLoggedin) === 'true';
  if (!token || (expiration <= now && !stayLoggedIn)) return guest;
  return { token, userId, expiration, stayLoggedIn, autoLogout };
}

/**
 * A stay-logged-in session whose token has lapsed: restored after the browser was closed for
 * more than an hour, or a laptop waking up. The session lifecycle renews it from the refresh
 * cookie at once; until then the lapsed token is not sent (the spec ignores an expired token).
 */
export const isRenewing = (s: Session, now = Date.now()) =>
  s.token !== null && s.stayLoggedIn && s.expiration !== null && s.expiration <= now;

/** How long a request waits for a lapsed stay-logged-in token to be renewed before it goes without one. */
export const RENEW_WAIT_MS = 15_000;

/**
 * The token a request should carry: the session's, or, while a lapsed stay-logged-in token is
 * being renewed, the renewed one once it is there (null if the session ended meanwhile, or the
 * renewal took longer than RENEW_WAIT_MS: offline, say).
 */
export function freshToken(maxWaitMs = RENEW_WAIT_MS): Promise<string | null> {
  const s = getSession();
  if (!isRenewing(s)) return Promise.resolve(s.token);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      const now = getSession();
      resolve(isRenewing(now) ? null : now.token);
    };
    const timer = setTimeout(done, maxWaitMs);
    const unsubscribe = subscribeSession(() => {
      if (!isRenewing(getSession())) done();
    });
  });
}

/**
 * The page cookie (decision 0020): the access token, for the server to render a member's profile
 * as that member. Scoped to MEMBER_PAGES_PATH, so no API request carries it; it lapses with the
 * stored session; Secure on https. It holds nothing a script here cannot already read.
 */
function writePageCookie(s: Session, now = Date.now()) {
  try {
    const secure = window.location.protocol === 'https:' ? '; secure' : '';
    const seconds = s.token && s.expiration ? Math.floor((s.expiration - now) / 1000) : 0;
    const value = seconds > 0 ? encodeURIComponent(s.token!) : '';
    document.cookie = `${PAGE_TOKEN_COOKIE}=${value}; path=${MEMBER_PAGES_PATH}; max-age=${Math.max(seconds, 0)}; samesite=lax${secure}`;
  } catch {
    // no document (the server's renderer): nothing to write
  }
}

/**
 * The session of the render running now on the server (entry-server.tsx sets it, per request),
 * or undefined for a guest's render. Never set in a browser.
 */
let serverSession: (() => Session | undefined) | null = null;
export const configureServerSession = (fn: () => Session | undefined) => {
  serverSession = fn;
};

let state: Session | null = null;
const listeners = new Set<() => void>();

function set(next: Session) {
  // The server's renderer never changes a session: a render runs as its request's member, or a guest.
  if (serverSession) return;
  const prev = state;
  state = next;
  if (prev?.token !== next.token || prev?.expiration !== next.expiration) writePageCookie(next);
  if (
    prev &&
    prev.token === next.token &&
    prev.userId === next.userId &&
    prev.expiration === next.expiration &&
    prev.stayLoggedIn === next.stayLoggedIn &&
    prev.autoLogout === next.autoLogout
  ) {
    state = prev; // same snapshot: no re-render
    return;
  }
  for (const l of [...listeners]) l();
}

/** The current session (restored from storage on first use). */
export function getSession(): Session {
  const rendering = serverSession?.();
  if (rendering) return rendering;
  if (state === null) {
    state = load();
    // A session stored before the page cookie existed, or a cookie lost while the session lived on.
    if (typeof document !== 'undefined') writePageCookie(state);
  }
  return state;
}

export const isGuest = () => getSession().userId === GUEST_ID;

/** Re-reads the stored session, e.g. after another tab changed it. */
export function restoreSession() {
  set(load());
}

// Another tab wrote: re-read once its burst of writes has landed.
let storageTimer: ReturnType<typeof setTimeout> | undefined;
const onStorage = (e: StorageEvent) => {
  if (e.key !== null && !(Object.values(KEYS) as string[]).includes(e.key)) return;
  if (e.key === KEYS.lastActivity) return;
  clearTimeout(storageTimer);
  storageTimer = setTimeout(restoreSession, 20);
};

/** useSyncExternalStore's subscribe; the first subscriber starts listening to other tabs. */
export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export interface TokenGrant {
  token: string;
  /** Lifetime of the stored session: LOGIN_TOKEN_MS for a login, the server's expiresIn for sign-up. */
  lifetimeMs: number;
}

/** Stores a signed-in session (login or sign-up) and clears an earlier auto-logout notice. */
export function saveSession(userId: string, grant: TokenGrant, stayLoggedIn = false, now = Date.now()) {
  const expiration = now + grant.lifetimeMs;
  // The expiration first and the user id last: another tab reading mid-way never sees a new
  // user with an old, lapsed expiration.
  write([
    [KEYS.expiration, String(expiration)],
    [KEYS.token, grant.token],
    [LEGACY_REFRESH_KEY, null],
    [KEYS.stayLoggedin, String(stayLoggedIn)],
    [KEYS.didAutoLogout, null],
    [KEYS.lastActivity, String(now)],
    [KEYS.userId, userId],
  ]);
  set({ token: grant.token, userId, expiration, stayLoggedIn, autoLogout: null });
}

/** A silent refresh: new token and expiration, same person. */
export function updateTokens(grant: TokenGrant, now = Date.now()) {
  const current = getSession();
  if (!current.token) return;
  const expiration = now + grant.lifetimeMs;
  write([
    [KEYS.expiration, String(expiration)],
    [KEYS.token, grant.token],
    [LEGACY_REFRESH_KEY, null],
  ]);
  set({ ...current, token: grant.token, expiration });
}

/** Guest login: the stored user id becomes 'guest' for an hour, without a token. */
export function saveGuestSession(now = Date.now()) {
  const expiration = now + LOGIN_TOKEN_MS;
  write([
    [KEYS.token, null],
    [LEGACY_REFRESH_KEY, null],
    [KEYS.stayLoggedin, null],
    [KEYS.didAutoLogout, null],
    [KEYS.expiration, String(expiration)],
    [KEYS.userId, GUEST_ID],
  ]);
  set({ token: null, userId: GUEST_ID, expiration, stayLoggedIn: false, autoLogout: null });
}

/**
 * Ends the session. An automatic logout passes its reason: it is stored as didAutoLogout so the
 * next screen (in this tab or another) can say why. skipTour survives: it is about the device.
 */
export function clearSession(reason: AutoLogoutReason | null = null) {
  write([
    [KEYS.userId, null],
    [KEYS.token, null],
    [LEGACY_REFRESH_KEY, null],
    [KEYS.expiration, null],
    [KEYS.stayLoggedin, null],
    [KEYS.lastActivity, null],
    [KEYS.didAutoLogout, reason],
  ]);
  set({ token: null, userId: GUEST_ID, expiration: null, stayLoggedIn: false, autoLogout: reason });
}

/** The person has read why they were logged out. */
export function dismissAutoLogout() {
  write([[KEYS.didAutoLogout, null]]);
  set({ ...getSession(), autoLogout: null });
}

/** The stored access token as it is now, which another tab may have refreshed. */
export const storedToken = () => read(KEYS.token);

/**
 * Where sessions from before the HttpOnly cookie kept their refresh token. Read once to move such
 * a session into the cookie (session-lifecycle.ts), and removed whenever the session is written.
 */
const LEGACY_REFRESH_KEY = 'refreshToken';
export const legacyRefreshToken = () => read(LEGACY_REFRESH_KEY);

/** The last activity any tab stored (ms since epoch), or null. */
export const storedLastActivity = () => Number(read(KEYS.lastActivity)) || null;
export const storeLastActivity = (at: number) => write([[KEYS.lastActivity, String(at)]]);
