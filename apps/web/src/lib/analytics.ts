import type { AnalyticsEvent, AnalyticsEventName, EventBatch, EventProps } from '@swapu/shared/analytics';
import { EVENTS_FLUSH_MS, EVENTS_PER_BATCH, SESSION_IDLE_MS, STRICTLY_NECESSARY_EVENTS } from '@swapu/shared/analytics-events';
import { endpoints } from '@swapu/shared/endpoints';
import { ApiError, call, pathOf } from './api';

/**
 * Our own product analytics (issue 20): events are queued and sent in batches to POST
 * /api/v1/events, every EVENTS_FLUSH_MS or at EVENTS_PER_BATCH, and by navigator.sendBeacon when
 * the page is hidden. A session is a random id kept in sessionStorage, renewed after
 * SESSION_IDLE_MS without activity. Nothing here ever throws into the app: a batch that cannot
 * be sent is tried once more, then dropped.
 */

/** What became of a batch sent with fetch: delivered, worth one more try, or refused for good. */
export type SendResult = 'sent' | 'retry' | 'dropped';

export interface AnalyticsTransport {
  send(batch: EventBatch): Promise<SendResult>;
  /** Hands the batch to the browser to send after the page has gone; false when it would not take it. */
  beacon(batch: EventBatch): boolean;
}

/** Checks an event against the contract before it is queued; false drops it (lib/analytics-check.ts). */
export type EventCheck = (event: AnalyticsEvent) => boolean;

export interface AnalyticsOptions {
  /** null: nothing is queued or sent (tests that do not look at events). */
  transport?: AnalyticsTransport | null;
  now?: () => number;
  check?: EventCheck | null;
}

export type SessionEndReason = EventProps<'session_end'>['reason'];
export type ErrorSource = EventProps<'app_error'>['source'];

const isRetryable = (err: unknown) => !(err instanceof ApiError) || err.status === 0 || err.status === 429 || err.status >= 500;

/** Through the app's API client, so a signed-in member's token goes along (the server hashes their id). */
const apiTransport: AnalyticsTransport = {
  send: (batch) =>
    call(endpoints.events, { body: batch, keepalive: true }).then(
      (): SendResult => 'sent',
      (err: unknown): SendResult => (isRetryable(err) ? 'retry' : 'dropped'),
    ),
  beacon(batch) {
    if (typeof navigator.sendBeacon !== 'function') return false;
    // text/plain is a "simple" request: no preflight, which a page being unloaded may not get to.
    const body = new Blob([JSON.stringify(batch)], { type: 'text/plain;charset=UTF-8' });
    return navigator.sendBeacon(pathOf(endpoints.events, { body: batch }), body);
  },
};

const STORAGE_KEY = 'swapu.analytics';
/** Set once this tab has reported where it came from: later sessions in it were not referred. */
const REFERRED_KEY = 'swapu.analytics.referred';
/** Activity is written to sessionStorage at most this often (it only matters after 30 minutes). */
const ACTIVITY_WRITE_MS = 10_000;
/** A page that fails in a loop is reported this many times, not thousands. */
const MAX_ERRORS_PER_PAGE_LOAD = 25;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

interface Session {
  id: string;
  startedAt: number;
  lastActive: number;
}
interface Queued {
  sessionId: string;
  event: AnalyticsEvent;
}

