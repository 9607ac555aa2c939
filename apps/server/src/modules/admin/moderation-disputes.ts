import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DisputeOutcome } from '@swapu/shared/admin-moderation';
import type { OfferState } from '@swapu/shared/offers';
import { paths } from '@swapu/shared/paths';
import { offers, postReservations, posts } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { accountsChanged, postChanged } from '../../lib/viewer-cache';
import { Notices } from '../notifications/index';
import { complete, offerPostIds, recordEvent } from '../offers/index';
import { recordAudit } from '../../lib/audit';
import { type ModerationDeps, required } from './moderation-reports';

// ---- Disputes -------------------------------------------------------------------------------------

/**
 * Resolves a swap in dispute, once: the conditional update (state still 'disputed') lets exactly
 * one of two admins at once through; the other gets dispute_resolved. Complete runs the swap's own
 * completion (items swapped, carbon, points, goals) as if both had confirmed; cancel withdraws the
 * offer, releases its reservations and puts its items back on the market. Both parties are told.
 */
export async function resolveDispute(
  deps: ModerationDeps,
  adminId: string,
  offerId: string,
  outcome: DisputeOutcome,
  reasonIn: string,
  now: Date,
) {
  const reason = required(reasonIn);
  const notices = new Notices();
  const moved = await deps.database.db.transaction(async (tx) => {
    const to: OfferState = outcome === 'complete' ? 'completed' : 'withdrawn';
    const [o] = await tx
      .update(offers)
      .set(
        outcome === 'complete'
          ? {
              state: to,
              offererConfirmedAt: sql`coalesce(${offers.offererConfirmedAt}, ${now})`,
              ownerConfirmedAt: sql`coalesce(${offers.ownerConfirmedAt}, ${now})`,
              updatedAt: now,
            }
          : { state: to, updatedAt: now },
      )
      .where(and(eq(offers.id, offerId), eq(offers.state, 'disputed')))
      .returning();
    if (!o) {
      const [exists] = await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId));
      throw exists ? errors.conflict('dispute_resolved') : errors.notFound();
    }
    let movedPosts: string[];
    if (outcome === 'complete') movedPosts = await complete(tx, o, now, notices);
    else {
      const ids = await offerPostIds(tx, o);
      const released = await tx
        .delete(postReservations)
        .where(eq(postReservations.offerId, o.id))
        .returning({ postId: postReservations.postId });
      const back = released.map((r) => r.postId).filter((id) => ids.includes(id));
      if (back.length)
        await tx
          .update(posts)
          .set({ state: 'published', updatedAt: now })
          .where(and(inArray(posts.id, back), eq(posts.state, 'reserved')));
      movedPosts = back;
    }
    await recordEvent(tx, o.id, adminId, outcome === 'complete' ? 'admin_complete' : 'admin_cancel', 'disputed', to, reason, now);
    const [post] = await tx.select({ title: posts.title }).from(posts).where(eq(posts.id, o.postId));
    for (const userId of [o.offererId, o.ownerId])
      await notices.add(
        tx,
        {
          userId,
          kind: 'moderation',
          data: { event: outcome === 'complete' ? 'dispute_completed' : 'dispute_cancelled', postTitle: post?.title ?? '', reason },
          link: paths.swapOffer(o.id),
        },
        now,
      );
    await recordAudit(
      tx,
      {
        actorId: adminId,
        action: 'dispute.resolve',
        targetType: 'offer',
        targetId: o.id,
        before: { state: 'disputed' },
        after: { state: to, outcome, posts: movedPosts },
        reason,
      },
      now,
    );
    return { posts: movedPosts, parties: [o.offererId, o.ownerId] };
  });
  await notices.announce(deps.hub);
  for (const id of moved.posts) postChanged(deps, id);
  accountsChanged(deps, moved.parties);
  return { resolvedReports: 0 };
}
