import { eq } from 'drizzle-orm';
import type { ReportBody } from '@swapu/shared/api';
import type { Tx } from '../../db/client';
import { postReports, posts } from '../../db/schema/index';
import { AppError, errors } from '../../lib/errors';
import { newId } from '../../lib/ids';

/**
 * Stores a member's report of a listing for the moderation queue. Reporting the same listing
 * again updates the open report instead of piling up duplicates.
 */
export async function reportPost(db: Tx, userId: string, postId: string, body: ReportBody, now: Date) {
  const [post] = await db.select({ ownerId: posts.ownerId, state: posts.state }).from(posts).where(eq(posts.id, postId)).limit(1);
  if (!post || post.state === 'draft') throw errors.notFound();
  if (post.ownerId === userId) throw new AppError(400, 'data_invalid', { postId: 'You cannot report your own item.' });
  await db
    .insert(postReports)
    .values({ id: newId(), postId, reporterId: userId, reason: body.reason, details: body.details, status: 'open', createdAt: now })
    .onConflictDoUpdate({
      target: [postReports.postId, postReports.reporterId],
      set: { reason: body.reason, details: body.details, status: 'open', createdAt: now },
    });
}
