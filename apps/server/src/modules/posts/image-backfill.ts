import { asc } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { postImages } from '../../db/schema/index';
import type { App } from '../../lib/context';
import { toWebVariants } from '../../lib/images';
import { imageVariantKeys, type Storage } from '../../lib/storage';
import { LISTING_VARIANTS } from './posts.images';

/**
 * Writes the responsive sizes (640/960 gallery, 240/720 card) of listing photos stored before
 * they existed, from each photo's largest stored size. The last size written (c720) marks a photo
 * done, so a crash part-way is picked up on the next start. Returns how many photos it filled in.
 */
export async function backfillImageVariants(db: Tx, storage: Storage, stop: () => boolean = () => false): Promise<number> {
  const rows = await db.select({ key: postImages.storageKey }).from(postImages).orderBy(asc(postImages.createdAt));
  const missing = LISTING_VARIANTS.filter((v) => v.name !== 'lg' && v.name !== 'sm');
  const last = missing.at(-1)!;
  let filled = 0;
  for (const { key } of rows) {
    if (stop()) break;
    const keys = imageVariantKeys(key);
    if (await storage.exists(keys[last.name as keyof typeof keys])) continue;
    const lg = await storage.get(keys.lg);
    if (!lg) continue;
    const variants = await toWebVariants(lg, missing).catch(() => null);
    if (!variants) continue;
    for (const v of missing) await storage.put(keys[v.name as keyof typeof keys], variants.get(v.name)!);
    filled += 1;
  }
  return filled;
}

/**
 * Photo sizes that another part of the server writes itself once it is ready (the demo seed's
 * pictures: decision 0035), given the backfill's stop flag; returns how many photos it finished.
 */
export type SizeWriter = (stop: () => boolean) => Promise<number>;
const queued: SizeWriter[] = [];

/** Queues `writer` to run after the server is ready, before the backfill looks for missing sizes. */
export function writeSizesWhenReady(writer: SizeWriter) {
  queued.push(writer);
}

/** Runs the queued writers, then the backfill, once, in the background, after the server is ready. */
export function attachImageBackfill(app: App) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    running = (async () => {
      for (let writer = queued.shift(); writer && !stopped; writer = queued.shift()) {
        const n = await writer(() => stopped);
        if (n) app.log.info({ photos: n }, 'demo photo sizes written');
      }
      const n = await backfillImageVariants(app.ctx.database.db, app.ctx.storage, () => stopped);
      if (n) app.log.info({ photos: n }, 'responsive photo sizes written');
    })().catch((err: unknown) => app.log.warn({ err }, 'responsive photo sizes backfill failed'));
  });
  app.addHook('onClose', async () => {
    stopped = true;
    await running;
  });
}
