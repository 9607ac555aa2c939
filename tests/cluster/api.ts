// How the checks talk to the cluster: HTTP through the balancer (LB_URL) or straight to one
// instance (appUrl), WebSocket clients of /api/v1/ws, and members made through the API.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { ChatMessage, ServerEvent } from '@swapu/shared/chat';
import { type AppName, appUrl, LB_URL, sleep } from './cluster';

export interface Answer<T = unknown> {
  status: number;
  body: T;
  /** The instance that answered: HAProxy's X-Served-By through the balancer, the instance itself when asked directly. */
  servedBy: string | null;
  headers: Headers;
  ms: number;
}

export interface Member {
  id: string;
  email: string;
  password: string;
  token: string;
}

type Body = Record<string, unknown> | unknown[] | undefined;

/**
 * Requests an instance refused as too busy (503 `busy` with Retry-After: load shedding, decision
 * 0042) and that were sent again after the delay it asked for, as a well-behaved client does; each
 * check reports how many. A request refused more than SHED_TRIES times answers its last 503.
 */
export const shedding = { retried: 0 };
const SHED_TRIES = 5;

/** One request; never throws on an HTTP status (a network error is status 0). */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: Body; form?: FormData; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  for (let tries = 1; ; tries++) {
    const a = await callOnce<T>(base, method, path, opts);
    const busy = a.status === 503 && ['busy', 'BUSY'].includes(codeOf(a));
    if (!busy || tries >= SHED_TRIES) return a;
    shedding.retried++;
    await sleep(1000 * Math.min(10, Number(a.headers.get('retry-after') ?? 1) || 1));
  }
}

async function callOnce<T>(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: Body; form?: FormData; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | FormData | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const started = performance.now();
  try {
    const res = await fetch(base + path, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      redirect: 'manual',
    });
    const buf = Buffer.from(await res.arrayBuffer());
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') && buf.length ? JSON.parse(buf.toString('utf8')) : buf;
    const direct = (['app1', 'app2'] as AppName[]).find((a) => base === appUrl(a)) ?? null;
    return {
      status: res.status,
      body: parsed as T,
      servedBy: res.headers.get('x-served-by') ?? direct,
      headers: res.headers,
      ms: performance.now() - started,
    };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return {
      status: 0,
      body: `${(err as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}` as T,
      servedBy: null,
      headers: new Headers(),
      ms: performance.now() - started,
    };
  }
}

