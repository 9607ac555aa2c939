// The crash test's HTTP client: a request to the current server; a kill under it acknowledges nothing.

// ---------------------------------------------------------------------------------------------
// HTTP

export interface Answer<T = unknown> {
  status: number;
  body: T;
}
let BASE = '';
/** The server the workload talks to now. */
export function setBase(base: string) {
  BASE = base;
}
export async function call<T = unknown>(
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  }
  try {
    const res = await fetch(BASE + url, { method, headers, body, signal: AbortSignal.timeout(10_000) });
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, body: (type.includes('json') && text ? JSON.parse(text) : text) as T } satisfies Answer<T>;
  } catch {
    // The server died under the request: nothing was acknowledged.
    return { status: 0, body: null as T } satisfies Answer<T>;
  }
}
export function must<T>(a: Answer<T>, status: number, what: string): T {
  if (a.status !== status) throw new Error(`${what}: ${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);
  return a.body;
}
