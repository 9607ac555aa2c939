// npm run storage:copy -- --to s3 [--prune] [--concurrency N]
// Copies every file of DATA_DIR/uploads into the bucket the S3_* variables name (decision 0040),
// then says what to set for the servers to use it. Run it as often as you like: it copies only
// what is missing or different, and verifies each object it writes.
import { loadConfig } from '../config';
import { progressLine } from '../lib/progress-line';
import { s3Storage } from '../lib/s3-storage';
import { copyUploadsToBucket } from '../lib/storage-copy';
import { commandLine } from './command-line';

const { args, value, fail, concurrency: concurrencyOption } = commandLine();

if (value('to') !== 's3') fail('usage: npm run storage:copy -- --to s3 [--prune] [--concurrency N]\n(s3 is the only destination)');
const concurrency = concurrencyOption();
const prune = args.includes('--prune');

const config = loadConfig();
const s3 =
  config.storage.s3 ??
  fail(
    'Set S3_BUCKET first, with what your service needs: S3_ENDPOINT (R2, MinIO; unset for AWS), S3_REGION, ' +
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or the AWS SDK’s own credentials), S3_FORCE_PATH_STYLE=true for MinIO.',
  );
const bucket = await s3Storage(s3);
const where = `${s3.endpoint ?? `AWS S3 (${s3.region})`} bucket ${s3.bucket}`;
console.log(`Copying ${config.uploadsDir} into ${where}`);

const line = progressLine(process.stdout, 'storage copy', 2);
line.update(1, 'listing the folder and the bucket');
let started = Date.now();
const report = await copyUploadsToBucket({
  root: config.uploadsDir,
  bucket,
  concurrency,
  prune,
  onListed: (files, inBucket) => {
    line.update(1, `${files} files in the folder, ${inBucket} objects in the bucket`);
    started = Date.now();
  },
  onProgress: (done, total) => line.update(2, 'copying and verifying', done, total),
}).catch((err: unknown) => {
  line.end();
  bucket.close();
  const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return fail(`Could not copy into ${where}: ${why}`);
});
line.end();
bucket.close();

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `${report.files} files: ${report.copied} copied (${(report.bytesCopied / 1024 / 1024).toFixed(1)} MB) and verified, ` +
    `${report.skipped} already in the bucket, ${report.failed.length} failed, in ${seconds} s.`,
);
for (const f of report.failed.slice(0, 20)) console.log(`  failed: ${f.key}: ${f.reason}`);
if (report.failed.length > 20) console.log(`  … and ${report.failed.length - 20} more`);
for (const key of report.unsafe) console.log(`  not copied (not a storage key; the app never serves it): ${key}`);
if (report.orphans.length) {
  console.log(
    prune
      ? `Removed ${report.pruned} objects copied earlier whose files have left the folder since.`
      : `${report.orphans.length} objects copied earlier have no file in the folder any more (photos deleted since): ` +
          'run again with --prune to remove them from the bucket.',
  );
}

if (report.failed.length) {
  console.log('\nNot complete: run the same command again. It copies only what is missing or different.');
  process.exit(1);
}
const env = [
  'STORAGE_DRIVER=s3',
  `S3_BUCKET=${s3.bucket}`,
  ...(s3.endpoint ? [`S3_ENDPOINT=${s3.endpoint}`] : []),
  `S3_REGION=${s3.region}`,
  ...(s3.forcePathStyle ? ['S3_FORCE_PATH_STYLE=true'] : []),
  ...(s3.accessKeyId ? ['S3_ACCESS_KEY_ID=…', 'S3_SECRET_ACCESS_KEY=…'] : []),
];
console.log(
  config.storage.driver === 's3'
    ? '\nThe bucket has every file of the folder, and STORAGE_DRIVER=s3 is already set here.'
    : `\nThe bucket has every file of the folder. To move the servers onto it, set on every instance and restart them:\n` +
        env.map((e) => `  ${e}`).join('\n') +
        '\n  (MEDIA_PUBLIC_URL=https://… too if a CDN serves the bucket)\n' +
        'Then run this command once more: it copies the photos uploaded between this run and the restart.',
);
