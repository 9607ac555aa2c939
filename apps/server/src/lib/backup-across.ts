import type { PGlite } from '@electric-sql/pglite';
import { BackupError } from './backup-format';

/**
 * A backup of the embedded default (PGlite) restored into PostgreSQL (decision 0044, "Across
 * engines"): the way an `npm start` marketplace moves onto the scaled-out topology
 * (docs/deploying.md). `pg_dump` cannot read PGlite's folder and PGlite's own dump restores into
 * PGlite only, so the copy is logical:
 *
 * 1. the empty PostgreSQL database is migrated with this server's migrations, and the backup's
 *    database must have applied exactly the same ones (same count, same hashes);
 * 2. in one transaction: every migrated table emptied (a migration may have inserted reference
 *    rows), then each table copied in foreign-key order with `COPY (…) TO '/dev/blob'` from
 *    PGlite and `COPY … FROM STDIN` into PostgreSQL, its non-generated columns only, with its
 *    user triggers disabled (search words and counters were computed at the source and must not
 *    be computed twice); every sequence set to the source's state;
 * 3. each table's row count and the md5 of its rows (as text, sorted) compared on both sides.
 *
 * Tables the migrations do not make (pg-boss's queue, created by the server at start) are not
 * copied: the sweeps queue what is due again (decision 0044).
 */

export interface AcrossReport {
  tables: number;
  rows: number;
  /** Source tables the migrations do not make, left behind. */
  skipped: string[];
}

interface Column {
  name: string;
}

/** What the copy needs of a PostgreSQL connection (a pg.Client). */
export interface PgTarget {
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  copyFrom(statement: string, data: Uint8Array): Promise<void>;
}

