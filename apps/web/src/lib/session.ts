import { MEMBER_PAGES_PATH, PAGE_TOKEN_COOKIE } from '@swapu/shared/constants';

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

/**
 * Stores these entries and makes `next` the session (lib/session-writes.ts: the writes only
 * signed-in screens make, kept out of every page's first load).
 */
export function commitSession(entries: [string, string | null][], next: Session) {
  write(entries);
  set(next);
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

/**
 * Where sessions from before the HttpOnly cookie kept their refresh token. Read once to move such
 * a session into the cookie (session-lifecycle.ts), and removed whenever the session is written.
 */
export const LEGACY_REFRESH_KEY = 'refreshToken';
