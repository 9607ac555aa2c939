import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { MemoryFS } from '@electric-sql/pglite';
import { MIGRATIONS_DIR } from '../paths';
import { PGLITE_PLAN_CACHE_MODE, withStatementCache } from './pglite-statements';
import * as schema from './schema/index';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle or the database itself: service functions accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  kind: 'pglite' | 'pg';
  db: Db;
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Runs a hot statement as a named prepared statement (planned once per connection on
   * PostgreSQL; PGlite runs in process). `text` uses $1…$n placeholders.
   */
  prepared<T>(name: string, text: string, values: unknown[]): Promise<T[]>;
  /** The driver underneath (a PGlite instance or a pg Pool), for tools such as bulk COPY. */
  raw: unknown;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = MIGRATIONS_DIR;
/** The advisory lock key (any bigint; 'SWAPUMIG' in ASCII) that serialises migrations across instances. */
const MIGRATION_LOCK = '6005340441406163271';
/** The extensions our migrations create; PGlite needs them passed on every open. */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { cube }, { earthdistance }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/earthdistance'),
  ]);
  return { pg_trgm, cube, earthdistance };
}

// Each engine's driver is imported only when it is used: a PostgreSQL deployment never loads
// PGlite's WebAssembly, and the embedded default never loads pg.

/**
 * PGlite's buffer pool (PostgreSQL's shared_buffers; 128MB unless told). PGlite's WebAssembly heap
 * holds all of it from the start, resident, whatever the data's size: at 128MB the embedded
 * default's largest single holder of memory (decision 0048). The embedded database is a small
 * marketplace's, and a page not in the pool is one read away in the operating system's file cache.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * Opens PGlite in `dataDir` (created when missing), or in memory when dataDir is undefined; `fs`
 * gives an in-memory instance a file system of its own (the tests' snapshot, test/pglite-snapshot.ts).
 */
export async function openPglite(dataDir: string | undefined, opts: { loadDataDir?: Blob | File; fs?: MemoryFS } = {}): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, extensions] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    pgliteExtensions(),
  ]);
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    ...(opts.fs ? { fs: opts.fs } : {}),
    extensions,
    startParams: [
      ...PGlite.defaultStartParams,
      ...['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`, '-c', `plan_cache_mode=${PGLITE_PLAN_CACHE_MODE}`],
    ],
  });
  // Drizzle's statements run through kept prepared statements (pglite-statements.ts, decision 0054).
  const statements = withStatementCache(client);
  const db = drizzlePglite({ client: statements as never, schema }) as unknown as Db;
  let migrating: Promise<void> = Promise.resolve();
  return {
    kind: 'pglite',
    db,
    // One migration at a time (PGlite is one process's: callers in it take turns, as instances do
    // on PostgreSQL); the next finds them applied.
    // Kept statements are forgotten after migrating: one may name a table a migration changed.
    migrate: () =>
      (migrating = migrating
        .catch(() => {})
        .then(() => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }))
        .then(() => statements.forget())),
    ping: async () => {
      await client.query('select 1');
    },
    prepared: async <T>(_name: string, text: string, values: unknown[]) => (await statements.query<T>(text, values)).rows,
    raw: client,
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // Session settings for an OLTP app whose working set is cached (decision 0011): JIT compiles
  // "expensive-looking" plans for tens of milliseconds, a loss for short queries; random reads
  // cost little more than sequential ones; bitmaps and sorts of a few thousand rows stay exact
  // and in memory.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: '-c jit=off -c random_page_cost=1.1 -c work_mem=16MB',
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'pg',
    db,
    migrate: async () => {
      // Servers started together on one database (a cluster's first start, a deploy) take turns:
      // a session advisory lock, held on the connection that migrates, lets the first apply the
      // migrations and the next find them applied (without it the second failed on "CREATE
      // SCHEMA drizzle" or "extension pg_trgm already exists" and exited). One connection, so a
      // pool of one cannot wait on itself.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    prepared: async <T>(name: string, text: string, values: unknown[]) => (await pool.query({ name, text, values })).rows as T[],
    raw: pool,
    close: () => pool.end(),
  };
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string; databasePoolSize?: number }) {
  return config.databaseUrl ? openPostgres(config.databaseUrl, config.databasePoolSize) : openPglite(path.join(config.dataDir, 'pglite'));
}
