import type { ChatMessage, ClientEvent, ServerEvent } from '@swapu/shared/chat';
import { SOCKET_PATH } from '@swapu/shared/endpoints';
import { SOCKET_CLOSE } from '@swapu/shared/socket';

/**
 * The tab's one WebSocket to /api/v1/ws (chat, seen receipts, typing, notifications, support).
 *
 * Protocol (packages/shared/src/chat.ts): on open send {auth, token}; the server answers
 * {ready}; then {subscribe, roomId, after: lastSeq} for every open room. When the socket drops it
 * reconnects with exponential backoff (capped at 10 s), authenticates again and re-subscribes
 * with the last seq it has of each room, so the server replays what was missed. A socket closed
 * with 1012 (the server is restarting: packages/shared/src/socket.ts) reconnects within a second,
 * at a random moment so a whole instance's clients do not arrive at once (decision 0041).
 *
 * A room's messages are handed on once each, in seq order, however they arrive (replay, the HTTP
 * answer to a send, the live push, from any instance): seqs are 1, 2, 3… with no holes, so one
 * that arrives ahead of a missing one waits for it; if it is still missing after GAP_WAIT_MS the
 * client asks the server to replay from its last seq, and if even that brings nothing, the
 * waiting ones are handed on anyway.
 */

/** The part of the browser WebSocket this client uses (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code?: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export type RealtimeStatus = 'idle' | 'connecting' | 'ready' | 'offline';

/** What a room's listener hears: its messages (each once), seen receipts, typing, errors. */
export type RoomEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'seen'; userId: string; seq: number; at: string }
  | { type: 'typing'; userId: string }
  | { type: 'error'; code: string };

export interface RealtimeOptions {
  url: string;
  getToken: () => string | null;
  createSocket?: (url: string) => SocketLike;
  /** First retry delay; doubles per failed attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** 0..1 → a delay in [delay/2, delay]; Math.random by default (tests pass a constant). */
  random?: () => number;
  pingEveryMs?: number;
}

const OPEN = 1;
export const RECONNECT_MAX_MS = 10_000;
/** After a 1012 close, the reconnect comes at a random moment within this window. */
export const RESTART_RECONNECT_MS = 1000;
/** How long a message that arrived ahead of a missing one waits before the client asks for a replay. */
export const GAP_WAIT_MS = 500;

interface RoomSub {
  /** Every message up to this seq has been handed on (or the caller already had it). */
  lastSeq: number;
  /** Messages that arrived ahead of a missing one, by seq; `handOn` false for ones the caller already has. */
  ahead: Map<number, { message: ChatMessage; handOn: boolean }>;
  /** Waiting for a missing message: first to ask for a replay, then to stop waiting. */
  gapTimer?: ReturnType<typeof setTimeout>;
  replayAsked: boolean;
  listeners: Set<(e: RoomEvent) => void>;
}

/** The reconnect delay after `attempt` failures in a row: base·2^attempt, capped, jittered. */
export function backoffDelay(attempt: number, baseMs = 500, maxMs = RECONNECT_MAX_MS, random = Math.random) {
  const full = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(full / 2 + (full / 2) * random());
}

export class RealtimeClient {
  private socket: SocketLike | null = null;
  private running = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private rooms = new Map<string, RoomSub>();
  private listeners = new Set<(e: ServerEvent) => void>();
  private statusListeners = new Set<() => void>();
  private _status: RealtimeStatus = 'idle';
  private readonly opts: Required<Omit<RealtimeOptions, 'createSocket'>> & {
    createSocket: (url: string) => SocketLike;
  };

  constructor(options: RealtimeOptions) {
    this.opts = {
      baseDelayMs: 500,
      maxDelayMs: RECONNECT_MAX_MS,
      random: Math.random,
      pingEveryMs: 25_000,
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      ...options,
    };
  }

  get status(): RealtimeStatus {
    return this._status;
  }

