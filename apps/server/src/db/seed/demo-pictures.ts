import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sharp } from '../../lib/lazy-module';
import { imageVariantKeys, type Storage } from '../../lib/storage';
import { LISTING_VARIANTS } from '../../modules/posts/posts.images';
import { SERVER_ROOT } from '../../paths';
import type { PictureKind } from './pictures/index';
import { PICTURE_SIDE, pictureSvg, renderPicture, type PictureSize } from './render-image';

/**
 * Writing the demo's listing photos (decision 0035). A fresh start writes one size of every photo
 * before the server is ready, the 480 px square every card and thumbnail can show, drawn at that
 * size (a quarter of the pixels of the whole picture); the other sizes follow once it is ready
 * (`LATER_SIZES`, through the image backfill's queue), and until then each falls back to the
 * nearest size there is (VARIANT_FALLBACK). Every file is also kept in a cache shared by data
 * directories, keyed by the picture's SVG, so the next fresh data directory (a journey run, a
 * reset) copies instead of rendering.
 */

export interface PictureJob {
  /** Storage key of the photo (its sizes are files under it, imageVariantKeys). */
  key: string;
  kind: PictureKind;
  seed: number;
}

type VariantName = keyof ReturnType<typeof imageVariantKeys>;
const sized = (names: VariantName[]): PictureSize[] =>
  names.map((name) => ({ name, size: Math.min(LISTING_VARIANTS.find((v) => v.name === name)!.width, PICTURE_SIDE) }));

/** Before ready: the card size, which every other size falls back to meanwhile. */
export const FIRST_SIZES = sized(['sm']);
/** After ready, from one drawing of the whole picture; c720 last, the backfill's mark of a photo with every size. */
export const LATER_SIZES = sized(['lg', 'g960', 'g640', 'c240', 'c720']);

/**
 * The cache directory: SEED_PICTURE_CACHE, or node_modules/.cache/swapu-demo-pictures (gone with
 * `npm ci`, like every other build cache there); "off" for none. A cache that cannot be written
 * is skipped, never an error.
 */
export function pictureCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const set = env.SEED_PICTURE_CACHE?.trim();
  if (set === 'off') return null;
  return set || path.join(SERVER_ROOT, '..', '..', 'node_modules', '.cache', 'swapu-demo-pictures');
}

/** Same SVG, same encoder: same files. The key changes with any drawing, colour or setting change. */
const cacheKey = (job: PictureJob) =>
  createHash('sha256')
    .update(`${sharp().versions.vips}|${pictureSvg(job.kind, job.seed)}`)
    .digest('hex')
    .slice(0, 32);

async function fromCache(dir: string, sizes: PictureSize[]): Promise<Map<string, Buffer> | null> {
  try {
    const files = await Promise.all(sizes.map((s) => fs.readFile(path.join(dir, `${s.name}.webp`))));
    return new Map(sizes.map((s, i) => [s.name, files[i]!]));
  } catch {
    return null;
  }
}

async function toCache(dir: string, files: Map<string, Buffer>) {
  try {
    await fs.mkdir(dir, { recursive: true });
    for (const [name, data] of files) {
      // Write then rename: two servers seeding at once never read half a file.
      const tmp = path.join(dir, `${name}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, path.join(dir, `${name}.webp`));
    }
  } catch {
    // A read-only or full disk: the cache is only a shortcut.
  }
}

export interface WriteOptions {
  cacheDir?: string | null;
  /** Called after each photo with how many are done. */
  onProgress?: (done: number, total: number) => void;
  /** Checked between photos: a server shutting down stops here. */
  stop?: () => boolean;
}

/**
 * Writes `sizes` of every photo into storage, from the cache or rendered, as many at once as
 * there are cores (each render is a libuv thread: sharp renders, scales and encodes off the main
 * thread). Returns how many photos were written.
 */
export async function writePictures(storage: Storage, jobs: PictureJob[], sizes: PictureSize[], opts: WriteOptions = {}) {
  const cacheDir = opts.cacheDir === undefined ? pictureCacheDir() : opts.cacheDir;
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < jobs.length && !opts.stop?.()) {
      const job = jobs[next++]!;
      const dir = cacheDir ? path.join(cacheDir, cacheKey(job)) : null;
      let files = dir ? await fromCache(dir, sizes) : null;
      if (!files) {
        files = await renderPicture(job.kind, job.seed, sizes);
        if (dir) await toCache(dir, files);
      }
      const keys = imageVariantKeys(job.key);
      for (const s of sizes) await storage.put(keys[s.name as VariantName], files.get(s.name)!);
      opts.onProgress?.(++done, jobs.length);
    }
  };
  // Two renders per core keep every core busy while the other waits on the disk.
  await Promise.all(Array.from({ length: Math.max(2, 2 * os.availableParallelism()) }, worker));
  return done;
}
