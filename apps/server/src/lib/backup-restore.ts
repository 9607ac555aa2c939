import { readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type BackupManifest,
  BackupError,
  eachLimited,
  fingerprint,
  objectPages,
  readManifest,
  sha256Of,
  verifyBackup,
} from './backup-format';
import { applicationTables, countStore, databaseState, describeStore, findPgTool, libpqArgs, queryable, run } from './backup-targets';
import type { Storage } from './storage';
import { type AcrossReport, copyPgliteIntoPostgres } from './backup-across';

/**
 * Restoring a backup (decision 0044): every check before any change, then the generated keys, the
 * database and the objects.
 */

export interface RestoreOptions {
  dir: string;
  /** Where to restore the database: a PGlite data folder, or PostgreSQL by URL. */
  database: { engine: 'pglite'; dataDir: string } | { engine: 'pg'; url: string };
  storage: Storage;
  uploadsDir: string;
  dataDir: string;
  /** The keys the target will run with (from the environment, or DATA_DIR's files), after restoring the backup's. */
  currentSecrets?: () => { jwtSecret: string; encryptionKey: string };
  force?: boolean;
  concurrency?: number;
  onProgress?: (step: 'verify' | 'database' | 'objects', done?: number, total?: number) => void;
}

export interface RestoreReport {
  manifest: BackupManifest;
  /** An embedded backup copied into PostgreSQL: the tables and rows copied and checked. */
  across?: { tables: number; rows: number };
  objects: number;
  bytes: number;
  /** What --force replaced (empty when the targets were empty). */
  replaced: string[];
  warnings: string[];
  timings: { verifyMs: number; databaseMs: number; objectsMs: number };
}

/** A PGlite folder's state without opening it: absent or empty, held by a process, or holding a database. */
function pgliteFolder(dataDir: string): 'absent' | 'held' | 'present' {
  let entries: string[];
  try {
    entries = readdirSync(dataDir);
  } catch {
    return 'absent';
  }
  if (!entries.length) return 'absent';
  return entries.includes('postmaster.pid') ? 'held' : 'present';
}

/** The message for a PGlite folder another process (a running server) holds. */
export const pgliteHeldMessage = (dataDir: string) =>
  `${dataDir} is in use: a SwapU server (or another tool) has the embedded database open, and PGlite's folder can be ` +
  `opened by one process only. Stop the server (SIGTERM, or Ctrl-C for npm start), run this again, then start it. ` +
  `If no server is running (it was killed), start and stop it once so it closes the database cleanly.`;

export function assertPgliteFree(dataDir: string) {
  if (pgliteFolder(dataDir) === 'held') throw new BackupError(pgliteHeldMessage(dataDir));
}

