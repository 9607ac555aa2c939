import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { s3Client, s3Storage, type S3Storage } from './s3-storage';
import { copyUploadsToBucket } from './storage-copy';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

let server: S3TestServer;
let bucket: S3Storage;
let dataDir: string;
let uploads: string;
/** key → bytes of every file put in the folder. */
const files = new Map<string, Buffer>();

beforeAll(async () => {
  server = await startS3Server({ bucket: 'swapu-copy' });
  bucket = await s3Storage(server.config);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-copy-'));
  uploads = path.join(dataDir, 'uploads');
  const write = (key: string, data: Buffer) => {
    fs.mkdirSync(path.dirname(path.join(uploads, key)), { recursive: true });
    fs.writeFileSync(path.join(uploads, key), data);
    files.set(key, data);
  };
  for (let p = 0; p < 6; p++)
    for (const v of ['lg', 'sm', 'c240']) write(`posts/p${p}/img${p}/${v}.webp`, randomBytes(2000 + p * 500 + v.length));
  write('avatars/u1/a1/lg.webp', randomBytes(4000));
  write('blog/b1/c1/lg.webp', randomBytes(9000));
  write('labels/L1/a4.pdf', Buffer.from('%PDF-1.7 label'));
  // A write interrupted by a crash (lib/storage.ts writes *.tmp, then renames) and a name no key may have.
  fs.writeFileSync(path.join(uploads, 'posts/p0/img0/lg.webp.1234.tmp'), 'half a photo');
  fs.writeFileSync(path.join(uploads, 'posts/p0/not a key.webp'), 'odd');
});
afterAll(async () => {
  bucket?.close();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const copy = (opts: { prune?: boolean } = {}) => copyUploadsToBucket({ root: uploads, bucket, concurrency: 4, ...opts });
async function bucketMatchesFolder() {
  for (const [key, data] of files) expect((await bucket.get(key))?.equals(data), key).toBe(true);
}

describe('npm run storage:copy -- --to s3', () => {
  it('copies every file of the folder into the bucket, verified, leaving out partial writes and names that are not keys', async () => {
    const report = await copy();
    expect(report).toMatchObject({
      files: files.size + 1,
      copied: files.size,
      skipped: 0,
      failed: [],
      unsafe: ['posts/p0/not a key.webp'],
    });
    await bucketMatchesFolder();
    expect(await bucket.exists('posts/p0/img0/lg.webp.1234.tmp')).toBe(false);
    const stat = await bucket.stat('labels/L1/a4.pdf');
    expect(stat).toMatchObject({ size: 14, copiedFrom: 'uploads-folder' });
    expect(stat!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('copies nothing when run again', async () => {
    expect(await copy()).toMatchObject({ copied: 0, skipped: files.size, failed: [] });
  });

  it('copies again only what is missing, partial or different in the bucket', async () => {
    const client = await s3Client(server.config);
    try {
      const partial = 'posts/p1/img1/lg.webp';
      // A partial object, as an interrupted upload by another tool would leave it (no sha256 beside it).
      await client.send(new PutObjectCommand({ Bucket: server.config.bucket, Key: partial, Body: files.get(partial)!.subarray(0, 1000) }));
      // Same size, different bytes.
      const changed = 'posts/p2/img2/sm.webp';
      await bucket.put(changed, randomBytes(files.get(changed)!.length));
      await bucket.remove('avatars/u1/a1/lg.webp');
      const report = await copy();
      expect(report).toMatchObject({ copied: 3, skipped: files.size - 3, failed: [] });
      await bucketMatchesFolder();
    } finally {
      client.destroy();
    }
  });

  it('finds objects it copied whose file has left the folder, and removes only those with --prune', async () => {
    fs.rmSync(path.join(uploads, 'posts/p5'), { recursive: true });
    for (const v of ['lg', 'sm', 'c240']) files.delete(`posts/p5/img5/${v}.webp`);
    // A photo the server wrote into the bucket after the switch is never the copy's to remove.
    await bucket.put('posts/p9/img9/lg.webp', randomBytes(300));

    const seen = await copy();
    expect(seen.orphans).toEqual(['posts/p5/img5/c240.webp', 'posts/p5/img5/lg.webp', 'posts/p5/img5/sm.webp']);
    expect(seen.pruned).toBe(0);
    expect(await bucket.exists('posts/p5/img5/lg.webp')).toBe(true);

    const pruned = await copy({ prune: true });
    expect(pruned).toMatchObject({ pruned: 3, copied: 0, failed: [] });
    expect(await bucket.exists('posts/p5/img5/lg.webp')).toBe(false);
    expect(await bucket.exists('posts/p9/img9/lg.webp')).toBe(true);
    await bucketMatchesFolder();

    await expect(copyUploadsToBucket({ root: path.join(dataDir, 'nothing-here'), bucket, prune: true })).rejects.toThrow(
      /refusing to prune/,
    );
    expect(await bucket.exists('posts/p0/img0/lg.webp')).toBe(true);
  });

  it('as a command: shows its progress, and says what to set once the bucket has everything', async () => {
    fs.writeFileSync(path.join(uploads, 'posts/p0/img0/extra.webp'), randomBytes(500));
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      S3_BUCKET: server.config.bucket,
      S3_ENDPOINT: server.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      STORAGE_DRIVER: '',
      MEDIA_PUBLIC_URL: '',
    };
    const run = promisify(execFile);
    const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
    const { stdout } = await run(tsx, ['apps/server/src/cli/storage-copy.ts', '--to', 's3'], { cwd: ROOT, env });
    expect(stdout).toContain('[swapu] storage copy 2/2 copying and verifying');
    expect(stdout).toMatch(/\d+ files: 1 copied \(0\.0 MB\) and verified, \d+ already in the bucket, 0 failed/);
    expect(stdout).toContain('STORAGE_DRIVER=s3');
    expect(stdout).toContain(`S3_ENDPOINT=${server.endpoint}`);
    expect(stdout).toContain('S3_FORCE_PATH_STYLE=true');
    expect(await bucket.exists('posts/p0/img0/extra.webp')).toBe(true);

    const wrong = await run(tsx, ['apps/server/src/cli/storage-copy.ts', '--to', 'ftp'], { cwd: ROOT, env }).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect(wrong).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run storage:copy -- --to s3') });
  });
});
