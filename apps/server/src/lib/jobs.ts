import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/client';

/**
 * The process's one job queue (pg-boss, on the app's own database: its own small pool on
 * PostgreSQL, the same instance on PGlite). Started the first time a module asks for it, stopped
 * when the app closes; each module works its own queues on it (mail delivery, offer expiry) and
 * stops working them with `offWork`, never by stopping the queue others share.
 */
export interface Jobs {
  /** The started queue (started once, on the first call; a failed start is tried again next call). */
  boss(): Promise<PgBoss>;
  /** Stops the queue, waiting up to 5 s for jobs in flight. */
  stop(): Promise<void>;
}

export function createJobs(database: Database, log: FastifyBaseLogger): Jobs {
  let starting: Promise<PgBoss> | null = null;
  let stopped = false;
  const start = async (): Promise<PgBoss> => {
    const { PgBoss, fromPglite } = await import('pg-boss');
    // LISTEN/NOTIFY wakes a worker as soon as a job commits (PGlite does it in process).
    const common = { schema: 'pgboss', schedule: false, useListenNotify: true, application_name: 'swapu-jobs' } as const;
    const boss =
      database.kind === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(database.raw as Parameters<typeof fromPglite>[0]), backend: 'pglite' })
        : new PgBoss({
            ...common,
            connectionString: (database.raw as { options: { connectionString?: string } }).options.connectionString,
            max: 3,
          });
    boss.on('error', (err) => log.error({ err }, 'job queue error'));
    boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
    try {
      await boss.start();
    } catch (err) {
      // A start that fails halfway must not leave pg-boss polling behind.
      await boss.stop({ graceful: false }).catch(() => {});
      throw err;
    }
    return boss;
  };
  return {
    boss() {
      if (stopped) return Promise.reject(new Error('the job queue has stopped'));
      if (!starting) {
        starting = start();
        starting.catch(() => {
          starting = null;
        });
      }
      return starting;
    },
    async stop() {
      stopped = true;
      const boss = await starting?.catch(() => null);
      await boss?.stop({ graceful: true, timeout: 5000 });
    },
  };
}