const options: Required<AnalyticsOptions> = { transport: apiTransport, now: () => Date.now(), check: null };
let queue: Queued[] = [];
/** Batches that failed once: sent with the next flush, then given up. */
let retries: EventBatch[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let session: Session | null | undefined;
let lastWrite = 0;
let errorsReported = 0;
let lastError = '';
/** While a session's last events are tracked: they belong to it, however long it has been idle. */
let closing = false;
const leaveHooks = new Set<() => void>();

const storage = () => {
  try {
    return window.sessionStorage;
  } catch {
    return null; // blocked storage: the session lives in memory
  }
};

function readSession(): Session | null {
  try {
    const s = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null') as Session | null;
    return s && typeof s.id === 'string' && Number.isFinite(s.startedAt) && Number.isFinite(s.lastActive) ? s : null;
  } catch {
    return null;
  }
}

function writeSession(s: Session | null) {
  try {
    if (s) storage()?.setItem(STORAGE_KEY, JSON.stringify(s));
    else storage()?.removeItem(STORAGE_KEY);
  } catch {
    // storage full or blocked
  }
}

/** Do-Not-Track or Global Privacy Control: only strictly necessary events (errors) are kept. */
const optedOut = () =>
  navigator.doNotTrack === '1' || (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

/** The viewport classes of the contract (Mantine's sm and lg breakpoints): under 768 px a phone, under 1200 px a tablet. */
export function viewport(width = window.innerWidth): EventProps<'session_start'>['viewport'] {
  return width < 768 ? 'phone' : width < 1200 ? 'tablet' : 'desktop';
}

export const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** An app path as the contract takes it: no query or fragment, no spaces, at most 300 characters. */
export const appPath = (path: string) => clip(path.replace(/[?#].*$/, '').replace(/\s/g, '') || '/', 300);

/** The referring site's host for the tab's first session only; never our own host, never a path. */
function referrerHost(): string | null {
  const store = storage();
  if (store?.getItem(REFERRED_KEY)) return null;
  try {
    store?.setItem(REFERRED_KEY, '1');
  } catch {
    // storage full or blocked
  }
  try {
    const host = document.referrer ? new URL(document.referrer).host : '';
    return host && host !== window.location.host ? clip(host, 200) : null;
  } catch {
    return null;
  }
}

/** crypto.randomUUID exists in secure contexts only (a phone trying the dev server over the LAN has none). */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const durationSeconds = (from: number, to: number) => Math.min(1_000_000, Math.max(0, Math.round((to - from) / 1000)));

function enqueue<N extends AnalyticsEventName>(sessionId: string, name: N, props: EventProps<N>, path: string, at: number) {
  const event: AnalyticsEvent = { name, at: new Date(at).toISOString(), path: appPath(path), props };
  if (options.check && !options.check(event)) return;
  if (!options.transport) return;
  if (optedOut() && !STRICTLY_NECESSARY_EVENTS.includes(name)) return;
  queue.push({ sessionId, event });
  if (queue.length >= EVENTS_PER_BATCH) flushAnalytics();
  else timer ??= setTimeout(flushAnalytics, EVENTS_FLUSH_MS);
}

/** Ends the session that went idle: its duration runs to its last activity. */
function endIdle(s: Session, now: number) {
  enqueue(
    s.id,
    'session_end',
    { session_duration_seconds: durationSeconds(s.startedAt, s.lastActive), reason: 'idle' },
    window.location.pathname,
    now,
  );
  session = null;
  writeSession(null);
}

/**
 * The current session: renewed after SESSION_IDLE_MS without activity, started (session_start)
 * when there is none, on the page and at the moment of the event that opens it (a page's view
 * is reported a moment after it was entered).
 */
function currentSession(now: number, at: number, path: string): Session {
  if (session === undefined) session = readSession();
  if (session && !closing && now - session.lastActive > SESSION_IDLE_MS) endIdle(session, now);
  if (!session) {
    const startedAt = Math.min(at, now);
    session = { id: uuid(), startedAt, lastActive: now };
    writeSession(session);
    const language = document.documentElement.lang.startsWith('pt') ? 'pt-PT' : 'en-US';
    enqueue(session.id, 'session_start', { referrer: referrerHost(), language, viewport: viewport() }, path, startedAt);
  }
  return session;
}

/** Something the person did: keeps the session alive (a scroll, a tap, a key). */
export function noteActivity() {
  if (typeof window === 'undefined') return;
  const now = options.now();
  if (session === undefined) session = readSession();
  if (!session) return;
  if (now - session.lastActive > SESSION_IDLE_MS) return endIdle(session, now);
  session.lastActive = now;
  if (now - lastWrite >= ACTIVITY_WRITE_MS) {
    lastWrite = now;
    writeSession(session);
  }
}

/**
 * Queues one event of the contract (EVENT_PROPS). `path` names the page it belongs to when that
 * is not the current one (a page being left), `at` when it happened earlier than now.
 */
export function track<N extends AnalyticsEventName>(name: N, props: EventProps<N>, where: { path?: string; at?: number } = {}) {
  if (typeof window === 'undefined') return; // the server's renderer
  const now = options.now();
  const at = where.at ?? now;
  const path = where.path ?? window.location.pathname;
  const s = currentSession(now, at, path);
  s.lastActive = now;
  lastWrite = now;
  writeSession(s);
  enqueue(s.id, name, props, path, at);
}

/**
 * Ends the session (logout, automatic logout, the page going away); the next event starts
 * another. `lastEvents` are tracked into the session being ended, even one that has gone idle: a
 * session idle for SESSION_IDLE_MS ends as 'idle' whatever ended it, lasting to its last activity.
 */
export function endSession(reason: SessionEndReason, lastEvents?: () => void) {
  if (typeof window === 'undefined') return;
  if (session === undefined) session = readSession();
  const now = options.now();
  const before = session ? { ...session } : null;
  closing = true;
  try {
    lastEvents?.();
  } finally {
    closing = false;
  }
  const s = session as Session | null;
  if (!s) return;
  const idle = before?.id === s.id && now - before.lastActive > SESSION_IDLE_MS;
  const end = idle ? before.lastActive : now;
  enqueue(
    s.id,
    'session_end',
    { session_duration_seconds: durationSeconds(s.startedAt, end), reason: idle ? 'idle' : reason },
    window.location.pathname,
    now,
  );
  session = null;
  writeSession(null);
  flushAnalytics(reason === 'page_hidden' ? 'beacon' : 'fetch');
}

/** A post card followed from a list (search results, the home feed), with its place in it (from 0). */
export const trackPostOpen = (post: { id: string }, position: number) =>
  track('select_content', { content_type: 'post', item_id: clip(post.id, 64), position });

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message || error.name : typeof error === 'string' ? error : 'Unknown error';

/** Query strings of URLs in a message may carry tokens: they are cut off. */
const scrub = (message: string) => message.replace(/(https?:\/\/[^\s?#]+)[?#]\S*/g, '$1');

/** An error for app_error: its message without URLs' queries, its name as the code. */
export function reportError(error: unknown, source: ErrorSource, code?: string) {
  const message = clip(scrub(messageOf(error)), 500);
  if (errorsReported >= MAX_ERRORS_PER_PAGE_LOAD || message === lastError) return;
  errorsReported++;
  lastError = message;
  const name = error instanceof Error && error.name !== 'Error' ? error.name : undefined;
  const c = code ?? name;
  track('app_error', { message, source, ...(c ? { code: clip(c, 64) } : {}) });
}

/** The queue as batches: one session each, at most EVENTS_PER_BATCH events. */
function toBatches(items: Queued[]): EventBatch[] {
  const batches: EventBatch[] = [];
  for (const { sessionId, event } of items) {
    const last = batches.at(-1);
    if (last && last.sessionId === sessionId && last.events.length < EVENTS_PER_BATCH) last.events.push(event);
    else batches.push({ sessionId, events: [event] });
  }
  return batches;
}

function deliver(batch: EventBatch, how: 'fetch' | 'beacon', retried: boolean) {
  const transport = options.transport;
  if (!transport) return;
  const again = () => {
    if (retried) return;
    retries.push(batch);
    timer ??= setTimeout(flushAnalytics, EVENTS_FLUSH_MS);
  };
  try {
    if (how === 'beacon' && transport.beacon(batch)) return;
    void transport.send(batch).then((r) => r === 'retry' && again(), again);
  } catch {
    again();
  }
}

/** Sends what is queued now: with fetch (keepalive), or by beacon when the page is going away. */
export function flushAnalytics(how: 'fetch' | 'beacon' = 'fetch') {
  clearTimeout(timer);
  timer = undefined;
  const failedOnce = retries;
  retries = [];
  const fresh = toBatches(queue);
  queue = [];
  for (const b of failedOnce) deliver(b, how, true);
  for (const b of fresh) deliver(b, how, false);
}

/** Runs `fn` when the page is going away, before the last batch leaves (a page's engagement, a funnel left). */
export function onPageLeave(fn: () => void): () => void {
  leaveHooks.add(fn);
  return () => leaveHooks.delete(fn);
}

function runLeaveHooks() {
  for (const fn of [...leaveHooks]) {
    try {
      fn();
    } catch (err) {
      // A test's contract check failing in a hook fails the test; the app carries on.
      if (import.meta.env.MODE === 'test') throw err;
    }
  }
}

const isChunkError = (e: unknown) => e instanceof Error && e.name === 'ChunkLoadError';

/**
 * Listens while the app runs: hidden → the queue leaves by beacon; pagehide → the page's last
 * events and session_end, then the beacon; errors the app did not catch; activity. Returns a stop
 * function.
 */
export function startAnalytics(): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flushAnalytics('beacon');
    else noteActivity();
  };
  const onPageHide = () => endSession('page_hidden', runLeaveHooks);
  const onError = (e: ErrorEvent) => {
    // A cross-origin script's error carries nothing but this text.
    if (e.message === 'Script error.' && !e.error) return;
    reportError(e.error ?? e.message, isChunkError(e.error) ? 'chunk' : 'window');
  };
  const onRejection = (e: PromiseRejectionEvent) => reportError(e.reason, isChunkError(e.reason) ? 'chunk' : 'promise');
  // Vite's event for a code chunk's preload that failed.
  const onPreloadError = (e: Event) =>
    reportError((e as Event & { payload?: unknown }).payload ?? 'preload failed', 'chunk', 'MODULE_NOT_FOUND');
  const onActivity = () => noteActivity();

  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('vite:preloadError', onPreloadError);
  for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true, capture: true });
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('vite:preloadError', onPreloadError);
    for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, { capture: true });
  };
}

/** The client's clock: page timings use it too, so a test's clock moves them all. */
export const analyticsNow = () => options.now();

/** Sets the transport, clock or check (tests; development adds the schema check). */
export function configureAnalytics(next: AnalyticsOptions) {
  Object.assign(options, next);
}

/** Forgets the queue, the session and the counters: each test starts from nothing. */
export function resetAnalytics() {
  clearTimeout(timer);
  timer = undefined;
  queue = [];
  retries = [];
  session = undefined;
  lastWrite = 0;
  errorsReported = 0;
  lastError = '';
  leaveHooks.clear();
  try {
    storage()?.removeItem(STORAGE_KEY);
    storage()?.removeItem(REFERRED_KEY);
  } catch {
    // storage blocked
  }
}