/** The error code of an answer in the API's shape ({ error: { code } }) or the identity contract's ({ error: { message } }). */
export function codeOf(a: Answer): string {
  const e = (a.body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (!e) return '';
  return String(typeof e.code === 'string' ? e.code : (e.message ?? ''));
}

/** Throws unless the answer has the expected status (the setup's requests, not the checks' figures). */
export function expectStatus<T>(a: Answer<T>, status: number, what: string): T {
  if (a.status !== status)
    throw new Error(`${what}: ${a.status} ${typeof a.body === 'object' ? JSON.stringify(a.body) : String(a.body).slice(0, 300)}`);
  return a.body;
}

let counter = 0;
/** A new member signed up through the balancer (terms accepted), with a display name. */
export async function signUp(label = 'member', base = LB_URL): Promise<Member> {
  const email = `cl-${label}-${process.pid}-${++counter}-${randomUUID().slice(0, 6)}@example.com`;
  const password = 'cluster-pass-1';
  const a = await call<{ localId: string; idToken: string }>(base, 'POST', '/identity/v1/accounts:signUp', {
    body: { email, password, acceptTerms: true, returnSecureToken: true },
  });
  const body = expectStatus(a, 200, `sign-up of ${email}`);
  const m = { id: body.localId, email, password, token: body.idToken };
  // A name is letters only: the member's number in letters (1 → b, 27 → bb).
  const letters = (n: number): string => (n < 26 ? String.fromCharCode(97 + n) : letters(Math.floor(n / 26) - 1) + letters(n % 26));
  const displayName = `${label.replace(/[^a-z]/gi, ' ')} ${letters(counter)}`;
  expectStatus(await call(base, 'PATCH', '/api/v1/me', { token: m.token, body: { displayName } }), 200, 'display name');
  return m;
}

/** Several members at once (a few in parallel: each sign-up hashes a password). */
export async function signUpMany(n: number, label: string): Promise<Member[]> {
  const out: Member[] = [];
  for (let i = 0; i < n; i += 8) out.push(...(await Promise.all(Array.from({ length: Math.min(8, n - i) }, () => signUp(label)))));
  return out;
}

/** Every field a listing needs to be published, but its title. */
export const LISTING = {
  description: 'Looked after, works perfectly. Pick up in Fitzroy or courier.',
  categories: ['bicycles'],
  keywords: ['bike'],
  cashValueCents: 30_000,
  weightKg: 9,
  lengthCm: 170,
  widthCm: 40,
  heightCm: 100,
  location: { suburb: 'Fitzroy', postcode: '3065' },
  condition: 'used-good',
  deliveryOption: 'sendle',
  openToSelling: false,
};

/** A published listing of this member's (no photo unless given one), its id. */
export async function listItem(m: Member, title: string, patch: Record<string, unknown> = {}, base = LB_URL): Promise<string> {
  const created = expectStatus(
    await call<{ id: string }>(base, 'POST', '/api/v1/posts', { token: m.token, body: { ...LISTING, title, ...patch } }),
    201,
    'new listing',
  );
  expectStatus(await call(base, 'POST', `/api/v1/posts/${created.id}/publish`, { token: m.token }), 200, 'publish');
  return created.id;
}

/** An event a socket heard, and when (this process's clock). */
export interface Heard {
  ev: ServerEvent;
  at: number;
}
export const isMessage = (h: Heard): h is Heard & { ev: { type: 'message'; message: ChatMessage } } => h.ev.type === 'message';
export const isSent = (h: Heard): h is Heard & { ev: { type: 'sent'; message: ChatMessage } } => h.ev.type === 'sent';

/** A WebSocket client of /api/v1/ws: every event it heard, in order, and how it closed. */
export class Socket {
  readonly events: Heard[] = [];
  servedBy: string | null = null;
  closed: { code: number; at: number } | null = null;
  private ws!: WebSocket;
  private waiters: Array<() => void> = [];

  static async open(base: string, token: string, limitMs = 10_000): Promise<Socket> {
    const s = new Socket();
    await s.connect(base, token, limitMs);
    return s;
  }

  private connect(base: string, token: string, limitMs: number) {
    return new Promise<void>((resolve, reject) => {
      const [origin, query] = base.split('?');
      const ws = new WebSocket(`${origin!.replace(/^http/, 'ws')}/api/v1/ws${query ? `?${query}` : ''}`);
      this.ws = ws;
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error(`WebSocket to ${base} not ready within ${limitMs} ms`));
      }, limitMs);
      ws.on('upgrade', (res) => {
        const by = res.headers['x-served-by'];
        this.servedBy = (Array.isArray(by) ? by[0] : by) ?? (['app1', 'app2'] as AppName[]).find((a) => base === appUrl(a)) ?? null;
      });
      ws.on('message', (raw) => {
        const ev = JSON.parse(String(raw)) as ServerEvent;
        this.events.push({ ev, at: Date.now() });
        if (ev.type === 'ready') {
          clearTimeout(timer);
          resolve();
        }
        for (const w of this.waiters.splice(0)) w();
      });
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
      ws.on('close', (code) => {
        this.closed = { code, at: Date.now() };
        clearTimeout(timer);
        reject(new Error(`WebSocket closed (${code}) before it was ready`));
        for (const w of this.waiters.splice(0)) w();
      });
      ws.on('error', () => {
        // 'close' follows
      });
    });
  }

  send(event: Record<string, unknown>) {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(event));
  }

  /** Waits for an event matching `match` (from index `from`), at most `limitMs`; null if none came. */
  async next(match: (ev: ServerEvent) => boolean, limitMs: number, from = 0): Promise<ServerEvent | null> {
    const end = Date.now() + limitMs;
    for (let i = 0; i < 100_000; i++) {
      const found = this.events.slice(from).find((h) => match(h.ev));
      if (found) return found.ev;
      const left = end - Date.now();
      if (left <= 0 || this.closed) return null;
      await Promise.race([new Promise<void>((r) => this.waiters.push(r)), sleep(left)]);
    }
    return null;
  }

  async subscribe(roomId: string, after?: number) {
    const from = this.events.length;
    this.send({ type: 'subscribe', roomId, ...(after !== undefined ? { after } : {}) });
    const ok = await this.next(
      (e) => (e.type === 'subscribed' || e.type === 'error') && 'roomId' in e && e.roomId === roomId,
      10_000,
      from,
    );
    if (ok?.type !== 'subscribed') throw new Error(`subscribe to ${roomId}: ${JSON.stringify(ok)}`);
  }

  close() {
    this.ws.close();
  }
}

/** A WebSocket through the balancer, pinned to `want` (the test balancer's ?instance=: see cluster.ts). */
export async function socketOn(want: AppName, token: string): Promise<Socket> {
  const s = await Socket.open(`${LB_URL}?instance=${want}`, token);
  if (s.servedBy !== want) throw new Error(`a WebSocket pinned to ${want} reached ${s.servedBy}`);
  return s;
}
