import type { Database } from '../db/client';

/** What travels through the hub: small events naming who should hear them, never message bodies. */
export interface HubEvent {
  /** The users whose connections receive it. */
  users: string[];
  /**
   * sessions-ended: the users' sessions were ended (ban, deletion, reset): close their sockets.
   * viewer-changed: the users' role, ban, terms, subscription, likes or own listings changed:
   * drop what the request path remembers of them. likes-changed: the users liked or unliked
   * something: drop what is remembered of their likes (their account stays). post-changed: the
   * post `id` changed (an edit, a like): drop its shared renderings.
   */
  kind: 'message' | 'seen' | 'typing' | 'notification' | 'support' | 'sessions-ended' | 'viewer-changed' | 'likes-changed' | 'post-changed';
  /** The stored row it is about (message, notification, support message). */
  id?: string;
  roomId?: string;
  userId?: string;
  seq?: number;
  at?: string;
  /** Admins' consoles listen to support traffic as a group. */
  admins?: boolean;
  /** Every connected member (announcements): `users` is then ignored. */
  everyone?: boolean;
  /** The instance that published it (it has already delivered it locally). */
  origin?: string;
}

export type HubListener = (event: HubEvent) => void;

/**
 * The realtime hub: an event published on any server instance reaches the listeners of every
 * instance, through PostgreSQL LISTEN/NOTIFY (PGlite delivers it in process). Events carry ids;
 * receivers read the rows from the database, which stays the one source of truth.
 */
export interface Hub {
  publish(event: HubEvent): Promise<void>;
  listen(listener: HubListener): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'swapu_hub';
/** How long events wait to share a NOTIFY. */
const BATCH_MS = 2;
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
const MAX_PAYLOAD = 7_500;

type PgliteLike = {
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
  query(sql: string, params?: unknown[]): Promise<unknown>;
};
type PoolLike = { options: { connectionString?: string }; query(sql: string, params?: unknown[]): Promise<unknown> };

export async function createHub(database: Database, onError: (err: unknown) => void = () => {}): Promise<Hub> {
  const listeners = new Set<HubListener>();
  const instance = crypto.randomUUID();
  const deliver = (payload: string) => {
    let parsed: HubEvent | HubEvent[];
    try {
      parsed = JSON.parse(payload) as HubEvent | HubEvent[];
    } catch {
      return;
    }
    for (const event of Array.isArray(parsed) ? parsed : [parsed]) {
      if (event.origin === instance) continue; // delivered locally when it was published
      deliverLocal(event);
    }
  };
  const deliverLocal = (event: HubEvent) => {
    for (const l of listeners) {
      try {
        l(event);
      } catch (err) {
        onError(err);
      }
    }
  };
  const client = database.raw;
  let stop: () => Promise<void>;
  let notify: (payload: string) => Promise<void>;
  if (database.kind === 'pglite') {
    const pg = client as PgliteLike;
    stop = await pg.listen(CHANNEL, deliver);
    notify = async (payload) => {
      await pg.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    };
  } else {
    // LISTEN needs a connection of its own, outside the pool.
    const pool = client as PoolLike;
    const { default: pg } = await import('pg');
    let listener = new pg.Client({ connectionString: pool.options.connectionString });
    let closed = false;
    const connect = async () => {
      listener = new pg.Client({ connectionString: pool.options.connectionString });
      listener.on('notification', (msg) => msg.payload && deliver(msg.payload));
      listener.on('error', (err) => {
        onError(err);
        // Reconnect: events published meanwhile are lost to this instance's sockets. A chat client
        // notices the missing seq at the room's next message and asks for a replay, and catches up
        // on every reconnect (decision 0041); the room list and the bell wait for their next event.
        if (!closed) setTimeout(() => void connect().catch(onError), 1000).unref();
      });
      await listener.connect();
      await listener.query(`listen ${CHANNEL}`);
    };
    await connect();
    stop = async () => {
      closed = true;
      await listener.end().catch(() => {});
    };
    notify = async (payload) => {
      await pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    };
  }
  // Events for the other instances leave in batches: everything published within BATCH_MS goes
  // in one NOTIFY (a JSON array, under PostgreSQL's 8,000-byte payload limit), so a thousand
  // messages a second cost tens of NOTIFYs, not a thousand statements and a thousand echoes.
  let pending: string[] = [];
  let flushing: Promise<void> | null = null;
  const flush = async () => {
    await new Promise((r) => setTimeout(r, BATCH_MS));
    const batch = pending;
    pending = [];
    flushing = null;
    let chunk: string[] = [];
    let size = 2;
    const send = async () => {
      if (chunk.length) await notify(`[${chunk.join(',')}]`);
      chunk = [];
      size = 2;
    };
    for (const item of batch) {
      if (size + item.length + 1 > MAX_PAYLOAD && chunk.length) await send();
      chunk.push(item);
      size += item.length + 1;
    }
    await send();
  };
  return {
    /**
     * Delivers to this instance's listeners at once, and to the other instances through NOTIFY
     * within BATCH_MS (callers need not wait: a lost NOTIFY only delays other instances' clients
     * until they notice a gap or reconnect, and catch up from the database).
     */
    async publish(event) {
      deliverLocal(event);
      pending.push(JSON.stringify({ ...event, origin: instance }));
      flushing ??= flush();
      await flushing;
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      // The database may already be gone (shutdown order, a failed start): nothing left to stop.
      await stop().catch(() => {});
    },
  };
}
