import type { ErrorCode } from '@swapu/shared/errors';
import { clearSession, getSession } from './session';

/** An API failure carrying the catalogue code; the UI translates it with t(`errors:${code}`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// The catalogue itself is not imported here, to keep it out of the first page load: the server
// only sends catalogue codes, and the UI translates them (falling back to 'An error occurred').
const GENERIC = 'An error occurred';
const isCode = (c: unknown): c is ErrorCode => typeof c === 'string' && /^[a-z0-9_]+$/.test(c);

/** fetch() for our JSON API: adds the token, parses the error body, never throws raw. */
export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  const token = getSession().token;
  if (token) headers.set('authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers });
  } catch {
    throw new ApiError(0, 'generic', GENERIC);
  }
  // 204 No Content (deletes, toggles) resolves with undefined.
  if (res.ok) return (res.status === 204 ? undefined : await res.json()) as T;
  let body: { error?: { code?: string; message?: string; fields?: Record<string, string> } } = {};
  try {
    body = await res.json();
  } catch {
    // not JSON: fall through to the generic error
  }
  const code = isCode(body.error?.code) ? body.error.code : 'generic';
  // A token the server no longer honours although it has not expired (the account was banned or
  // reset, or signed out everywhere): the session is over here too, and the person is told why.
  // A token that is about to lapse or has (a laptop waking up) is left to the session lifecycle,
  // which refreshes a stay-logged-in session.
  const s = getSession();
  if (res.status === 401 && token && s.token === token && (s.expiration ?? 0) > Date.now() + 60_000) clearSession('ended');
  throw new ApiError(res.status, code, body.error?.message ?? GENERIC, body.error?.fields);
}

export const qs = (params: Record<string, string | number | undefined | null>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const out = s.toString();
  return out ? `?${out}` : '';
};
