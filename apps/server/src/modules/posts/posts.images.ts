import { and, asc, eq, sql } from 'drizzle-orm';
import { POST_IMAGES_MAX } from '@swapu/shared/constants';
import type { Database, Tx } from '../../db/client';
import { postImages, posts } from '../../db/schema/index';
import { AppError, errors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { toWebVariants, type Variant } from '../../lib/images';
import { needsReview, sexualScore, type Moderator } from '../../lib/moderation';
import type { Storage } from '../../lib/storage';
import { imageVariantKeys } from '../../lib/storage';
import type { Viewer } from '../../lib/viewer';
import { ownPost } from './posts.write';

/**
 * Listing photos: the whole picture at 640, 960 and up to 1280 px for the gallery, square crops at
 * 240, 480 and 720 px for cards (imageVariantKeys names the files).
 */
export const LISTING_VARIANTS: Variant[] = [
  { name: 'lg', width: 1280, height: 1280, fit: 'inside' },
  { name: 'g960', width: 960, height: 960, fit: 'inside' },
  { name: 'g640', width: 640, height: 640, fit: 'inside' },
  { name: 'sm', width: 480, height: 480, fit: 'cover' },
  { name: 'c240', width: 240, height: 240, fit: 'cover' },
  { name: 'c720', width: 720, height: 720, fit: 'cover' },
];

/** Photos can change while a listing is being written or is live, not once it is in a swap or done. */
const EDITABLE = new Set(['draft', 'published', 'archived']);

async function editablePost(db: Tx, viewer: Viewer, postId: string) {
  const row = await ownPost(db, viewer, postId);
  if (!EDITABLE.has(row.state)) throw new AppError(409, 'form_issue');
  return row;
}

/** Row lock on the listing: photo changes of one listing run one after another. */
async function lockPost(tx: Tx, postId: string) {
  await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).for('update');
}

async function imageCount(db: Tx, postId: string) {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(postImages)
    .where(eq(postImages.postId, postId));
  return r?.n ?? 0;
}

export interface UploadDeps {
  database: Database;
  storage: Storage;
  moderator: Moderator;
}

/**
 * Adds a photo to the caller's listing: decoded (proving it is an image) and re-encoded to WebP,
 * which drops EXIF and GPS; checked by the moderation model; stored; then recorded. Files are
 * written before the row, so a crash can leave an unreferenced file but never a broken photo.
 */
export async function addPostImage(deps: UploadDeps, viewer: Viewer, postId: string, file: Buffer, now: Date) {
  const { db } = deps.database;
  await editablePost(db, viewer, postId);
  if ((await imageCount(db, postId)) >= POST_IMAGES_MAX) throw new AppError(400, 'images_limit');
  const variants = await toWebVariants(file, LISTING_VARIANTS);
  // Judge what we would publish (upright, decoded), not the raw bytes.
  const verdict = await deps.moderator.check(variants.get('lg')!);
  if (verdict.inappropriate) throw new AppError(400, 'image_inappropriate');
  // Close to the line but under it: stored, and queued for an admin to look at (decision 0007).
  const moderation = { moderationScore: sexualScore(verdict.scores), moderationFlag: needsReview(verdict.scores) ? 'flagged' : null };

  const id = newId();
  const storageKey = `posts/${postId}/${id}`;
  const keys = imageVariantKeys(storageKey);
  for (const v of LISTING_VARIANTS) await deps.storage.put(keys[v.name as keyof typeof keys], variants.get(v.name)!);
  const { width, height } = await imageSize(variants.get('lg')!);
  try {
    await deps.database.db.transaction(async (tx) => {
      // Lock the listing so two uploads at once cannot both take the tenth place.
      await lockPost(tx, postId);
      const [r] = await tx
        .select({ n: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${postImages.position}), -1)::int` })
        .from(postImages)
        .where(eq(postImages.postId, postId));
      if ((r?.n ?? 0) >= POST_IMAGES_MAX) throw new AppError(400, 'images_limit');
      await tx
        .insert(postImages)
        .values({ id, postId, position: (r?.last ?? -1) + 1, storageKey, width, height, ...moderation, createdAt: now });
      await tx.update(posts).set({ updatedAt: now }).where(eq(posts.id, postId));
    });
  } catch (e) {
    await deps.storage.remove(`${storageKey}/`);
    throw e;
  }
  return id;
}

async function imageSize(webp: Buffer) {
  const { default: sharp } = await import('sharp');
  const meta = await sharp(webp).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** Removes one photo of the caller's listing and closes the gap in the order. */
export async function removePostImage(deps: UploadDeps, viewer: Viewer, postId: string, imageId: string, now: Date) {
  const { db } = deps.database;
  await editablePost(db, viewer, postId);
  const removed = await db.transaction(async (tx) => {
    await lockPost(tx, postId);
    const [img] = await tx
      .delete(postImages)
      .where(and(eq(postImages.id, imageId), eq(postImages.postId, postId)))
      .returning();
    if (!img) throw errors.notFound();
    await renumber(tx, postId, null);
    await tx.update(posts).set({ updatedAt: now }).where(eq(posts.id, postId));
    return img;
  });
  await deps.storage.remove(`${removed.storageKey}/`);
}

/** Puts the listing's photos in the given order; the list must name each photo exactly once. */
export async function reorderPostImages(deps: UploadDeps, viewer: Viewer, postId: string, imageIds: string[], now: Date) {
  const { db } = deps.database;
  await editablePost(db, viewer, postId);
  await db.transaction(async (tx) => {
    await lockPost(tx, postId);
    const current = await tx.select({ id: postImages.id }).from(postImages).where(eq(postImages.postId, postId));
    const known = new Set(current.map((c) => c.id));
    if (imageIds.length !== known.size || new Set(imageIds).size !== imageIds.length || !imageIds.every((i) => known.has(i))) {
      throw new AppError(400, 'data_invalid', { imageIds: 'must list every photo of the item once' });
    }
    await renumber(tx, postId, imageIds);
    await tx.update(posts).set({ updatedAt: now }).where(eq(posts.id, postId));
  });
}

async function renumber(tx: Tx, postId: string, order: string[] | null) {
  const ids =
    order ??
    (await tx.select({ id: postImages.id }).from(postImages).where(eq(postImages.postId, postId)).orderBy(asc(postImages.position))).map(
      (r) => r.id,
    );
  for (const [position, id] of ids.entries()) {
    await tx.update(postImages).set({ position }).where(eq(postImages.id, id));
  }
}
