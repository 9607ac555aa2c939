import fs from 'node:fs/promises';
import path from 'node:path';
import { md5Hex, sha256Hex, type S3Storage } from './s3-storage';
import { assertSafeKey } from './storage';

/** What one run of storage:copy did. */
export interface CopyReport {
  /** Files found in the folder (partial writes aside). */
  files: number;
  /** Uploaded this run, each verified after. */
  copied: number;
  /** Already in the bucket with the same bytes. */
  skipped: number;
  bytesCopied: number;
  /** Files that could not be copied or whose copy did not verify: a later run tries them again. */
  failed: Array<{ key: string; reason: string }>;
  /** Names no storage key may have (left in the folder, never served by the app either). */
  unsafe: string[];
  /** Objects storage:copy put in the bucket whose file has since left the folder (removed by --prune). */
  orphans: string[];
  pruned: number;
}

export interface CopyOptions {
  /** The local folder (DATA_DIR/uploads). */
  root: string;
  bucket: S3Storage;
  /** Uploads at once. */
  concurrency?: number;
  /** Delete the orphans (see CopyReport.orphans). */
  prune?: boolean;
  onListed?: (files: number, inBucket: number) => void;
  onProgress?: (done: number, total: number) => void;
}

/** The metadata that marks an object as copied from the folder (only such objects are ever pruned). */
export const COPIED_FROM = 'uploads-folder';

/** Every file under root as a storage key (a/b/c.webp), the local adapter's half-written *.tmp files aside. */
async function filesUnder(root: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await fs.readdir(root, { recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const keys: string[] = [];
  for (const entry of entries.sort()) {
    if (entry.endsWith('.tmp')) continue;
    const stat = await fs.lstat(path.join(root, entry));
    if (stat.isFile()) keys.push(entry.split(path.sep).join('/'));
  }
  return keys;
}

/** A listed ETag that is the MD5 of the bytes (a single-part upload without KMS), unquoted. */
const plainMd5 = (etag: string) => {
  const e = etag.replace(/"/g, '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(e) ? e : null;
};

/**
 * Copies every file of the local uploads folder into the bucket under the same key. Idempotent and
 * resumable: an object already there with the same bytes (its ETag is their MD5, or the sha256
 * recorded when it was written matches) is skipped, so a run stopped halfway, run again, copies
 * only what is missing or different (a partial or damaged object included). Each upload carries
 * its MD5 (the bucket refuses bytes damaged on the way) and is read back (HEAD) and compared after.
 */
export async function copyUploadsToBucket(opts: CopyOptions): Promise<CopyReport> {
  const report: CopyReport = { files: 0, copied: 0, skipped: 0, bytesCopied: 0, failed: [], unsafe: [], orphans: [], pruned: 0 };
  const keys: string[] = [];
  for (const key of await filesUnder(opts.root)) {
    try {
      keys.push(assertSafeKey(key));
    } catch {
      report.unsafe.push(key);
    }
  }
  report.files = keys.length + report.unsafe.length;
  // An empty or missing folder (the wrong DATA_DIR, or cleared after the switch) would make every
  // copied object an orphan: pruning then is refused rather than emptying the bucket.
  if (opts.prune && keys.length === 0) throw new Error(`refusing to prune: ${opts.root} has no files`);

  const listed = new Map<string, { size: number; etag: string }>();
  for await (const page of opts.bucket.list('')) for (const o of page) listed.set(o.key, { size: o.size, etag: o.etag });
  opts.onListed?.(report.files, listed.size);

  const sameBytes = async (key: string, data: Buffer, seen: { size: number; etag: string } | null | undefined) => {
    if (!seen || seen.size !== data.length) return false;
    const md5 = plainMd5(seen.etag);
    if (md5) return md5 === md5Hex(data);
    // A multipart or KMS-encrypted object's ETag is not its MD5: the sha256 written beside it decides.
    return (await opts.bucket.stat(key))?.sha256 === sha256Hex(data);
  };

  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      try {
        const data = await fs.readFile(path.join(opts.root, key));
        if (await sameBytes(key, data, listed.get(key))) report.skipped++;
        else {
          await opts.bucket.putVerified(key, data, { copiedFrom: COPIED_FROM });
          const stored = await opts.bucket.stat(key);
          const verified =
            stored && stored.size === data.length && (await sameBytes(key, data, stored)) && stored.sha256 === sha256Hex(data);
          if (verified) {
            report.copied++;
            report.bytesCopied += data.length;
          } else
            report.failed.push({
              key,
              reason: `the stored object does not match (${stored ? `${stored.size} bytes, ETag ${stored.etag}` : 'missing'})`,
            });
        }
      } catch (err) {
        report.failed.push({ key, reason: err instanceof Error ? err.message : String(err) });
      }
      opts.onProgress?.(++done, keys.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 8) }, worker));

  // Objects this command copied earlier whose file has gone from the folder since (a photo deleted
  // before the switch): only ever those, never what the server itself wrote into the bucket.
  const local = new Set(keys);
  for (const key of [...listed.keys()].filter((k) => !local.has(k)).sort()) {
    if ((await opts.bucket.stat(key))?.copiedFrom !== COPIED_FROM) continue;
    report.orphans.push(key);
    if (opts.prune) {
      await opts.bucket.remove(key);
      report.pruned++;
    }
  }
  return report;
}
