import type { SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * Raw SQL through Drizzle answers in the driver's own shape (`{ rows, rowCount }` from pg,
 * `{ rows, affectedRows }` from PGlite), which Drizzle types loosely. These two helpers are the one
 * place that shape is read, so no caller casts a query result by hand.
 */
interface RawResult<T> {
  rows?: T[];
  rowCount?: number | null;
  affectedRows?: number | null;
}

/** The rows of a raw query, typed as the caller's columns (snake_case as SQL names them). */
export async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as RawResult<T>;
  return res.rows ?? [];
}

/** How many rows a raw insert, update or delete changed. */
export async function changedRows(db: Tx, query: SQL): Promise<number> {
  const res = (await db.execute(query)) as RawResult<unknown>;
  return res.rowCount ?? res.affectedRows ?? 0;
}
