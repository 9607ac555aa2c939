import { and, eq, inArray } from 'drizzle-orm';
import type { OfferState } from '@swapu/shared/offers';
import { paths } from '@swapu/shared/paths';
import type { Tx } from '../../db/client';
import { offerItems, offers, postReservations, posts } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { accountsChanged, postChanged } from '../../lib/viewer-cache';
import { Notices } from '../notifications/index';
import { notifyParty, recordEvent } from '../offers/index';
import { listAudit, recordAudit } from '../../lib/audit';
import { type ModerationDeps, required, resolvePostReports } from './moderation-reports';

// ---- Hiding listings ------------------------------------------------------------------------------

/**
 * Pending offers the hidden listing takes part in end: offers for it are declined, offers that
 * give it as an item are withdrawn; each gets its event (by the admin) and the other party hears
 * through the offers' own notice and mail.
 */
async function endPendingOffers(tx: Tx, deps: ModerationDeps, notices: Notices, adminId: string, postId: string, now: Date) {
  const forIt = await tx
    .update(offers)
    .set({ state: 'declined', updatedAt: now })
    .where(and(eq(offers.postId, postId), eq(offers.state, 'pending')))
    .returning();
  const givingIt = await tx
    .update(offers)
    .set({ state: 'withdrawn', updatedAt: now })
    .where(
      and(
        eq(offers.state, 'pending'),
        inArray(offers.id, tx.select({ id: offerItems.offerId }).from(offerItems).where(eq(offerItems.postId, postId))),
      ),
    )
    .returning();
  const ended: Array<{ o: typeof offers.$inferSelect; to: OfferState; tell: string }> = [
    ...forIt.map((o) => ({ o, to: 'declined' as const, tell: o.offererId })),
    ...givingIt.map((o) => ({ o, to: 'withdrawn' as const, tell: o.ownerId })),
  ];
  for (const { o, to, tell } of ended) {
    await recordEvent(tx, o.id, adminId, 'moderation_hide', 'pending', to, '', now);
    const [target] = await tx.select({ title: posts.title }).from(posts).where(eq(posts.id, o.postId));
    await notifyParty(
      tx,
      notices,
      deps.config.publicUrl,
      { offerId: o.id, recipientId: tell, otherId: null, event: to === 'declined' ? 'declined' : 'withdrawn', title: target?.title ?? '' },
      now,
    );
  }
  return ended.length;
}

/**
 * Hides a listing: it is archived with the reason, its pending offers end, its open reports are
 * closed as 'hidden', and the owner is told why; it cannot be published again until an admin lifts
 * it. A listing reserved in an accepted swap (or in dispute) is refused: resolve the swap first.
 */
export async function hidePost(deps: ModerationDeps, adminId: string, postId: string, reasonIn: string, now: Date) {
  const reason = required(reasonIn);
  const notices = new Notices();
  const out = await deps.database.db.transaction(async (tx) => {
    const [post] = await tx.select().from(posts).where(eq(posts.id, postId)).for('update');
    if (!post) throw errors.notFound();
    if (post.hiddenReason !== null) throw errors.conflict('listing_already_hidden');
    if (post.state === 'draft') throw errors.conflict('listing_draft');
    const [held] = await tx.select({ offerId: postReservations.offerId }).from(postReservations).where(eq(postReservations.postId, postId));
    if (post.state === 'reserved' || (held && post.state !== 'swapped' && post.state !== 'sold')) throw errors.conflict('listing_reserved');
    await tx.update(posts).set({ state: 'archived', hiddenReason: reason, hiddenAt: now, updatedAt: now }).where(eq(posts.id, postId));
    const endedOffers = await endPendingOffers(tx, deps, notices, adminId, postId, now);
    const resolved = await resolvePostReports(tx, postId, 'hidden', adminId, now);
    await notices.add(
      tx,
      { userId: post.ownerId, kind: 'moderation', data: { event: 'hidden', postTitle: post.title, reason }, link: paths.viewPost(postId) },
      now,
    );
    await recordAudit(
      tx,
      {
        actorId: adminId,
        action: 'post.hide',
        targetType: 'post',
        targetId: postId,
        before: { state: post.state, hiddenReason: null },
        after: { state: 'archived', hiddenReason: reason, endedOffers, resolvedReports: resolved },
        reason,
      },
      now,
    );
    return { ownerId: post.ownerId, resolvedReports: resolved };
  });
  await notices.announce(deps.hub);
  postChanged(deps, postId);
  accountsChanged(deps, [out.ownerId]);
  return { resolvedReports: out.resolvedReports };
}

/** States a hidden listing returns to when the hiding is lifted (what it was before); anything else stays archived. */
const RESTORABLE = new Set(['published', 'swapped', 'sold']);

/**
 * Lifts the hiding: the listing returns to the state it had when it was hidden (published, swapped
 * or sold, from the audit log's record of the hiding), or stays archived for its owner to publish.
 */
export async function unhidePost(deps: ModerationDeps, adminId: string, postId: string, note: string, now: Date) {
  const notices = new Notices();
  const out = await deps.database.db.transaction(async (tx) => {
    const [post] = await tx.select().from(posts).where(eq(posts.id, postId)).for('update');
    if (!post) throw errors.notFound();
    if (post.hiddenReason === null) throw errors.conflict('listing_not_hidden');
    const [hid] = await listAudit(tx, { limit: 1, targetType: 'post', targetId: postId, action: 'post.hide' });
    const was = typeof hid?.before?.state === 'string' ? hid.before.state : 'archived';
    const state = RESTORABLE.has(was) && post.publishedAt ? was : 'archived';
    await tx.update(posts).set({ state, hiddenReason: null, hiddenAt: null, updatedAt: now }).where(eq(posts.id, postId));
    await notices.add(
      tx,
      { userId: post.ownerId, kind: 'moderation', data: { event: 'unhidden', postTitle: post.title }, link: paths.viewPost(postId) },
      now,
    );
    await recordAudit(
      tx,
      {
        actorId: adminId,
        action: 'post.unhide',
        targetType: 'post',
        targetId: postId,
        before: { state: post.state, hiddenReason: post.hiddenReason },
        after: { state, hiddenReason: null },
        reason: note,
      },
      now,
    );
    return { ownerId: post.ownerId };
  });
  await notices.announce(deps.hub);
  postChanged(deps, postId);
  accountsChanged(deps, [out.ownerId]);
  return { resolvedReports: 0 };
}
