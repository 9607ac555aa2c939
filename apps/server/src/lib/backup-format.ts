import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A backup folder's format (decision 0044; the layout is described in backup.ts): its manifest and
 * object list, the checksums, and reading and verifying a backup before a restore.
 */

export const MANIFEST = 'manifest.json';
export const OBJECTS_LIST = 'objects.tsv';
export const FORMAT = 'swapu-backup';
export const FORMAT_VERSION = 1;
type SecretFile = 'jwt-secret' | 'data-key';

export interface BackupManifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  /** The app's version (root package.json) that wrote it. */
  appVersion: string;
  database: { engine: 'pg' | 'pglite'; file: string; bytes: number; sha256: string; serverVersion: string; tables: number };
  storage: { driver: 'local' | 's3'; source: string; objects: number; bytes: number; list: string; listSha256: string };
  /**
   * Where the token-signing and encryption keys came from at backup time, and a fingerprint of each
   * (the first 16 hex digits of their SHA-256, never the keys): a restore warns when the target's
   * differ, as every session would then be refused and sealed secrets (TOTP, provider tokens) lost.
   */
  secrets: Record<SecretFile, { from: 'env' | 'file' | 'none'; fingerprint: string; file?: string }>;
  /** Milliseconds the database dump and the objects' copy took. */
  timings: { databaseMs: number; objectsMs: number };
}

export interface ObjectEntry {
  key: string;
  size: number;
  sha256: string;
}

/** The source or target database: PGlite in this process, or PostgreSQL by URL. */
export type DatabaseTarget = { engine: 'pglite'; pglite: PGlite } | { engine: 'pg'; url: string };

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Keys are read, copied and checked a page at a time: a million listings are millions of objects. */
export const PAGE = 1000;

export const sha256Of = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
export const fingerprint = (secret: string) => sha256Of(secret).slice(0, 16);

export async function sha256File(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Runs up to `limit` tasks at once over `items`; the first failure rejects once the others stop. */
export async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<void>) {
  let next = 0;
  let failed: unknown;
  const worker = async () => {
    while (failed === undefined && next < items.length) {
      const i = next++;
      try {
        await task(items[i]!, i);
      } catch (err) {
        failed ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failed !== undefined) throw failed;
}

// ---------------------------------------------------------------------------------------------
// Reading a backup

/** Reads a backup's manifest and checks its object list against it (size of the list aside, nothing held in memory). */
export async function readManifest(dir: string): Promise<BackupManifest> {
  let raw: string;
  try {
    raw = await fs.readFile(path.join(dir, MANIFEST), 'utf8');
  } catch {
    throw new BackupError(`${dir} has no ${MANIFEST}: not a SwapU backup, or one that did not finish. Nothing was changed.`);
  }
  const manifest = JSON.parse(raw) as BackupManifest;
  if (manifest.format !== FORMAT || manifest.version !== FORMAT_VERSION)
    throw new BackupError(`${dir}/${MANIFEST} is not a SwapU backup of format version ${FORMAT_VERSION}. Nothing was changed.`);
  let list: { sha256: string };
  try {
    list = await sha256File(path.join(dir, manifest.storage.list));
  } catch {
    throw new BackupError(`${dir}/${manifest.storage.list} is missing: the backup is damaged. Nothing was changed.`);
  }
  if (list.sha256 !== manifest.storage.listSha256)
    throw new BackupError(
      `${dir}/${manifest.storage.list} does not match its checksum in ${MANIFEST}: the backup is damaged. Nothing was changed.`,
    );
  return manifest;
}

/** The backup's objects as its list names them, a page at a time. */
export async function* objectPages(dir: string, manifest: BackupManifest): AsyncGenerator<ObjectEntry[]> {
  const lines = createInterface({ input: createReadStream(path.join(dir, manifest.storage.list)), crlfDelay: Infinity });
  let page: ObjectEntry[] = [];
  for await (const line of lines) {
    if (!line) continue;
    const [key, size, sha256] = line.split('\t');
    page.push({ key: key!, size: Number(size), sha256: sha256! });
    if (page.length >= PAGE) {
      yield page;
      page = [];
    }
  }
  if (page.length) yield page;
}

/** The manifest and every object entry at once: for tests and small backups. */
export async function readBackup(dir: string): Promise<{ manifest: BackupManifest; objects: ObjectEntry[] }> {
  const manifest = await readManifest(dir);
  const objects: ObjectEntry[] = [];
  for await (const page of objectPages(dir, manifest)) objects.push(...page);
  return { manifest, objects };
}

/** Every file of the backup against its checksum; what is wrong (the first 1,000 problems, and how many in all). */
export async function verifyBackup(
  dir: string,
  manifest: BackupManifest,
  opts: { concurrency?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<{ problems: string[]; count: number }> {
  const problems: string[] = [];
  let count = 0;
  const check = async (rel: string, size: number, sha256: string) => {
    let problem: string | null = null;
    try {
      const sum = await sha256File(path.join(dir, rel));
      if (sum.bytes !== size) problem = `${rel}: ${sum.bytes} bytes, the manifest says ${size}`;
      else if (sum.sha256 !== sha256) problem = `${rel}: its SHA-256 is not the manifest's (the file was changed or damaged)`;
    } catch {
      problem = `${rel}: missing`;
    }
    if (problem) {
      count++;
      if (problems.length < 1000) problems.push(problem);
    }
  };
  await check(manifest.database.file, manifest.database.bytes, manifest.database.sha256);
  let done = 0;
  for await (const page of objectPages(dir, manifest)) {
    await eachLimited(page, opts.concurrency ?? 8, (o) => check(`objects/${o.key}`, o.size, o.sha256));
    done += page.length;
    opts.onProgress?.(done, manifest.storage.objects);
  }
  if (done !== manifest.storage.objects) {
    count++;
    problems.push(`${manifest.storage.list}: ${done} objects listed, the manifest says ${manifest.storage.objects}`);
  }
  return { problems: problems.sort(), count };
}
