import type { ErrorCode } from '@swapu/shared/errors';
import {
  queryString,
  urlOf,
  type AnyEndpoint,
  type BodyOf,
  type PathParams,
  type PatternOf,
  type QueryOf,
  type ResponseOf,
} from '@swapu/shared/endpoints';
import { clearSession, freshToken, getSession } from './session';

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

/** The catalogue code of a failure, to show as t(`errors:${code}`): an API error's own code, else generic. */
export const errorCodeOf = (err: unknown): ErrorCode => (err instanceof ApiError ? err.code : 'generic');

// The catalogue itself is not imported here, to keep it out of the first page load: the server
// only sends catalogue codes, and the UI translates them (falling back to 'An error occurred').
export const GENERIC = 'An error occurred';
export const isCode = (c: unknown): c is ErrorCode => typeof c === 'string' && /^[a-z0-9_]+$/.test(c);

/** How requests reach the API: the browser's fetch, or the server's own in-process one when it renders a page. */
let transport: (path: string, init: RequestInit) => Promise<Response> = (path, init) => fetch(path, init);
/** For the server-side renderer only: answers the page's queries without leaving the process. */
export const configureTransport = (fn: typeof transport) => {
  transport = fn;
};

/** The notice's 'busy, trying again', translated: app/providers.tsx sets it (the translator is not imported here). */
export const busyText = { get: () => '' };

/**
 * One request. A GET answered 503 (a busy server sheds load; an instance shutting down) is tried
 * again by lib/busy-retry.ts, loaded then (it is not part of the first page load). Writes are
 * never repeated: their 503 reaches the form, which says so and lets the person try again.
 */
async function send(path: string, init: RequestInit): Promise<Response> {
  const res = await transport(path, init);
  return res.status !== 503 || init.method !== 'GET'
    ? res
    : (await import('./busy-retry')).retryRead(() => transport(path, init), res, busyText.get, init.signal);
}

/** fetch() for our JSON API: adds the token, parses the error body, never throws raw. */
async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  // A stay-logged-in token that lapsed is renewed first (lib/session.ts): never sent expired.
  const token = await freshToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await send(path, { ...init, headers });
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

/** A query string for a web URL (empty values left out), the same rule the API calls use. */
export const qs = queryString;

// What call() needs besides the endpoint: its :params, its body, its query, when it has them.
type ParamsPart<E> = [keyof PathParams<PatternOf<E>>] extends [never] ? { params?: undefined } : { params: PathParams<PatternOf<E>> };
type BodyPart<E> = [BodyOf<E>] extends [undefined] ? { body?: undefined } : { body: BodyOf<E> };
type QueryPart<E> = [QueryOf<E>] extends [undefined] ? { query?: undefined } : { query?: QueryOf<E> };
export type CallOptions<E> = ParamsPart<E> & BodyPart<E> & QueryPart<E> & { signal?: AbortSignal; keepalive?: boolean };
/** The options argument may be left out when nothing in it is required. */
type CallArgs<E> = object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** The path call() would request: for requests that cannot go through fetch (uploads with progress). */
export const pathOf = <E extends AnyEndpoint>(endpoint: E, ...[options]: CallArgs<E>): string =>
  urlOf(endpoint.pattern, options?.params as Record<string, string> | undefined, options?.query as Record<string, string> | undefined);

/**
 * One call to an endpoint of the shared table (@swapu/shared/endpoints): the URL built from its
 * pattern, the body sent as JSON, the answer typed as the table says.
 */
export function call<E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>> {
  const [options] = args;
  const init: RequestInit = { method: endpoint.method };
  if (options?.signal) init.signal = options.signal;
  if (options?.keepalive) init.keepalive = true;
  if (options?.body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(options.body);
  }
  return request<ResponseOf<E>>(pathOf(endpoint, ...args), init);
}
