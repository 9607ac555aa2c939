import type { Database } from '../db/client';

/**
 * One leader among the server instances for work that must have a single owner at a time (the
 * chain finder, which keeps its search index in memory). On PostgreSQL the leader holds a session
 * advisory lock on a connection of its own, outside the pool; the others try again every
 * `retryMs`. The lock goes with the session: a leader that exits, is killed (`kill -9`) or loses
 * its connection releases it, and another instance takes it at its next try. The leader checks
 * its connection every `retryMs` and steps down when it fails. On PGlite the contenders are
 * in one process: the first leads, the next when it stops.
 */
export interface Leadership {
  readonly leading: boolean;
  /** Steps down (the lock is released) and stops trying. */
  stop(): Promise<void>;
}

export interface LeadOptions {
  /** Called when this instance becomes the leader. */
  onLead: () => void | Promise<void>;
  /** Called when it stops being the leader (its connection failed, or stop()). */
  onLose: () => void | Promise<void>;
  onError?: (err: unknown) => void;
  retryMs?: number;
}

/** Which contender leads each PGlite database (one process: nobody else can). */
const pgliteLeaders = new WeakMap<object, { key: string; contenders: Array<() => void> }[]>();

export function lead(database: Database, key: string, opts: LeadOptions): Leadership {
  return database.kind === 'pglite' ? leadInProcess(database, key, opts) : leadOnPostgres(database, key, opts);
}

function leadInProcess(database: Database, key: string, opts: LeadOptions): Leadership {
  const raw = database.raw as object;
  const all = pgliteLeaders.get(raw) ?? [];
  pgliteLeaders.set(raw, all);
  let entry = all.find((e) => e.key === key);
  if (!entry) all.push((entry = { key, contenders: [] }));
  const queue = entry.contenders;
  let leading = false;
  let stopped = false;
  const become = () => {
    if (stopped) return;
    leading = true;
    void Promise.resolve(opts.onLead()).catch((err: unknown) => opts.onError?.(err));
  };
  queue.push(become);
  if (queue[0] === become) queueMicrotask(become);
  return {
    get leading() {
      return leading;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      const first = queue[0] === become;
      queue.splice(queue.indexOf(become), 1);
      if (leading) {
        leading = false;
        await opts.onLose();
      }
      if (first) queue[0]?.();
    },
  };
}

function leadOnPostgres(database: Database, key: string, opts: LeadOptions): Leadership {
  const retryMs = opts.retryMs ?? 2000;
  const connectionString = (database.raw as { options: { connectionString?: string } }).options.connectionString;
  type Client = import('pg').Client;
  let client: Client | null = null;
  let leading = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let turn: Promise<void> = Promise.resolve();

  const drop = async () => {
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
  const stepDown = async () => {
    if (!leading) return;
    leading = false;
    await opts.onLose();
  };
  /** One try: take the lock when free, or (leading) make sure the connection that holds it still answers. */
  const tick = async () => {
    try {
      if (!client) {
        const { default: pg } = await import('pg');
        const c = new pg.Client({ connectionString, application_name: `swapu-leader:${key}` });
        c.on('error', (err) => {
          opts.onError?.(err);
          if (client === c)
            turn = turn.then(async () => {
              await stepDown();
              await drop();
            });
        });
        client = c;
        await c.connect();
      }
      if (leading) {
        await client.query('select 1');
        return;
      }
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as ok', [key]);
      if (rows[0]?.ok && !stopped) {
        leading = true;
        await opts.onLead();
      }
    } catch (err) {
      opts.onError?.(err);
      await stepDown();
      await drop();
    }
  };
  const loop = () => {
    if (stopped) return;
    turn = turn.then(tick);
    void turn.finally(() => {
      if (!stopped) timer = setTimeout(loop, retryMs).unref();
    });
  };
  loop();
  return {
    get leading() {
      return leading;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await turn.catch(() => {});
      await stepDown();
      // Ending the session releases the lock.
      await drop();
    },
  };
}
