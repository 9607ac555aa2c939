import type { IdentityTokens } from '@swapu/shared/account';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from './api';
/**
 * The identity service's REST contract (spec section 7, Firebase-Identity compatible). Failures
 * are 400 { error: { code: 400, message: CODE } }; AuthError carries that CODE.
 */
export type TokenResponse = Omit<IdentityTokens, 'refreshToken'>;

/** The request never reached the server, or no answer came back. */
export const NETWORK_ERROR = 'NETWORK_REQUEST_FAILED';

export class AuthError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(code);
    this.name = 'AuthError';
  }
}

async function post<T>(path: string, body: unknown, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      ...init,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new AuthError(NETWORK_ERROR, 0);
  }
  if (res.ok) return (res.status === 204 ? undefined : await res.json()) as T;
  let code = 'UNKNOWN';
  try {
    const data = (await res.json()) as { error?: { message?: unknown } };
    if (typeof data.error?.message === 'string') code = data.error.message;
  } catch {
    // not JSON (a proxy error page): keep UNKNOWN
  }
  throw new AuthError(code, res.status);
}

/** With two-factor authentication on, the first attempt fails with MFA_REQUIRED; retry with totpCode. */
// The web app always asks for its refresh token in the server's HttpOnly cookie (sessionCookie):
// no script on the page can read it; only the token endpoint receives it.

export const signInWithPassword = (email: string, password: string, totpCode?: string) =>
  post<TokenResponse>('/identity/v1/accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
    totpCode,
    sessionCookie: true,
  });

export const signUpWithPassword = (input: { email: string; password: string; language?: string; displayName?: string }) =>
  post<TokenResponse>('/identity/v1/accounts:signUp', { ...input, returnSecureToken: true, acceptTerms: true, sessionCookie: true });

/**
 * A new access token from the session cookie (the server rotates the cookie). A session stored
 * before the cookie existed passes its old refresh token once, to move it into the cookie.
 */
export const refreshIdToken = (legacyRefreshToken?: string | null) =>
  post<TokenResponse>('/identity/v1/token', legacyRefreshToken ? { refreshToken: legacyRefreshToken, sessionCookie: true } : {});

/** Revokes the session of the cookie and clears it; survives the page going away. */
export const revokeSession = () => post<void>('/identity/v1/token/revoke', {}, { keepalive: true });

/** Outside sign-in providers the server has configured (Google, Facebook). */
export type AuthProvider = 'google' | 'facebook';

/** The providers to offer; none when the server cannot say. */
export const fetchAuthProviders = (): Promise<AuthProvider[]> =>
  call(endpoints.authProviders).then(
    (r) => (Array.isArray(r.providers) ? r.providers.filter((p) => p === 'google' || p === 'facebook') : []),
    () => [],
  );

/**
 * Where "Continue with Google/Facebook" goes: the server redirects on to the provider. `nonce` is
 * this browser's own (see oauth-nonce.ts): the finished sign-in is handed only to its holder.
 */
export const oauthStartUrl = (provider: AuthProvider, returnTo: string, nonce: string) =>
  `/identity/v1/oauth/${provider}/start?returnTo=${encodeURIComponent(returnTo)}&nonce=${encodeURIComponent(nonce)}`;

/** /auth/complete: the one-time code of the finished sign-in and this browser's nonce → tokens. */
export const completeOAuth = (code: string, nonce: string) =>
  post<TokenResponse & { returnTo: string }>('/identity/v1/oauth/complete', { code, nonce });
