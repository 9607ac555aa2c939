/**
 * The nonce this browser makes up when it starts a Google/Facebook sign-in. The server binds the
 * finished sign-in to it, and /auth/complete must show it to get the tokens, so a completion link
 * made from someone else's sign-in cannot sign this browser into their account. Kept in
 * localStorage (not sessionStorage) so a sign-in started in one tab may finish in another.
 */
const KEY = 'oauthNonce';

export function newOAuthNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const nonce = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  try {
    window.localStorage.setItem(KEY, nonce);
  } catch {
    // storage unavailable: the sign-in cannot be completed, and says so
  }
  return nonce;
}

/** The nonce of the sign-in in progress, removed as it is read (it is good for one completion). */
export function takeOAuthNonce(): string | null {
  try {
    const nonce = window.localStorage.getItem(KEY);
    window.localStorage.removeItem(KEY);
    return nonce;
  } catch {
    return null;
  }
}