const TABLES = `select format('%I.%I', n.nspname, c.relname) as name, c.oid::int as oid
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and not c.relispartition and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;
/** Columns a COPY may write: not dropped, not generated (those are computed again from the rest). */
const COLUMNS = (table: string) => `select format('%I', attname) as name from pg_attribute
  where attrelid = '${table}'::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`;
/** Which table each table's foreign keys point at (self-references left out: one COPY checks them at its end). */
const REFERENCES = `select format('%I.%I', sn.nspname, s.relname) as child, format('%I.%I', tn.nspname, t.relname) as parent
  from pg_constraint k
  join pg_class s on s.oid = k.conrelid join pg_namespace sn on sn.oid = s.relnamespace
  join pg_class t on t.oid = k.confrelid join pg_namespace tn on tn.oid = t.relnamespace
  where k.contype = 'f' and k.conrelid <> k.confrelid`;
const SEQUENCES = `select format('%I.%I', schemaname, sequencename) as name from pg_sequences
  where schemaname not in ('pg_catalog', 'information_schema')`;
const MIGRATIONS = 'select hash from drizzle.__drizzle_migrations order by created_at, id';
const digestOf = (table: string, columns: Column[]) =>
  `select count(*)::text as n, coalesce(md5(string_agg(x::text, E'\\n' order by x::text)), '') as h
   from (select ${columns.map((c) => c.name).join(', ')} from ${table}) x`;

/** Parents before children; a cycle between tables (none in SwapU's schema) is refused. */
export function foreignKeyOrder(tables: string[], references: { child: string; parent: string }[]): string[] {
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const r of references) if (parents.has(r.child) && parents.has(r.parent)) parents.get(r.child)!.add(r.parent);
  const order: string[] = [];
  const done = new Set<string>();
  while (order.length < tables.length) {
    const ready = tables.filter((t) => !done.has(t) && [...parents.get(t)!].every((p) => done.has(p)));
    if (!ready.length)
      throw new BackupError(
        `These tables refer to each other in a cycle, so they cannot be copied one after another: ${tables.filter((t) => !done.has(t)).join(', ')}.`,
      );
    for (const t of ready) {
      order.push(t);
      done.add(t);
    }
  }
  return order;
}

/**
 * Copies the backup's PGlite database (opened in memory) into a PostgreSQL database this server's
 * migrations have just made; throws a BackupError, having committed nothing, when the two differ.
 */
export async function copyPgliteIntoPostgres(source: PGlite, target: PgTarget): Promise<AcrossReport> {
  const src = async <T>(text: string) => (await source.query<T>(text)).rows;

  // 1. The same migrations on both sides.
  const applied = (await src<{ hash: string }>(MIGRATIONS).catch(() => [])).map((r) => r.hash);
  const migrated = (await target.query<{ hash: string }>(MIGRATIONS)).map((r) => r.hash);
  if (applied.length !== migrated.length || applied.some((h, i) => h !== migrated[i]))
    throw new BackupError(
      `The backup's database has ${applied.length} migrations applied, this server's ${migrated.length}` +
        (applied.length === migrated.length ? ' with different contents' : '') +
        ': restore it with the SwapU version that took it (its manifest names it), start that version once on the ' +
        'embedded default to bring the database up to date, back up again, then restore with this one. Nothing was changed.',
    );

  // 2. The tables the migrations made, in foreign-key order, with what the source holds of them.
  const targetTables = (await target.query<{ name: string }>(TABLES)).map((r) => r.name);
  const sourceTables = new Set((await src<{ name: string }>(TABLES)).map((r) => r.name));
  const skipped = [...sourceTables].filter((t) => !targetTables.includes(t)).sort();
  const tables = foreignKeyOrder(
    targetTables.filter((t) => t !== 'drizzle.__drizzle_migrations').sort(),
    await target.query<{ child: string; parent: string }>(REFERENCES),
  );
  const missing = tables.filter((t) => !sourceTables.has(t));
  if (missing.length)
    throw new BackupError(`The backup's database has no ${missing.join(', ')}, which its migrations make. Nothing was changed.`);

  // Rows as text (the digests) read the same on both sides only with the same session settings.
  for (const q of [
    "set timezone to 'UTC'",
    "set datestyle to 'ISO, MDY'",
    "set intervalstyle to 'postgres'",
    'set extra_float_digits to 1',
  ]) {
    await src(q);
    await target.query(q);
  }
  let rows = 0;
  await target.query('begin');
  try {
    await target.query(`truncate ${tables.join(', ')}`);
    for (const table of tables) {
      const columns = await target.query<Column>(COLUMNS(table));
      const list = columns.map((c) => c.name).join(', ');
      const out = await source.query(`copy (select ${list} from ${table}) to '/dev/blob'`);
      const data = out.blob ? new Uint8Array(await out.blob.arrayBuffer()) : new Uint8Array(0);
      await target.query(`alter table ${table} disable trigger user`);
      if (data.length) await target.copyFrom(`copy ${table} (${list}) from stdin`, data);
      await target.query(`alter table ${table} enable trigger user`);
    }
    for (const { name } of await target.query<{ name: string }>(SEQUENCES)) {
      const [state] = await src<{ last_value: string; is_called: boolean }>(`select last_value, is_called from ${name}`).catch(() => []);
      if (state) await target.query('select setval($1::regclass, $2::bigint, $3)', [name, state.last_value, state.is_called]);
    }
    // 3. Row for row the same, table by table.
    for (const table of tables) {
      const columns = await target.query<Column>(COLUMNS(table));
      const [a] = await src<{ n: string; h: string }>(digestOf(table, columns));
      const [b] = await target.query<{ n: string; h: string }>(digestOf(table, columns));
      if (a!.n !== b!.n || a!.h !== b!.h)
        throw new BackupError(
          `${table} differs after the copy (${a!.n} rows in the backup, ${b!.n} copied; contents ${a!.h === b!.h ? 'equal' : 'differ'}). Nothing was changed.`,
        );
      rows += Number(a!.n);
    }
    await target.query('commit');
  } catch (err) {
    await target.query('rollback').catch(() => {});
    throw err;
  }
  await target.query('analyze');
  return { tables: tables.length, rows, skipped };
}
