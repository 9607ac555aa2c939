// npm run restore -- DIR [--force] [--concurrency N]
// Restores a backup of `npm run backup` into the database and store the server's variables name
// (DATABASE_URL or DATA_DIR/pglite; STORAGE_DRIVER, S3_*): every file checked against the
// manifest first, and an existing marketplace refused unless --force (decision 0044).
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { BackupError, restore } from '../lib/backup';
import { openStorage } from '../lib/open-storage';
import { progressLine } from '../lib/progress-line';
import { commandLine } from './command-line';

const { args, fail, concurrency: concurrencyOption } = commandLine();
const dir =
  args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--concurrency') ??
  fail('usage: npm run restore -- DIR [--force] [--concurrency N]\n(DIR: a folder written by npm run backup)');
const force = args.includes('--force');
const concurrency = concurrencyOption();

// Placeholders: the backup's own keys go into DATA_DIR before anything generates new ones.
const config = loadConfig(process.env, { jwtSecret: '-', encryptionKey: '-' });
const secretNow = (env: string | undefined, file: string) =>
  env ?? (fs.existsSync(path.join(config.dataDir, file)) ? fs.readFileSync(path.join(config.dataDir, file), 'utf8').trim() : '');
const storage = await openStorage(config);
const target = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : path.join(config.dataDir, 'pglite');
console.log(
  `Restoring ${dir} into ${target} and the ${config.storage.driver === 's3' ? `bucket ${config.storage.s3?.bucket}` : `folder ${config.uploadsDir}`}`,
);

const line = progressLine(process.stdout, 'restore', 3);
const labels = {
  verify: [1, 'checking every file against the manifest'],
  database: [2, 'the database'],
  objects: [3, 'the objects'],
} as const;
const started = Date.now();
try {
  const report = await restore({
    dir,
    database: config.databaseUrl
      ? { engine: 'pg', url: config.databaseUrl }
      : { engine: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
    storage,
    uploadsDir: config.uploadsDir,
    dataDir: config.dataDir,
    currentSecrets: () => ({
      jwtSecret: secretNow(process.env.JWT_SECRET, 'jwt-secret'),
      encryptionKey: secretNow(process.env.ENCRYPTION_KEY, 'data-key'),
    }),
    force,
    concurrency,
    onProgress: (step, done, total) => line.update(labels[step][0], labels[step][1], done, total),
  });
  line.end();
  const s = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `Restored in ${s(Date.now() - started)} s: checked (${s(report.timings.verifyMs)} s), the database (${
      report.across
        ? `the embedded backup copied into PostgreSQL: ${report.across.tables} tables, ${report.across.rows} rows, each table checked`
        : `${report.manifest.database.engine}, ${report.manifest.database.tables} tables`
    }, ${s(report.timings.databaseMs)} s), ${report.objects} objects ` +
      `(${(report.bytes / 1024 / 1024).toFixed(1)} MB, ${s(report.timings.objectsMs)} s), from the backup of ${report.manifest.createdAt}.`,
  );
  for (const r of report.replaced) console.log(`  replaced: ${r}`);
  for (const w of report.warnings) console.log(`  warning: ${w}`);
  console.log('Start the server(s) on it: npm start (or your service manager).');
} catch (err) {
  line.end();
  fail(`Restore failed: ${err instanceof BackupError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
} finally {
  storage.close?.();
}