  /** Connects (once) and keeps reconnecting until stop(). Does nothing without a token. */
  start() {
    if (this.running) return;
    if (!this.opts.getToken()) return;
    this.running = true;
    this.attempt = 0;
    this.connect();
  }

  /** Closes the socket and stops reconnecting (sign-out); room subscriptions are kept. */
  stop() {
    this.running = false;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = s.onmessage = s.onerror = s.onopen = null;
      s.close(1000, 'bye');
    }
    this.setStatus('idle');
  }

  /** Reconnects now instead of waiting out the backoff (the browser came back online). */
  reconnectNow() {
    if (!this.running || this.socket) return;
    clearTimeout(this.retryTimer);
    this.connect();
  }

  /** Every server event (notifications, support, messages of rooms not open…). */
  onEvent(listener: (e: ServerEvent) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  onStatus(listener: () => void) {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  }

  /**
   * Follows a room live from `afterSeq` (the newest seq the caller already shows): the server
   * replays anything newer. Returns the unsubscribe function.
   */
  subscribeRoom(roomId: string, afterSeq: number, listener: (e: RoomEvent) => void) {
    let sub = this.rooms.get(roomId);
    const isNew = !sub;
    if (!sub) {
      sub = { lastSeq: afterSeq, ahead: new Map(), replayAsked: false, listeners: new Set() };
      this.rooms.set(roomId, sub);
    } else if (afterSeq > sub.lastSeq) {
      sub.lastSeq = afterSeq;
      this.settle(sub);
    }
    sub.listeners.add(listener);
    if (isNew && this._status === 'ready') this.send({ type: 'subscribe', roomId, after: sub.lastSeq });
    return () => {
      const s = this.rooms.get(roomId);
      if (!s) return;
      s.listeners.delete(listener);
      if (s.listeners.size === 0) {
        clearTimeout(s.gapTimer);
        this.rooms.delete(roomId);
        if (this._status === 'ready') this.send({ type: 'unsubscribe', roomId });
      }
    };
  }

  /** Tells the client about a message it got another way (the answer to a send), so it is not handed on twice. */
  noteMessage(message: ChatMessage) {
    const sub = this.rooms.get(message.roomId);
    if (sub) this.receive(message.roomId, sub, message, false);
  }

  /** The newest seq held for a room (what a resubscribe asks to replay after). */
  lastSeq(roomId: string) {
    return this.rooms.get(roomId)?.lastSeq ?? 0;
  }

  typing(roomId: string) {
    if (this._status === 'ready') this.send({ type: 'typing', roomId });
  }

  /** A message of a followed room: handed on in seq order, once; one ahead of a gap waits. False for one already had. */
  private receive(roomId: string, sub: RoomSub, m: ChatMessage, handOn: boolean): boolean {
    if (m.seq <= sub.lastSeq || sub.ahead.has(m.seq)) return false;
    sub.ahead.set(m.seq, { message: m, handOn });
    this.settle(sub);
    if (sub.ahead.size > 0 && !sub.gapTimer) sub.gapTimer = setTimeout(() => this.gapWaited(roomId, sub), GAP_WAIT_MS);
    return true;
  }

  /** Hands on the waiting messages that now follow lastSeq without a gap. */
  private settle(sub: RoomSub) {
    for (const seq of sub.ahead.keys()) if (seq <= sub.lastSeq) sub.ahead.delete(seq);
    for (let next = sub.ahead.get(sub.lastSeq + 1); next; next = sub.ahead.get(sub.lastSeq + 1)) {
      sub.ahead.delete(++sub.lastSeq);
      if (next.handOn) for (const l of [...sub.listeners]) l({ type: 'message', message: next.message });
    }
    if (sub.ahead.size === 0) {
      clearTimeout(sub.gapTimer);
      sub.gapTimer = undefined;
      sub.replayAsked = false;
    }
  }

  /** A gap outlasted GAP_WAIT_MS: ask for a replay from lastSeq; if one did not fill it, stop waiting. */
  private gapWaited(roomId: string, sub: RoomSub) {
    sub.gapTimer = undefined;
    if (this.rooms.get(roomId) !== sub || sub.ahead.size === 0) return;
    if (!sub.replayAsked && this._status === 'ready') {
      sub.replayAsked = true;
      this.send({ type: 'subscribe', roomId, after: sub.lastSeq });
    } else if (sub.replayAsked) {
      sub.lastSeq = Math.min(...sub.ahead.keys()) - 1;
      this.settle(sub);
    }
    if (sub.ahead.size > 0) sub.gapTimer = setTimeout(() => this.gapWaited(roomId, sub), GAP_WAIT_MS);
  }

  private setStatus(s: RealtimeStatus) {
    if (s === this._status) return;
    this._status = s;
    for (const l of [...this.statusListeners]) l();
  }

  private send(e: ClientEvent) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(e));
  }

  private connect() {
    const token = this.opts.getToken();
    if (!token) {
      this.stop();
      return;
    }
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.opts.createSocket(this.opts.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const current = this.opts.getToken();
      if (current)
        socket.send(
          JSON.stringify({
            type: 'auth',
            token: current,
          } satisfies ClientEvent),
        );
    };
    socket.onmessage = (ev) => {
      let e: ServerEvent;
      try {
        e = JSON.parse(String(ev.data)) as ServerEvent;
      } catch {
        return;
      }
      this.handle(e);
    };
    socket.onerror = () => {
      // a close always follows; reconnecting happens there
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      if (!this.running) return;
      // The instance is restarting: another one takes the connection now, whatever failed before.
      if (ev?.code === SOCKET_CLOSE.serviceRestart) {
        this.attempt = 0;
        this.scheduleReconnect(Math.round(RESTART_RECONNECT_MS * this.opts.random()));
      } else this.scheduleReconnect();
    };
  }

  private scheduleReconnect(restartDelay?: number) {
    this.setStatus('offline');
    const delay = restartDelay ?? backoffDelay(this.attempt++, this.opts.baseDelayMs, this.opts.maxDelayMs, this.opts.random);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (this.running && !this.socket) this.connect();
    }, delay);
  }

  private handle(e: ServerEvent) {
    if (e.type === 'ready') {
      this.attempt = 0;
      this.setStatus('ready');
      for (const [roomId, sub] of this.rooms) this.send({ type: 'subscribe', roomId, after: sub.lastSeq });
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), this.opts.pingEveryMs);
    } else if (e.type === 'message' || e.type === 'sent') {
      const sub = this.rooms.get(e.message.roomId);
      if (sub && !this.receive(e.message.roomId, sub, e.message, true)) return;
    } else if (e.type === 'seen' || e.type === 'typing') {
      const sub = this.rooms.get(e.roomId);
      if (sub) {
        const ev: RoomEvent =
          e.type === 'seen' ? { type: 'seen', userId: e.userId, seq: e.seq, at: e.at } : { type: 'typing', userId: e.userId };
        for (const l of [...sub.listeners]) l(ev);
      }
    } else if (e.type === 'error' && e.roomId) {
      const sub = this.rooms.get(e.roomId);
      if (sub) for (const l of [...sub.listeners]) l({ type: 'error', code: e.code });
    }
    for (const l of [...this.listeners]) l(e);
  }
}

/** ws:// or wss:// to this origin's realtime socket. */
export const socketUrl = (loc: Pick<Location, 'protocol' | 'host'> = window.location) =>
  `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${SOCKET_PATH}`;

let shared: RealtimeClient | null = null;

/** The tab's one client (created on first use; start() is up to the signed-in layout). */
export function getRealtime(getToken: () => string | null): RealtimeClient {
  return (shared ??= new RealtimeClient({ url: socketUrl(), getToken }));
}
