import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ClientEvent, ServerEvent } from '@swapu/shared/chat';
import { SOCKET_CLOSE } from '@swapu/shared/socket';
import { backoffDelay, GAP_WAIT_MS, RealtimeClient, RESTART_RECONNECT_MS, socketUrl, type RoomEvent, type SocketLike } from './realtime';

/** A WebSocket stand-in: records what the client sends; the test plays the server. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: ClientEvent[] = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as ClientEvent);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  server(e: ServerEvent) {
    this.onmessage?.({ data: JSON.stringify(e) });
  }
  /** The connection ends: a close code from the server, or none (the network, a killed server). */
  drop(code?: number) {
    this.readyState = 3;
    this.onclose?.(code === undefined ? {} : { code });
  }
}

const message = (seq: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${seq}`,
  roomId: 'r1',
  seq,
  senderId: 'ben',
  body: `hello ${seq}`,
  postId: null,
  clientId: null,
  createdAt: '2030-01-01T10:00:00.000Z',
  ...over,
});

let sockets: FakeSocket[];
let token: string | null;
const client = (over: Partial<ConstructorParameters<typeof RealtimeClient>[0]> = {}) =>
  new RealtimeClient({
    url: 'ws://swapu.test/api/v1/ws',
    getToken: () => token,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    baseDelayMs: 500,
    random: () => 1, // no jitter: the full delay
    ...over,
  });
const last = () => sockets[sockets.length - 1]!;
/** Opens the newest socket and answers its auth with ready. */
const connectReady = () => {
  last().open();
  last().server({ type: 'ready', userId: 'ana' });
};

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  token = 'token-1';
});
afterEach(() => vi.useRealTimers());

describe('the realtime client', () => {
  it('does not connect for a guest', () => {
    token = null;
    client().start();
    expect(sockets).toHaveLength(0);
  });

  it('authenticates first, then subscribes to the open room from the last seq it shows', () => {
    const rt = client();
    rt.subscribeRoom('r1', 12, () => {});
    rt.start();
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    last().server({ type: 'ready', userId: 'ana' });
    expect(rt.status).toBe('ready');
    expect(last().sent.slice(1)).toEqual([{ type: 'subscribe', roomId: 'r1', after: 12 }]);
    // A room opened later subscribes at once.
    rt.subscribeRoom('r2', 0, () => {});
    expect(last().sent.at(-1)).toEqual({ type: 'subscribe', roomId: 'r2', after: 0 });
  });

  it('reconnects with exponential backoff capped at 10 s, and resets it once ready', () => {
    const rt = client();
    rt.start();
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = sockets.length;
      last().drop();
      expect(rt.status).toBe('offline');
      let waited = 0;
      while (sockets.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);

    connectReady();
    const before = sockets.length;
    last().drop();
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(before);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(before + 1);
  });

  it('jitters each delay within its upper half', () => {
    expect(backoffDelay(0, 500, 10_000, () => 0)).toBe(250);
    expect(backoffDelay(3, 500, 10_000, () => 0.5)).toBe(3000);
    expect(backoffDelay(10, 500, 10_000, () => 1)).toBe(10_000);
  });

  it('after a drop, re-authenticates with the current token and re-subscribes after the newest seq it received', () => {
    const rt = client();
    const got: RoomEvent[] = [];
    rt.subscribeRoom('r1', 3, (e) => got.push(e));
    rt.start();
    connectReady();
    last().server({ type: 'message', message: message(4) });
    last().server({ type: 'message', message: message(5) });
    expect(rt.lastSeq('r1')).toBe(5);

    token = 'token-2'; // refreshed meanwhile
    last().drop();
    vi.advanceTimersByTime(500);
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'token-2' }]);
    last().server({ type: 'ready', userId: 'ana' });
    expect(last().sent.at(-1)).toEqual({ type: 'subscribe', roomId: 'r1', after: 5 });

    // The server replays what was missed; nothing is lost and nothing doubles.
    last().server({ type: 'message', message: message(5) });
    last().server({ type: 'message', message: message(6) });
    expect(got.map((e) => (e.type === 'message' ? e.message.seq : e.type))).toEqual([4, 5, 6]);
  });

  it('hands each message on once, however it arrives (live push, replay, the answer to a send)', () => {
    const rt = client();
    const got: string[] = [];
    rt.subscribeRoom('r1', 0, (e) => e.type === 'message' && got.push(e.message.id));
    rt.start();
    connectReady();
    const mine = message(1, { senderId: 'ana', clientId: 'c1' });
    rt.noteMessage(mine); // the POST answered first
    last().server({ type: 'message', message: mine });
    last().server({ type: 'message', message: message(2) });
    last().server({ type: 'message', message: message(2) });
    expect(got).toEqual(['m2']);
    expect(rt.lastSeq('r1')).toBe(2);
  });

  it('passes seen, typing and room errors to the room, and every event to general listeners', () => {
    const rt = client();
    const room: RoomEvent[] = [];
    const all: string[] = [];
    rt.subscribeRoom('r1', 0, (e) => room.push(e));
    rt.onEvent((e) => all.push(e.type));
    rt.start();
    connectReady();
    last().server({ type: 'seen', roomId: 'r1', userId: 'ben', seq: 4, at: '2030-01-01T10:00:00.000Z' });
    last().server({ type: 'typing', roomId: 'r1', userId: 'ben' });
    last().server({ type: 'typing', roomId: 'other', userId: 'cy' });
    last().server({ type: 'error', code: 'room_forbidden', roomId: 'r1' });
    last().server({ type: 'notification', id: 'n1', kind: 'offer' });
    last().server({ type: 'message', message: message(1, { roomId: 'not-open' }) });
    expect(room).toEqual([
      { type: 'seen', userId: 'ben', seq: 4, at: '2030-01-01T10:00:00.000Z' },
      { type: 'typing', userId: 'ben' },
      { type: 'error', code: 'room_forbidden' },
    ]);
    expect(all).toEqual(['ready', 'seen', 'typing', 'typing', 'error', 'notification', 'message']);
  });

  it('unsubscribes when the last listener of a room leaves, and sends typing only when ready', () => {
    const rt = client();
    rt.start();
    const off = rt.subscribeRoom('r1', 0, () => {});
    rt.typing('r1');
    expect(last().sent).toEqual([]);
    connectReady();
    rt.typing('r1');
    off();
    expect(last().sent.slice(1)).toEqual([
      { type: 'subscribe', roomId: 'r1', after: 0 },
      { type: 'typing', roomId: 'r1' },
      { type: 'unsubscribe', roomId: 'r1' },
    ]);
  });

  it('stops for good on stop(): the socket closes and no reconnect is scheduled', () => {
    const rt = client();
    rt.start();
    connectReady();
    const s = last();
    rt.stop();
    expect(s.closed).toBe(true);
    expect(rt.status).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('keeps one connection however often it is started', () => {
    const rt = client();
    rt.start();
    rt.start();
    expect(sockets).toHaveLength(1);
  });

  it('reconnects within a second of a 1012 close (the server restarting), at a random moment, whatever failed before', () => {
    let random = 1;
    const rt = client({ random: () => random });
    rt.start();
    // Three failed attempts: the next backoff would be 4 s.
    for (const wait of [500, 1000, 2000]) {
      last().drop();
      vi.advanceTimersByTime(wait);
    }
    // This one opens, but its instance is shutting down.
    last().open();
    random = 0.3;
    const before = sockets.length;
    last().drop(SOCKET_CLOSE.serviceRestart);
    expect(rt.status).toBe('offline');
    vi.advanceTimersByTime(RESTART_RECONNECT_MS * 0.3 - 1);
    expect(sockets).toHaveLength(before);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(before + 1);
    // And if that one fails, the backoff starts over from its first step.
    random = 1;
    last().drop();
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(before + 1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(before + 2);
  });

  it('after a restart, resubscribes on the new connection and hands on exactly the messages sent meanwhile, in order', () => {
    const rt = client({ random: () => 0.5 });
    const got: number[] = [];
    rt.subscribeRoom('r1', 3, (e) => e.type === 'message' && got.push(e.message.seq));
    rt.start();
    connectReady();
    last().server({ type: 'message', message: message(4) });
    last().drop(SOCKET_CLOSE.serviceRestart);
    vi.advanceTimersByTime(RESTART_RECONNECT_MS / 2);
    connectReady();
    expect(last().sent.at(-1)).toEqual({ type: 'subscribe', roomId: 'r1', after: 4 });
    // The new instance pushes a live one while its replay is still on the way.
    last().server({ type: 'message', message: message(7) });
    for (const seq of [5, 6, 7]) last().server({ type: 'message', message: message(seq) });
    last().server({ type: 'message', message: message(8) });
    expect(got).toEqual([4, 5, 6, 7, 8]);
  });

  it("hands a room's messages on in seq order: one that arrives ahead of a missing one waits for it", () => {
    const rt = client();
    const got: number[] = [];
    rt.subscribeRoom('r1', 3, (e) => e.type === 'message' && got.push(e.message.seq));
    rt.start();
    connectReady();
    last().server({ type: 'message', message: message(4) });
    last().server({ type: 'message', message: message(6) });
    last().server({ type: 'message', message: message(7) });
    expect(got).toEqual([4]);
    expect(rt.lastSeq('r1')).toBe(4);
    last().server({ type: 'message', message: message(5) });
    expect(got).toEqual([4, 5, 6, 7]);
    // My own message, known from the answer to my send, is not handed on again but fills its place.
    rt.noteMessage(message(9, { senderId: 'ana' }));
    last().server({ type: 'message', message: message(8) });
    last().server({ type: 'message', message: message(9, { senderId: 'ana' }) });
    expect(got).toEqual([4, 5, 6, 7, 8]);
    expect(rt.lastSeq('r1')).toBe(9);
    // Nothing was missing for long: no replay was asked for.
    vi.advanceTimersByTime(GAP_WAIT_MS * 4);
    expect(last().sent.filter((e) => e.type === 'subscribe')).toHaveLength(1);
  });

  it('asks for a replay when a missing message does not come, and stops waiting when even the replay lacks it', () => {
    const rt = client();
    const got: number[] = [];
    rt.subscribeRoom('r1', 3, (e) => e.type === 'message' && got.push(e.message.seq));
    rt.start();
    connectReady();
    last().server({ type: 'message', message: message(6) });
    const subscribes = () => last().sent.filter((e) => e.type === 'subscribe');
    vi.advanceTimersByTime(GAP_WAIT_MS - 1);
    expect(subscribes()).toHaveLength(1);
    // 4 and 5 are lost (say, by the hub while the instance's LISTEN connection reconnected).
    vi.advanceTimersByTime(1);
    expect(subscribes()).toEqual([
      { type: 'subscribe', roomId: 'r1', after: 3 },
      { type: 'subscribe', roomId: 'r1', after: 3 },
    ]);
    for (const seq of [4, 5, 6]) last().server({ type: 'message', message: message(seq) });
    expect(got).toEqual([4, 5, 6]);

    // A hole the replay does not fill either: the waiting message is shown anyway.
    last().server({ type: 'message', message: message(8) });
    vi.advanceTimersByTime(GAP_WAIT_MS);
    expect(last().sent.at(-1)).toEqual({ type: 'subscribe', roomId: 'r1', after: 6 });
    expect(got).toEqual([4, 5, 6]);
    vi.advanceTimersByTime(GAP_WAIT_MS);
    expect(got).toEqual([4, 5, 6, 8]);
    expect(rt.lastSeq('r1')).toBe(8);
  });

  it('builds ws:// or wss:// from the page address', () => {
    expect(socketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/api/v1/ws');
    expect(socketUrl({ protocol: 'https:', host: 'swapu.au' })).toBe('wss://swapu.au/api/v1/ws');
  });
});
