// npm run backup -- --out DIR [--concurrency N]
// One consistent snapshot of the marketplace into a new folder: the database (pg_dump on
// PostgreSQL, PGlite's own dump on the embedded default) and every object of the store, with a
// manifest of keys, sizes and SHA-256 checksums (decision 0044). The same variables as the server.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openPglite } from '../db/client';
import { assertPgliteFree, backup, BackupError } from '../lib/backup';
import { openStorage } from '../lib/open-storage';
import { progressLine } from '../lib/progress-line';
import { VERSION } from '../version';
import { commandLine } from './command-line';

const { value, fail, concurrency: concurrencyOption } = commandLine();

const out = value('out') ?? fail('usage: npm run backup -- --out DIR [--concurrency N]\n(DIR: a new or empty folder)');
const concurrency = concurrencyOption();

// Placeholders keep loadConfig from generating keys into DATA_DIR: the backup reads what is there.
const config = loadConfig(process.env, { jwtSecret: '-', encryptionKey: '-' });
const secretOf = async (env: string | undefined, file: string) => {
  if (env) return env;
  return (await fs.promises.readFile(path.join(config.dataDir, file), 'utf8').catch(() => '')).trim();
};
const secrets = {
  jwtSecret: await secretOf(process.env.JWT_SECRET, 'jwt-secret'),
  encryptionKey: await secretOf(process.env.ENCRYPTION_KEY, 'data-key'),
  fromEnv: { jwtSecret: Boolean(process.env.JWT_SECRET), encryptionKey: Boolean(process.env.ENCRYPTION_KEY) },
};

const pgliteDir = path.join(config.dataDir, 'pglite');
let database: Parameters<typeof backup>[0]['database'];
let closeDatabase = async () => {};
if (config.databaseUrl) {
  database = { engine: 'pg', url: config.databaseUrl };
} else {
  try {
    assertPgliteFree(pgliteDir);
  } catch (err) {
    fail(`Cannot back up: ${(err as Error).message}\n(On PostgreSQL, backups run while the servers serve.)`);
  }
  // Opening a missing folder would create an empty database and back that up: a wrong DATA_DIR.
  if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION')))
    fail(`There is no embedded database in ${pgliteDir}: set DATA_DIR to the server's (or DATABASE_URL for PostgreSQL).`);
  const opened = await openPglite(pgliteDir);
  database = { engine: 'pglite', pglite: opened.raw as never };
  closeDatabase = () => opened.close();
}
const storage = await openStorage(config);
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : pgliteDir;
console.log(
  `Backing up ${where} and the ${config.storage.driver === 's3' ? `bucket ${config.storage.s3?.bucket}` : `folder ${config.uploadsDir}`} into ${out}`,
);

const line = progressLine(process.stdout, 'backup', 2);
const started = Date.now();
try {
  const manifest = await backup({
    out,
    database,
    storage,
    uploadsDir: config.uploadsDir,
    dataDir: config.dataDir,
    secrets,
    appVersion: VERSION,
    concurrency,
    // The objects' number is known only at the end (they are listed as they are copied): a count on
    // a terminal, the step's name once elsewhere.
    onProgress: (step, done) =>
      step === 'database'
        ? line.update(1, 'the database')
        : line.update(2, process.stdout.isTTY ? `the objects: ${(done ?? 0).toLocaleString('en-AU')} copied` : 'the objects'),
  });
  line.end();
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(
    `Backed up in ${((Date.now() - started) / 1000).toFixed(1)} s: the database (${manifest.database.engine}, ${manifest.database.tables} tables, ` +
      `${mb(manifest.database.bytes)} MB, ${(manifest.timings.databaseMs / 1000).toFixed(1)} s) and ${manifest.storage.objects} objects ` +
      `(${mb(manifest.storage.bytes)} MB, ${(manifest.timings.objectsMs / 1000).toFixed(1)} s), checksums in ${path.join(out, 'manifest.json')} and objects.tsv.`,
  );
  if (Object.values(manifest.secrets).some((s) => s.from === 'file'))
    console.log(`The backup holds DATA_DIR's generated keys (secrets/, owner-only): keep it as private as the database itself.`);
} catch (err) {
  line.end();
  fail(
    `Backup failed: ${err instanceof BackupError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n${out} is incomplete (it has no manifest.json): delete it.`,
  );
} finally {
  storage.close?.();
  await closeDatabase();
}
