import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { S3Storage } from './s3-storage';

/**
 * Where uploaded and generated files live: the local default writes under DATA_DIR/uploads, the S3
 * adapter (lib/s3-storage.ts) into a bucket (decision 0040). Every key is checked by assertSafeKey.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes an object, or every object under a key prefix ending in '/'; missing ones are fine. */
  remove(key: string): Promise<void>;
  /** The address a browser fetches the object at: /media/<key>, or under MEDIA_PUBLIC_URL when set. */
  url(key: string): string;
  /** Resolves when the store can be written to (the folder) or reached (the bucket); rejects otherwise. */
  ping(): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Refuses a key that could leave its folder or bucket prefix (`..`, a leading `/`, odd characters). */
export function assertSafeKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
  pdf: 'application/pdf',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
};

/** The Content-Type a stored file is served with, by its name's extension. */
export const contentTypeOf = (key: string) =>
  CONTENT_TYPES[/\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/** Stored files are never rewritten under the same key (new photos get new ids): cached for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A stored object's browser address: this server's /media/, or MEDIA_PUBLIC_URL (a CDN) when set. */
export const mediaUrlOf = (publicUrl: string | undefined) => {
  const base = publicUrl ? `${publicUrl.replace(/\/+$/, '')}/` : '/media/';
  return (key: string) => `${base}${key}`;
};

export function localStorage(root: string, opts: { publicUrl?: string } = {}): Storage {
  const resolve = (key: string) => path.join(root, assertSafeKey(key));
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename so a crash never leaves a half-written file under the final name.
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async exists(key) {
      const file = resolve(key);
      try {
        await fs.access(file);
        return true;
      } catch {
        return false;
      }
    },
    async get(key) {
      const file = resolve(key);
      try {
        return await fs.readFile(file);
      } catch {
        return null;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key).replace(/[\\/]+$/, ''), { recursive: true, force: true });
    },
    async ping() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fsConstants.W_OK);
    },
    url: mediaUrlOf(opts.publicUrl),
  };
}

/** A bucket (lib/s3-storage.ts), told apart without loading the AWS SDK. */
export const isS3Storage = (s: Storage): s is S3Storage => (s as Partial<S3Storage>).kind === 's3';

let currentMediaUrl = mediaUrlOf(undefined);

/**
 * The browser's address of a stored file, as the running app's storage gives it: what every answer
 * that names a photo (cards, galleries, srcsets, avatars, blog covers) calls. One process serves one
 * site, so buildApp sets it once from its storage (useMediaUrl) rather than every service taking
 * the storage as an argument only to name URLs; a test's app restores the previous one on close.
 */
export const mediaUrl = (key: string) => currentMediaUrl(key);

/** Makes `url` the process's mediaUrl; the returned function puts back the one before. */
export function useMediaUrl(url: (key: string) => string): () => void {
  const before = currentMediaUrl;
  currentMediaUrl = url;
  return () => {
    if (currentMediaUrl === url) currentMediaUrl = before;
  };
}

/**
 * The web-sized variants every listing photo is stored as: the whole picture at 640, 960 and up to
 * 1280 px wide for the gallery, square crops at 240, 480 and 720 px for cards (responsive srcset).
 * Photos stored before the 240/640/720/960 sizes existed are filled in by the backfill job; until
 * then those names fall back to the nearest older size (app.ts).
 */
export const imageVariantKeys = (base: string) => ({
  lg: `${base}/lg.webp`,
  g960: `${base}/g960.webp`,
  g640: `${base}/g640.webp`,
  sm: `${base}/sm.webp`,
  c240: `${base}/c240.webp`,
  c720: `${base}/c720.webp`,
});

/** The widths a card's square photo comes in: `srcset` for a card. */
export const cardSrcSet = (base: string, url: (key: string) => string) => {
  const k = imageVariantKeys(base);
  return `${url(k.c240)} 240w, ${url(k.sm)} 480w, ${url(k.c720)} 720w`;
};

/** The widths the whole photo comes in, never wider than the photo itself: `srcset` for the gallery. */
export const gallerySrcSet = (base: string, width: number, url: (key: string) => string) => {
  const k = imageVariantKeys(base);
  const sizes = new Map<number, string>();
  for (const [w, key] of [
    [640, k.g640],
    [960, k.g960],
    [1280, k.lg],
  ] as const)
    if (!sizes.has(Math.min(w, width))) sizes.set(Math.min(w, width), key);
  return [...sizes].map(([w, key]) => `${url(key)} ${w}w`).join(', ');
};

/**
 * A listing photo variant a request may name before the backfill has written it, and the older size
 * it falls back to. The demo seed writes its photos' 480 px size first and the rest once the server
 * is ready (decision 0035): meanwhile even the whole picture falls back to it.
 */
export const VARIANT_FALLBACK: Record<string, 'lg' | 'sm'> = { lg: 'sm', g960: 'lg', g640: 'lg', c240: 'sm', c720: 'sm' };
