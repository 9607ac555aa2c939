/**
 * The identity service's REST contract (spec section 7, Firebase-Identity compatible). Failures
 * are 400 { error: { code: 400, message: CODE } }; AuthError carries that CODE.
 */
export interface TokenResponse {
  idToken: string;
  email: string;
  /** Seconds, as a string ("3600"). */
  expiresIn: string;
  localId: string;
  refreshToken: string;
}

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
export const signInWithPassword = (email: string, password: string, totpCode?: string) =>
  post<TokenResponse>('/identity/v1/accounts:signInWithPassword', { email, password, returnSecureToken: true, totpCode });

export const signUpWithPassword = (input: { email: string; password: string; language?: string; displayName?: string }) =>
  post<TokenResponse>('/identity/v1/accounts:signUp', { ...input, returnSecureToken: true, acceptTerms: true });

/** Rotates the refresh token: the old one is spent, the answer holds the next one. */
export const refreshIdToken = (refreshToken: string) => post<TokenResponse>('/identity/v1/token', { refreshToken });

/** Revokes the session's refresh token family; survives the page going away. */
export const revokeRefreshToken = (refreshToken: string) =>
  post<void>('/identity/v1/accounts:signOut', { refreshToken }, { keepalive: true });

/** Outside sign-in providers the server has configured (Google, Facebook). */
export type AuthProvider = 'google' | 'facebook';

/** GET /api/v1/auth/providers; none when the server cannot say. */
export async function fetchAuthProviders(): Promise<AuthProvider[]> {
  try {
    const res = await fetch('/api/v1/auth/providers', { headers: { accept: 'application/json' } });
    if (!res.ok) return [];
    const body = (await res.json()) as { providers?: unknown };
    return Array.isArray(body.providers) ? body.providers.filter((p): p is AuthProvider => p === 'google' || p === 'facebook') : [];
  } catch {
    return [];
  }
}

/** Where "Continue with Google/Facebook" goes: the server redirects on to the provider. */
export const oauthStartUrl = (provider: AuthProvider, returnTo: string) =>
  `/identity/v1/oauth/${provider}/start?returnTo=${encodeURIComponent(returnTo)}`;
