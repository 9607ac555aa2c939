import { and, count, eq, sql } from 'drizzle-orm';
import { paths } from '@swapu/shared/paths';
import { postImages, posts } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { postChanged } from '../../lib/viewer-cache';
import { Notices } from '../notifications/index';
import { recordAudit } from '../../lib/audit';
import { type ModerationDeps, required } from './moderation-reports';

// ---- Photos ---------------------------------------------------------------------------------------

/**
 * Removes a photo (its row and its stored files) and tells the owner why. The only photo of a live
 * listing is refused (image_last_photo): hide the listing instead, then remove the photo.
 */
export async function removeImage(deps: ModerationDeps, adminId: string, imageId: string, reasonIn: string, now: Date) {
  const reason = required(reasonIn);
  const notices = new Notices();
  const removed = await deps.database.db.transaction(async (tx) => {
    const [found] = await tx.select({ postId: postImages.postId }).from(postImages).where(eq(postImages.id, imageId));
    if (!found) throw errors.notFound();
    // The listing's lock first, as every photo change takes it (posts.images.ts).
    const [post] = await tx.select().from(posts).where(eq(posts.id, found.postId)).for('update');
    const [img] = await tx.select().from(postImages).where(eq(postImages.id, imageId));
    if (!post || !img) throw errors.notFound();
    const [n] = await tx.select({ n: count() }).from(postImages).where(eq(postImages.postId, post.id));
    if (post.state === 'published' && Number(n?.n ?? 0) <= 1) throw errors.conflict('image_last_photo');
    await tx.delete(postImages).where(eq(postImages.id, imageId));
    await tx
      .update(postImages)
      .set({ position: sql`${postImages.position} - 1` })
      .where(and(eq(postImages.postId, post.id), sql`${postImages.position} > ${img.position}`));
    await tx.update(posts).set({ updatedAt: now }).where(eq(posts.id, post.id));
    await notices.add(
      tx,
      {
        userId: post.ownerId,
        kind: 'moderation',
        data: { event: 'image_removed', postTitle: post.title, reason },
        link: paths.viewPost(post.id),
      },
      now,
    );
    await recordAudit(
      tx,
      {
        actorId: adminId,
        action: 'image.remove',
        targetType: 'image',
        targetId: imageId,
        before: { postId: post.id, storageKey: img.storageKey, moderationScore: img.moderationScore, moderationFlag: img.moderationFlag },
        after: null,
        reason,
      },
      now,
    );
    return img;
  });
  // After commit: at worst a crash leaves orphan files, never a listing pointing at missing ones.
  await deps.storage.remove(`${removed.storageKey}/`);
  await notices.announce(deps.hub);
  postChanged(deps, removed.postId);
  return { resolvedReports: 0 };
}

/** Approves a flagged photo: an admin looked and it stays (it leaves the queue). */
export async function approveImage(deps: ModerationDeps, adminId: string, imageId: string, note: string, now: Date) {
  return deps.database.db.transaction(async (tx) => {
    const [img] = await tx.select().from(postImages).where(eq(postImages.id, imageId)).for('update');
    if (!img) throw errors.notFound();
    if (img.reviewedAt === null) {
      await tx.update(postImages).set({ reviewedAt: now }).where(eq(postImages.id, imageId));
      await recordAudit(
        tx,
        {
          actorId: adminId,
          action: 'image.approve',
          targetType: 'image',
          targetId: imageId,
          before: { postId: img.postId, moderationScore: img.moderationScore, moderationFlag: img.moderationFlag, reviewedAt: null },
          after: { reviewedAt: now.toISOString() },
          reason: note,
        },
        now,
      );
    }
    return { resolvedReports: 0 };
  });
}