export async function restore(opts: RestoreOptions): Promise<RestoreReport> {
  const { dir, storage, uploadsDir } = opts;
  const progress = opts.onProgress ?? (() => {});
  const manifest = await readManifest(dir);
  const warnings: string[] = [];
  const replaced: string[] = [];

  // A PostgreSQL backup goes back into PostgreSQL; an embedded one into PGlite, or into PostgreSQL
  // by a logical copy (backup-across.ts): the move onto the scaled-out topology.
  const across = manifest.database.engine === 'pglite' && opts.database.engine === 'pg';
  if (manifest.database.engine === 'pg' && opts.database.engine !== 'pg')
    throw new BackupError(
      'This backup is of a PostgreSQL database: set DATABASE_URL to the PostgreSQL database to restore it into. Nothing was changed.',
    );

  // 1. Every check before any change: both targets (quick), then the backup's every file.
  const refusals: string[] = [];
  if (opts.database.engine === 'pglite') {
    const folder = pgliteFolder(opts.database.dataDir);
    if (folder === 'held') throw new BackupError(`${pgliteHeldMessage(opts.database.dataDir)} Nothing was changed.`);
    if (folder === 'present') {
      const { PGlite } = await import('@electric-sql/pglite');
      const { pgliteExtensions } = await import('../db/client');
      const pglite = await PGlite.create({ dataDir: opts.database.dataDir, extensions: await pgliteExtensions() });
      try {
        const state = await databaseState({ engine: 'pglite', pglite });
        if (state.state === 'in-use')
          refusals.push(`the database in ${opts.database.dataDir} has ${state.members} members and ${state.listings} listings`);
      } finally {
        await pglite.close();
      }
      replaced.push(`the database in ${opts.database.dataDir}`);
    }
  } else {
    const state = await databaseState(opts.database);
    if (state.state === 'in-use') refusals.push(`the database at DATABASE_URL has ${state.members} members and ${state.listings} listings`);
    if (state.state !== 'empty') replaced.push('the database at DATABASE_URL');
  }
  const existing = await countStore(storage, uploadsDir);
  const holds = `${existing.n.toLocaleString('en-AU')}${existing.more ? ' or more' : ''} objects`;
  if (existing.n) refusals.push(`the ${describeStore(storage, uploadsDir)} holds ${holds}`);
  if (refusals.length && !opts.force)
    throw new BackupError(
      `Refusing to restore over data: ${refusals.join('; ')}. Nothing was changed.\n` +
        'Restore into an empty database and an empty store, or add --force to replace the database and write the ' +
        "backup's objects over the store's (objects not in the backup are left where they are).",
    );
  if (existing.n) replaced.push(`${holds} already in the ${describeStore(storage, uploadsDir)} (kept; the backup's written over them)`);

  // The backup's every file against its checksum.
  const verifyStarted = Date.now();
  progress('verify', 0, manifest.storage.objects);
  const { problems, count } = await verifyBackup(dir, manifest, {
    concurrency: opts.concurrency,
    onProgress: (d, t) => progress('verify', d, t),
  });
  if (count)
    throw new BackupError(
      `The backup in ${dir} is damaged: ${count} file(s) do not match the manifest. Nothing was changed.\n` +
        problems
          .slice(0, 20)
          .map((p) => `  ${p}`)
          .join('\n') +
        (count > 20 ? `\n  … and ${count - 20} more` : ''),
    );
  const verifyMs = Date.now() - verifyStarted;

  // 2. Generated keys, before anything reads them: only into a DATA_DIR without its own.
  for (const [name, info] of Object.entries(manifest.secrets)) {
    if (info.from !== 'file' || !info.file) continue;
    const target = path.join(opts.dataDir, name);
    const value = await fs.readFile(path.join(dir, info.file), 'utf8');
    const current = await fs.readFile(target, 'utf8').catch(() => null);
    if (current === null) {
      await fs.mkdir(opts.dataDir, { recursive: true });
      await fs.writeFile(target, value, { mode: 0o600 });
    } else if (current.trim() !== value.trim()) {
      if (opts.force) {
        await fs.writeFile(target, value, { mode: 0o600 });
        replaced.push(`${target}`);
      } else warnings.push(`${target} differs from the backup's and was kept (add --force to replace it)`);
    }
  }
  const current = opts.currentSecrets?.();
  if (current) {
    if (manifest.secrets['jwt-secret'].from !== 'none' && fingerprint(current.jwtSecret) !== manifest.secrets['jwt-secret'].fingerprint)
      warnings.push(
        'The token-signing key (JWT_SECRET, or DATA_DIR/jwt-secret) is not the one in use when the backup was taken: every session issued before it will be refused (members sign in again).',
      );
    if (manifest.secrets['data-key'].from !== 'none' && fingerprint(current.encryptionKey) !== manifest.secrets['data-key'].fingerprint)
      warnings.push(
        'The encryption key (ENCRYPTION_KEY, or DATA_DIR/data-key) is not the one in use when the backup was taken: sealed secrets (two-step sign-in, provider tokens) cannot be opened.',
      );
  }

  // 3. The database.
  progress('database');
  let acrossReport: AcrossReport | undefined;
  const dbStarted = Date.now();
  const dbFile = path.join(dir, manifest.database.file);
  if (opts.database.engine === 'pglite') {
    await fs.rm(opts.database.dataDir, { recursive: true, force: true });
    await fs.mkdir(opts.database.dataDir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const { pgliteExtensions } = await import('../db/client');
    const pglite = await PGlite.create({
      dataDir: opts.database.dataDir,
      loadDataDir: new Blob([await fs.readFile(dbFile)]),
      extensions: await pgliteExtensions(),
    });
    try {
      const tables = (await applicationTables({ query: async <T>(t: string) => (await pglite.query<T>(t)).rows })).length;
      if (tables !== manifest.database.tables)
        throw new BackupError(`The restored database has ${tables} tables, the backup ${manifest.database.tables}.`);
    } finally {
      await pglite.close();
    }
  } else {
    const q = await queryable(opts.database);
    try {
      // Whatever a server created (an empty marketplace's tables, the migrations' record): the dump
      // makes them all again. Extensions live in public and go with it.
      const schemas = await q.query<{ name: string }>(
        `select quote_ident(nspname) as name from pg_namespace
         where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg_temp_%' and nspname not like 'pg_toast_temp_%'`,
      );
      for (const s of schemas) await q.query(`drop schema ${s.name} cascade`);
      await q.query('create schema public');
    } finally {
      await q.close();
    }
    if (across) acrossReport = await restoreAcross(dbFile, opts.database.url);
    else {
      const { dbname, env } = libpqArgs(opts.database.url);
      await run(
        findPgTool('pg_restore'),
        ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, dbFile],
        env,
      );
      const q2 = await queryable(opts.database);
      try {
        await q2.query('analyze');
        const tables = (await applicationTables(q2)).length;
        if (tables !== manifest.database.tables)
          throw new BackupError(`The restored database has ${tables} tables, the backup ${manifest.database.tables}.`);
      } finally {
        await q2.close();
      }
    }
  }
  if (acrossReport?.skipped.length)
    warnings.push(`Not copied (the server makes them at start; the sweeps queue what is due again): ${acrossReport.skipped.join(', ')}.`);
  const databaseMs = Date.now() - dbStarted;

  // 4. The objects, each checked again as read (the backup's files could change since step 1).
  const objStarted = Date.now();
  progress('objects', 0, manifest.storage.objects);
  let done = 0;
  for await (const page of objectPages(dir, manifest)) {
    await eachLimited(page, opts.concurrency ?? 8, async (o) => {
      const data = await fs.readFile(path.join(dir, 'objects', o.key));
      if (sha256Of(data) !== o.sha256)
        throw new BackupError(`objects/${o.key} changed since it was verified: restore again from an intact copy.`);
      await storage.put(o.key, data);
    });
    done += page.length;
    progress('objects', done, manifest.storage.objects);
  }
  const objectsMs = Date.now() - objStarted;

  return {
    manifest,
    ...(acrossReport ? { across: { tables: acrossReport.tables, rows: acrossReport.rows } } : {}),
    objects: manifest.storage.objects,
    bytes: manifest.storage.bytes,
    replaced,
    warnings,
    timings: { verifyMs, databaseMs, objectsMs },
  };
}

/**
 * An embedded backup into the (emptied) PostgreSQL database at url: migrated by this server's
 * migrations, then the backup's rows copied and checked (backup-across.ts).
 */
async function restoreAcross(dbFile: string, url: string): Promise<AcrossReport> {
  const { openPostgres } = await import('../db/client');
  const migrating = await openPostgres(url, 1);
  try {
    await migrating.migrate();
  } finally {
    await migrating.close();
  }
  const [{ PGlite }, { pgliteExtensions }, { default: pg }, { from: copyFrom }, { pipeline }, { Readable }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('../db/client'),
    import('pg'),
    import('pg-copy-streams'),
    import('node:stream/promises'),
    import('node:stream'),
  ]);
  const source = await PGlite.create({ loadDataDir: new Blob([await fs.readFile(dbFile)]), extensions: await pgliteExtensions() });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await copyPgliteIntoPostgres(source, {
      query: async <T>(text: string, values?: unknown[]) => (await client.query(text, values)).rows as T[],
      copyFrom: async (statement, data) => {
        await pipeline(Readable.from([Buffer.from(data)]), client.query(copyFrom(statement)));
      },
    });
  } finally {
    await client.end();
    await source.close();
  }
}
