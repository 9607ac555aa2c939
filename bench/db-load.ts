// Loading generated rows into a bench database: COPY on PostgreSQL or PGlite, statements' rows,
// secondary indexes dropped for a load and built again after it (bench:search, bench:swipe,
// bench:leaderboard), and bench:search's marketplace as the benches that reuse it load it.
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import {
  copyLine,
  createRandom,
  generatePost,
  type GeneratedPost,
  type Locality,
  localityPicker,
  POST_COLUMNS,
  postLine,
  type Random,
} from './search-data';

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

/** A picker of places from the localities table (the reference data), drawing from `r`. */
export async function placesFrom(database: Database, r: Random) {
  const all = await execute<{ suburb: string; postcode: string; au_state: string; lat: number; lng: number }>(
    database,
    sql`select suburb, postcode, au_state, lat, lng from localities`,
  );
  const localities: Locality[] = all.map((l) => ({ suburb: l.suburb, postcode: l.postcode, auState: l.au_state, lat: l.lat, lng: l.lng }));
  return localityPicker(localities, r);
}

/** Members `idOf(0)` to `idOf(count - 1)` (member{i}@bench.swapu.au, "Member {i}"), each at a place from `place`, created at `now`. */
export async function copyMembers(database: Database, count: number, idOf: (i: number) => string, place: () => Locality, now: Date) {
  await copyInto(
    database,
    'users',
    ['id', 'email', 'display_name', 'suburb', 'postcode', 'au_state', 'lat', 'lng', 'created_at', 'updated_at'],
    (function* () {
      for (let i = 0; i < count; i++) {
        const l = place();
        yield copyLine([idOf(i), `member${i}@bench.swapu.au`, `Member ${i}`, l.suburb, l.postcode, l.auState, l.lat, l.lng, now, now]);
      }
    })(),
  );
}

/** `count` listings as generatePost draws them from `r`, owned by `owners`; `each` sees every one as it is copied. */
export async function copyListings(
  database: Database,
  count: number,
  draw: { r: Random; owners: string[]; place: () => Locality; now: Date },
  each?: (post: GeneratedPost, i: number) => void,
) {
  await copyInto(
    database,
    'posts',
    POST_COLUMNS,
    (function* () {
      for (let i = 0; i < count; i++) {
        const post = generatePost(i, count, draw.r, draw.owners, draw.place, draw.now);
        each?.(post, i);
        yield postLine(post);
      }
    })(),
  );
}

/**
 * bench:search's marketplace, copied in: `rows` listings of max(500, rows / 20) members, drawn
 * from the same seed in the same order wherever it is loaded (bench:search, bench:fairness,
 * bench:cluster), so each measures the same listings. The listings' secondary indexes are dropped
 * before their load and returned, for the caller to build again with its own settings (as a
 * restore does). Returns the members' ids and how long each copy took.
 */
export async function copySearchMarketplace(database: Database, rows: number, now: Date) {
  const r = createRandom(42);
  const place = await placesFrom(database, r);
  const owners = Array.from({ length: Math.max(500, Math.round(rows / 20)) }, (_, i) => `bu${i.toString(36).padStart(6, '0')}`);
  let t = performance.now();
  await copyMembers(database, owners.length, (i) => owners[i]!, place, now);
  const membersMs = performance.now() - t;
  const indexes = await dropIndexes(database, 'posts');
  t = performance.now();
  await copyListings(database, rows, { r, owners, place, now });
  return { owners, indexes, membersMs, listingsMs: performance.now() - t };
}
