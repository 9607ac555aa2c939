import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import {
  type BackupManifest,
  BackupError,
  type DatabaseTarget,
  eachLimited,
  fingerprint,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  type ObjectEntry,
  OBJECTS_LIST,
  sha256File,
  sha256Of,
} from './backup-format';
import { applicationTables, describeStore, findPgTool, libpqArgs, queryable, run, storeKeys } from './backup-targets';
import { isS3Storage, type Storage } from './storage';

/**
 * Backups and restores of a whole marketplace (decision 0044): the database (pg_dump's custom
 * format on PostgreSQL, PGlite's own data-directory dump on the embedded default) and every object
 * of the store, in a plain folder with a manifest of keys, sizes and SHA-256 checksums.
 *
 *   DIR/manifest.json        what the backup holds; written last, so a folder without it is incomplete
 *   DIR/database.dump        pg_dump --format=custom (PostgreSQL)
 *   DIR/database.pglite.tgz  PGlite's dumpDataDir('gzip') (embedded default)
 *   DIR/objects.tsv          key, size, sha256 of every object, one a line
 *   DIR/objects/<key>        the objects' bytes
 *   DIR/secrets/             DATA_DIR/jwt-secret and data-key when the server generated them
 *
 * This file takes a backup; backup-format.ts reads and verifies one, backup-restore.ts restores it,
 * backup-targets.ts reaches the database and the store.
 */

export {
  BackupError,
  type BackupManifest,
  type DatabaseTarget,
  MANIFEST,
  type ObjectEntry,
  OBJECTS_LIST,
  objectPages,
  readBackup,
  readManifest,
  sha256Of,
  verifyBackup,
} from './backup-format';
export { applicationTables, databaseState, type DatabaseState, findPgTool, storeKeys } from './backup-targets';
export { assertPgliteFree, pgliteHeldMessage, restore, type RestoreOptions, type RestoreReport } from './backup-restore';

// ---------------------------------------------------------------------------------------------
// Backup

export interface BackupOptions {
  out: string;
  database: DatabaseTarget;
  storage: Storage;
  uploadsDir: string;
  /** DATA_DIR, where generated secrets live. */
  dataDir: string;
  /** The keys in use, and whether they came from the environment. */
  secrets: { jwtSecret: string; encryptionKey: string; fromEnv: { jwtSecret: boolean; encryptionKey: boolean } };
  appVersion: string;
  concurrency?: number;
  now?: () => Date;
  onProgress?: (step: 'database' | 'objects', done?: number, total?: number) => void;
}

/** Refuses an output folder that holds anything: a backup never mixes with another. */
async function assertEmptyOut(out: string) {
  try {
    const entries = await fs.readdir(out);
    if (entries.length) throw new BackupError(`${out} is not empty: give --out a new or empty folder (a backup never overwrites another).`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(out, { recursive: true });
}

export async function backup(opts: BackupOptions): Promise<BackupManifest> {
  const { out, storage, uploadsDir } = opts;
  const progress = opts.onProgress ?? (() => {});
  const now = opts.now ?? (() => new Date());
  await assertEmptyOut(out);
  const createdAt = now().toISOString();

  // 1. The database: one snapshot (pg_dump's transaction; PGlite is ours alone while it dumps).
  progress('database');
  const dbStarted = Date.now();
  let dbFile: string;
  let serverVersion: string;
  let tables: number;
  const q = await queryable(opts.database);
  try {
    serverVersion = (await q.query<{ v: string }>("select current_setting('server_version') as v"))[0]!.v;
    tables = (await applicationTables(q)).length;
  } finally {
    await q.close();
  }
  if (opts.database.engine === 'pg') {
    dbFile = 'database.dump';
    const { dbname, env } = libpqArgs(opts.database.url);
    await run(
      findPgTool('pg_dump'),
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(out, dbFile)}`, `--dbname=${dbname}`],
      env,
    );
  } else {
    dbFile = 'database.pglite.tgz';
    const blob = await opts.database.pglite.dumpDataDir('gzip');
    await fs.writeFile(path.join(out, dbFile), Buffer.from(await blob.arrayBuffer()));
  }
  const dbSum = await sha256File(path.join(out, dbFile));
  const databaseMs = Date.now() - dbStarted;

  // 2. The objects, after the database: objects are never rewritten under the same key, so every
  // object a row of the dump names is there unless it was deleted meanwhile (decision 0044).
  const objStarted = Date.now();
  const listFile = createWriteStream(path.join(out, OBJECTS_LIST));
  const listHash = createHash('sha256');
  let objects = 0;
  let objectBytes = 0;
  progress('objects', 0);
  for await (const keys of storeKeys(storage, uploadsDir)) {
    const entries: Array<ObjectEntry | undefined> = new Array(keys.length);
    await eachLimited(keys, opts.concurrency ?? 8, async (key, i) => {
      const data = await storage.get(key);
      // Listed a moment ago and gone now: deleted meanwhile (its row, if any, was deleted after the dump).
      if (!data) return;
      const file = path.join(out, 'objects', key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
      entries[i] = { key, size: data.length, sha256: sha256Of(data) };
    });
    const lines = entries.flatMap((e) => (e ? [`${e.key}\t${e.size}\t${e.sha256}\n`] : [])).join('');
    listHash.update(lines);
    if (!listFile.write(lines)) await new Promise<void>((resolve) => listFile.once('drain', () => resolve()));
    for (const e of entries) {
      if (!e) continue;
      objects++;
      objectBytes += e.size;
    }
    progress('objects', objects);
  }
  listFile.end();
  await finished(listFile);
  const objectsMs = Date.now() - objStarted;

  // 3. Generated keys (no JWT_SECRET / ENCRYPTION_KEY in the environment): without them a restore
  // elsewhere refuses every session and cannot open sealed secrets. Owner-only, as in DATA_DIR.
  const secrets = {} as BackupManifest['secrets'];
  for (const [name, value, fromEnv] of [
    ['jwt-secret', opts.secrets.jwtSecret, opts.secrets.fromEnv.jwtSecret],
    ['data-key', opts.secrets.encryptionKey, opts.secrets.fromEnv.encryptionKey],
  ] as const) {
    if (!value) {
      // Neither set nor generated yet (no server has started on this DATA_DIR).
      secrets[name] = { from: 'none', fingerprint: '' };
    } else if (fromEnv) {
      secrets[name] = { from: 'env', fingerprint: fingerprint(value) };
    } else {
      await fs.mkdir(path.join(out, 'secrets'), { recursive: true, mode: 0o700 });
      await fs.writeFile(path.join(out, 'secrets', name), value, { mode: 0o600 });
      secrets[name] = { from: 'file', fingerprint: fingerprint(value), file: `secrets/${name}` };
    }
  }

  const manifest: BackupManifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    createdAt,
    appVersion: opts.appVersion,
    database: { engine: opts.database.engine, file: dbFile, bytes: dbSum.bytes, sha256: dbSum.sha256, serverVersion, tables },
    storage: {
      driver: isS3Storage(storage) ? 's3' : 'local',
      source: describeStore(storage, uploadsDir),
      objects,
      bytes: objectBytes,
      list: OBJECTS_LIST,
      listSha256: listHash.digest('hex'),
    },
    secrets,
    timings: { databaseMs, objectsMs },
  };
  // Last: a folder without its manifest is a backup that did not finish.
  await fs.writeFile(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
