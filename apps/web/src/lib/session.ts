/**
 * The locally stored session of the spec (section 3, client-side state): token, userId (may be
 * "guest"), expiration, didAutoLogout, skipTour, stayLoggedin. The accounts issue writes it.
 */
const KEYS = {
  token: 'token',
  userId: 'userId',
  expiration: 'expiration',
  didAutoLogout: 'didAutoLogout',
  skipTour: 'skipTour',
  stayLoggedin: 'stayLoggedin',
} as const;

export interface Session {
  token: string | null;
  userId: string;
  expiration: number | null;
}

const read = (k: string) => {
  try {
    return window.localStorage.getItem(k);
  } catch {
    return null;
  }
};

/** The stored session; an absent or expired token means a guest (spec section 4). */
export function getSession(): Session {
  const token = read(KEYS.token);
  const userId = read(KEYS.userId);
  const expiration = Number(read(KEYS.expiration)) || null;
  const expired = expiration !== null && expiration <= Date.now();
  if (!userId || expired) return { token: null, userId: 'guest', expiration: null };
  return { token: userId === 'guest' ? null : token, userId, expiration };
}

export const isGuest = () => getSession().userId === 'guest';
export const SESSION_KEYS = KEYS;
