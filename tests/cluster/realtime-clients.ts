// Members' realtime clients as the web app runs them: its own RealtimeClient (features/chat/realtime.ts:
// reconnects, resubscribes from the last seq, puts a room's messages in order) on Node's `ws`,
// through the balancer, pinned to one instance while it is up (the test balancer's ?instance=).
import WebSocket from 'ws';
import type { ChatMessage, ServerEvent } from '@swapu/shared/chat';
import { RealtimeClient, type SocketLike } from '../../apps/web/src/features/chat/realtime';
import type pg from 'pg';
import { type AppName, LB_URL } from './cluster';

/** One member's client on one instance: what it handed on, what its sockets received, where they landed. */
export class Follower {
  readonly client: RealtimeClient;
  readonly handedOn: Array<{ message: ChatMessage; at: number }> = [];
  readonly arrived: ChatMessage[] = [];
  readonly landedOn: string[] = [];
  readonly closes: number[] = [];
  readonly errors: string[] = [];
  subscribed = false;
  /** 'subscribe' frames sent: one on each socket's connect, and one for each replay asked after a gap. */
  private subscribes = 0;

  constructor(
    readonly roomId: string,
    readonly on: AppName,
    token: string,
  ) {
    this.client = new RealtimeClient({
      url: `${LB_URL.replace(/^http/, 'ws')}/api/v1/ws?instance=${on}`,
      getToken: () => token,
      createSocket: (url) => {
        const ws = new WebSocket(url);
        const send = ws.send.bind(ws);
        ws.send = ((data: string, ...rest: unknown[]) => {
          if ((JSON.parse(data) as { type?: string }).type === 'subscribe') this.subscribes++;
          (send as (...a: unknown[]) => void)(data, ...rest);
        }) as typeof ws.send;
        ws.on('upgrade', (res) => this.landedOn.push(String(res.headers['x-served-by'] ?? '')));
        ws.on('close', (code) => this.closes.push(code));
        return ws as unknown as SocketLike;
      },
    });
    this.client.onEvent((e: ServerEvent) => {
      if (e.type === 'message' && e.message.roomId === roomId) this.arrived.push(e.message);
      else if (e.type === 'subscribed' && e.roomId === roomId) this.subscribed = true;
      else if (e.type === 'error') this.errors.push(e.code);
    });
    this.client.subscribeRoom(roomId, 0, (e) => {
      if (e.type === 'message') this.handedOn.push({ message: e.message, at: Date.now() });
    });
    this.client.start();
  }

  /**
   * Replays it asked for because a message stayed missing past GAP_WAIT_MS (500 ms): the subscribe
   * frames beyond the one each socket sends when it connects (this client follows one room).
   */
  get replaysAsked() {
    return Math.max(0, this.subscribes - this.landedOn.length);
  }

  /** Where its socket is now (the last one it opened). */
  get servedBy() {
    return this.landedOn.at(-1) ?? null;
  }

  stop() {
    this.client.stop();
  }
}

/** How the followers' handed-on messages compare with what the database holds for their rooms. */
export async function judgeFollowers(db: pg.Client, followers: Follower[]) {
  const rooms = [...new Set(followers.map((f) => f.roomId))];
  const stored = new Map<string, number[]>();
  const rows = await db.query<{ room_id: string; seq: number }>(
    `select room_id, seq from messages where room_id = any($1) order by room_id, seq`,
    [rooms],
  );
  for (const r of rows.rows) stored.set(r.room_id, [...(stored.get(r.room_id) ?? []), Number(r.seq)]);
  let handedOn = 0;
  let expected = 0;
  let twice = 0;
  let missing = 0;
  let outOfOrder = 0;
  let arrivedOutOfOrder = 0;
  for (const f of followers) {
    const want = stored.get(f.roomId) ?? [];
    const seqs = f.handedOn.map((h) => h.message.seq);
    expected += want.length;
    handedOn += seqs.length;
    twice += seqs.length - new Set(seqs).size;
    const got = new Set(seqs);
    missing += want.filter((s) => !got.has(s)).length;
    for (let i = 1; i < seqs.length; i++) if (seqs[i]! <= seqs[i - 1]!) outOfOrder++;
    for (let i = 1; i < f.arrived.length; i++) if (f.arrived[i]!.seq < f.arrived[i - 1]!.seq) arrivedOutOfOrder++;
  }
  return {
    handedOn,
    expected,
    twice,
    missing,
    outOfOrder,
    arrivedOutOfOrder,
    ok: handedOn === expected && twice === 0 && missing === 0 && outOfOrder === 0,
  };
}
