// A steady mixed load through the balancer, for the checks that take an instance away while
// members use SwapU: signed-in readers (the feed, a listing, a search, their account) and chatting
// pairs (a message each a little more than every second, well under the send limit), each member
// with the web app's realtime client. Every request's outcome is counted with its time, so a check
// can ask how many failed in any window; the followers' messages are judged against the database.
import type pg from 'pg';
import { call, listItem, type Member, signUp, signUpMany } from './api';
import { APPS, type Cluster, LB_URL, sleep, until } from './cluster';
import { backdate } from './work-setup';
import { Follower, judgeFollowers } from './realtime-clients';

export interface Outcome {
  /** When the request was sent, and when its answer (or failure) came. */
  sentAt: number;
  at: number;
  what: string;
  status: number;
  servedBy: string | null;
  why?: string;
}

/** What the load needs: readers, chatting pairs in rooms, a listing to read. Made once per run. */
export interface LoadMaterial {
  readers: Member[];
  chatters: Member[];
  rooms: string[];
  postId: string;
}

export async function loadMaterial(cluster: Cluster): Promise<LoadMaterial> {
  const [readers, chatters, seller] = await Promise.all([signUpMany(8, 'reader'), signUpMany(8, 'talker'), signUp('seller')]);
  const rooms: string[] = [];
  for (let i = 0; i < chatters.length; i += 2) {
    const room = await call<{ id: string }>(LB_URL, 'POST', '/api/v1/rooms', {
      token: chatters[i]!.token,
      body: { userId: chatters[i + 1]!.id },
    });
    if (room.status !== 201) throw new Error(`open room: ${room.status}`);
    rooms.push(room.body.id);
  }
  const postId = await listItem(seller, 'Steady load bike');
  // Out of early access, as a day would make it: every reader may open it.
  const db = await cluster.db();
  await backdate(db, [postId]).finally(() => db.end());
  return { readers, chatters, rooms, postId };
}

const READ_EVERY_MS = 200;
const SEND_EVERY_MS = 1100;

export class MixedLoad {
  readonly outcomes: Outcome[] = [];
  readonly followers: Follower[] = [];
  private running = false;
  private workers: Array<Promise<void>> = [];
  private sent = 0;
  startedAt = 0;
  stoppedAt = 0;

  constructor(private readonly m: LoadMaterial) {}

  /** Starts the readers, the chatters and their realtime clients (half pinned to each instance); resolves once every client follows its room. */
  async start() {
    this.running = true;
    this.startedAt = Date.now();
    this.m.chatters.forEach((c, i) => this.followers.push(new Follower(this.m.rooms[i >> 1]!, APPS[i % 2]!, c.token)));
    if (!(await until(() => this.followers.every((f) => f.subscribed), 20_000, 100)))
      throw new Error('the load’s realtime clients did not all subscribe');
    const paths = ['/api/v1/posts', `/api/v1/posts/${this.m.postId}`, '/api/v1/search?q=bike', '/api/v1/me'];
    this.m.readers.forEach((r, i) =>
      this.workers.push(
        this.loop(READ_EVERY_MS, (i * READ_EVERY_MS) / this.m.readers.length, async (k) => {
          const path = paths[(k + i) % paths.length]!;
          await this.record(`GET ${path.split('?')[0]!.replace(this.m.postId, ':id')}`, () =>
            call(LB_URL, 'GET', path, { token: r.token }),
          );
        }),
      ),
    );
    this.m.chatters.forEach((c, i) =>
      this.workers.push(
        this.loop(SEND_EVERY_MS, (i * SEND_EVERY_MS) / this.m.chatters.length, async () => {
          const clientId = `load-${i}-${++this.sent}`;
          await this.record('POST message', () =>
            call(LB_URL, 'POST', `/api/v1/rooms/${this.m.rooms[i >> 1]}/messages`, {
              token: c.token,
              body: { body: `steady ${clientId}`, clientId },
            }),
          );
        }),
      ),
    );
  }

  private async loop(everyMs: number, offsetMs: number, act: (k: number) => Promise<void>) {
    await sleep(offsetMs);
    for (let k = 0; this.running && k < 100_000; k++) {
      const next = Date.now() + everyMs;
      await act(k);
      await sleep(Math.max(0, next - Date.now()));
    }
  }

  private async record(what: string, send: () => ReturnType<typeof call>) {
    const sentAt = Date.now();
    const a = await send();
    const failed = a.status === 0 || a.status >= 400;
    this.outcomes.push({
      sentAt,
      at: Date.now(),
      what,
      status: a.status,
      servedBy: a.servedBy,
      ...(failed ? { why: typeof a.body === 'string' ? a.body : JSON.stringify(a.body).slice(0, 160) } : {}),
    });
  }

  /** Stops sending (requests in flight finish), then waits until every client has handed on its room's stored messages. */
  async stop(db: pg.Client) {
    this.running = false;
    await Promise.all(this.workers);
    this.stoppedAt = Date.now();
    const stored = async () =>
      Number((await db.query(`select count(*) as n from messages where room_id = any($1)`, [this.m.rooms])).rows[0]?.n ?? 0);
    const total = await stored();
    // Each room's messages reach its two members' clients.
    await until(() => this.followers.reduce((n, f) => n + f.handedOn.length, 0) >= 2 * total, 20_000, 100);
    await sleep(700);
    for (const f of this.followers) f.stop();
    return judgeFollowers(db, this.followers);
  }

  /** The requests sent within [from, to] that failed (no answer, or a 4xx/5xx). */
  failures(from = 0, to = Infinity) {
    return this.outcomes.filter((o) => o.sentAt >= from && o.sentAt <= to && (o.status === 0 || o.status >= 400));
  }

  /** "N requests (x/s), M failed: 3 × 502 GET /api/v1/posts …" for a window. */
  summary(from = this.startedAt, to = this.stoppedAt || Date.now()) {
    const inWindow = this.outcomes.filter((o) => o.sentAt >= from && o.sentAt <= to);
    const failed = this.failures(from, to);
    const kinds = new Map<string, number>();
    for (const f of failed) {
      const kind = `${f.status} ${f.what}${f.why ? ` (${f.why.slice(0, 60)})` : ''}`;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    const secs = Math.max(0.001, (to - from) / 1000);
    const list = [...kinds].map(([k, n]) => `${n} × ${k}`).join('; ');
    return `${inWindow.length} requests (${(inWindow.length / secs).toFixed(0)}/s), ${failed.length} failed${list ? `: ${list}` : ''}`;
  }
}
