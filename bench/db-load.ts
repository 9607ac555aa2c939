// Loading generated rows into a bench database: COPY on PostgreSQL or PGlite, statements' rows,
// secondary indexes dropped for a load and built again after it (bench:search, bench:swipe,
// bench:leaderboard).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';

/** The rows of one statement. */
export async function execute<T = Record<string, unknown>>(database: Database, q: SQL): Promise<T[]> {
  return ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** Streams text in chunks into COPY: pg through pg-copy-streams, PGlite through /dev/blob. */
export async function copyInto(database: Database, table: string, columns: string[], lines: Iterable<string>) {
  const statement = `copy ${table} (${columns.join(', ')}) from stdin`;
  if (database.kind === 'pg') {
    const pool = database.raw as pg.Pool;
    const client = await pool.connect();
    try {
      const chunks = (function* () {
        let buf = '';
        for (const line of lines) {
          buf += line;
          if (buf.length > 1 << 20) {
            yield buf;
            buf = '';
          }
        }
        if (buf) yield buf;
      })();
      await pipeline(Readable.from(chunks), client.query(copyFrom(statement)));
    } finally {
      client.release();
    }
    return;
  }
  const pglite = database.raw as { query(q: string, p: unknown[], o: { blob: Blob }): Promise<unknown> };
  let buf: string[] = [];
  let size = 0;
  const flush = async () => {
    if (!buf.length) return;
    await pglite.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], { blob: new Blob(buf) });
    buf = [];
    size = 0;
  };
  for (const line of lines) {
    buf.push(line);
    size += line.length;
    if (size > 16 << 20) await flush();
  }
  await flush();
}

/** Drops a table's secondary indexes (to build them after its load, as a restore does) and returns their definitions. */
export async function dropIndexes(database: Database, table: string) {
  const indexes = await execute<{ indexname: string; indexdef: string }>(
    database,
    sql`select i.indexname, i.indexdef from pg_indexes i
      where i.tablename = ${table} and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const ix of indexes) await database.db.execute(sql.raw(`drop index ${ix.indexname}`));
  return indexes;
}
