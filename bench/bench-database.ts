import pg from 'pg';
import { sql } from 'drizzle-orm';
import { execute } from './db-load';
import { type Database, openPostgres } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { benchDbUrl, createBenchDatabase, PG_ADMIN_URL, unregisterBenchDatabase } from './lib';

/**
 * A bench's PostgreSQL database of generated data (search, swipe, fairness, leaderboard,
 * dashboard). With `reuse` (`--reuse`), the one an earlier run kept under `name` when, once
 * migrated, `holds` says it has the whole data (it answers the log's description, or null);
 * otherwise a new one, migrated, with the reference data and then `generate`, kept for the next
 * `--reuse` run or dropped at the end of this one.
 */
export async function generatedBenchDatabase(opts: {
  name: string;
  reuse: boolean;
  connections: number;
  log: (message: string) => void;
  holds: (database: Database) => Promise<string | null>;
  generate: (database: Database) => Promise<void>;
}): Promise<Database> {
  if (opts.reuse) {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [opts.name])).rowCount;
    await admin.end();
    if (exists) {
      const database = await openPostgres(benchDbUrl(opts.name), opts.connections);
      const t = performance.now();
      // Migrations applied so far: none in a database an interrupted run left before migrating it.
      const applied = async () => {
        try {
          return (await execute<{ n: number }>(database, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]!.n;
        } catch {
          return 0;
        }
      };
      const before = await applied();
      await database.migrate();
      // A new migration that rewrote rows (0045 rewrites the last weeks' listings) leaves dead rows
      // and a full pending list in the search index: vacuumed and analysed now, as autovacuum would
      // in a while on a server, or the first run measures the clean-up instead of the searches.
      if ((await applied()) > before) await execute(database, sql`vacuum analyze`);
      const holds = await opts.holds(database);
      if (holds !== null) {
        opts.log(`reusing ${opts.name} (${holds}; migrations checked in ${((performance.now() - t) / 1000).toFixed(1)} s)`);
        return database;
      }
      await database.close();
    }
  }
  const url = await createBenchDatabase(opts.name);
  if (opts.reuse) unregisterBenchDatabase(opts.name);
  const database = await openPostgres(url, opts.connections);
  await database.migrate();
  await ensureReferenceData(database.db);
  await opts.generate(database);
  return database;
}
