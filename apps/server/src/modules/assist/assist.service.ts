import { eq, sql } from 'drizzle-orm';
import type { AssistAccount, AssistResult } from '@swapu/shared/money-api';
import { assistTokensOf, extendFrom, isSpecialItem } from '@swapu/shared/purchases';
import type { Db, Tx } from '../../db/client';
import { memberAssist, posts } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { bookTokens } from '../tokens/index';

/**
 * Swap Assist (PRODUCT.md "Money features"): one item's, for a month at a time (bought, paid in
 * tokens or from a coupon), or every item of a member's (the 3/6/12-month packages). A running
 * one is extended from its end.
 */

/** One of the member's published items, locked, with whether it is in a special category. */
export async function ownPublishedItem(tx: Tx, userId: string, postId: string) {
  const [post] = await tx
    .select({ ownerId: posts.ownerId, state: posts.state, categories: posts.categories, title: posts.title, until: posts.swapAssistUntil })
    .from(posts)
    .where(eq(posts.id, postId))
    .for('update');
  if (!post) throw errors.notFound();
  if (post.ownerId !== userId) throw errors.forbidden();
  if (post.state !== 'published') throw errors.conflict('data_invalid');
  return { ...post, special: isSpecialItem(post.categories) };
}

/** Extends one item's Swap Assist by `months`; answers the span granted (for an exact refund). */
export async function grantItemAssist(tx: Tx, postId: string, months: number, now: Date) {
  const [post] = await tx.select({ until: posts.swapAssistUntil }).from(posts).where(eq(posts.id, postId)).for('update');
  if (!post) throw errors.notFound();
  const until = extendFrom(post.until, now, months);
  const from = post.until && post.until > now ? post.until : now;
  await tx.update(posts).set({ swapAssistUntil: until, updatedAt: now }).where(eq(posts.id, postId));
  return { until, grantedMs: until.getTime() - from.getTime() };
}

/** Extends a member's unlimited Swap Assist by `months`; answers the span granted. */
export async function grantMemberAssist(tx: Tx, userId: string, months: number, now: Date) {
  const [row] = await tx.select({ until: memberAssist.until }).from(memberAssist).where(eq(memberAssist.userId, userId)).for('update');
  const until = extendFrom(row?.until ?? null, now, months);
  const from = row?.until && row.until > now ? row.until : now;
  await tx
    .insert(memberAssist)
    .values({ userId, until, updatedAt: now })
    .onConflictDoUpdate({ target: memberAssist.userId, set: { until, updatedAt: now } });
  return { until, grantedMs: until.getTime() - from.getTime() };
}

/** Takes back exactly a span granted earlier (a refund), never below `now`'s end of nothing. */
export async function revokeItemAssist(tx: Tx, postId: string, grantedMs: number, now: Date) {
  await tx
    .update(posts)
    .set({
      swapAssistUntil: sql`nullif(greatest(${posts.swapAssistUntil} - make_interval(secs => ${grantedMs / 1000}), ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(posts.id, postId));
}

export async function revokeMemberAssist(tx: Tx, userId: string, grantedMs: number, now: Date) {
  await tx
    .update(memberAssist)
    .set({
      until: sql`greatest(${memberAssist.until} - make_interval(secs => ${grantedMs / 1000}), ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(memberAssist.userId, userId));
}

/** A month of one item's Swap Assist paid with tokens: 2, or 5 for an item in a special category. */
export async function assistWithTokens(db: Db, userId: string, postId: string, now: Date): Promise<AssistResult> {
  return db.transaction(async (tx) => {
    const post = await ownPublishedItem(tx, userId, postId);
    const balance = await bookTokens(tx, {
      userId,
      delta: -assistTokensOf(post.special),
      reason: 'swap_assist',
      sourceId: newId(),
      postId,
      now,
    });
    const { until } = await grantItemAssist(tx, postId, 1, now);
    return { postId, swapAssistUntil: until.toISOString(), balance };
  });
}

export async function assistAccount(db: Tx, userId: string, now: Date): Promise<AssistAccount> {
  const [row] = await db.select({ until: memberAssist.until }).from(memberAssist).where(eq(memberAssist.userId, userId));
  return { unlimitedUntil: row && row.until > now ? row.until.toISOString() : null };
}

/** The end of an item's Swap Assist as people see it: its own, or its owner's package, whichever is later. */
export const effectiveAssistUntilSql = (post: ReturnType<typeof sql>) =>
  sql<Date | null>`nullif(greatest(coalesce(${post}.swap_assist_until, 'epoch'::timestamptz), coalesce((select ma.until from member_assist ma where ma.user_id = ${post}.owner_id), 'epoch'::timestamptz)), 'epoch'::timestamptz)`;
