import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { availableTransitions, type Offer, type OfferState } from '@swapu/shared/offers';
import type { Tx } from '../../db/client';
import { offerEvents, offerItems, offers, postReservations, posts, reviews, users } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { guard } from '../../lib/guards';
import type { Viewer } from '../../lib/viewer';
import { cardColumns, toCard } from '../posts/index';
import { userRef } from '../members/index';
import { effectiveState, roleOf, type OfferRow } from './offers.service';

/** Offers as their two parties (and admins) read them: one offer, or a member's list. */

const party = userRef;

/** Builds the API view of offers for one viewer (batched: one query per kind of thing). */
async function present(db: Tx, viewer: Viewer, rows: OfferRow[], now: Date, withHistory: boolean): Promise<Offer[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const items = await db
    .select({ offerId: offerItems.offerId, position: offerItems.position, ...cardColumns })
    .from(offerItems)
    .innerJoin(posts, eq(posts.id, offerItems.postId))
    .where(inArray(offerItems.offerId, ids))
    .orderBy(asc(offerItems.position));
  const targets = await db
    .select(cardColumns)
    .from(posts)
    .where(inArray(posts.id, [...new Set(rows.map((r) => r.postId))]));
  const people = await db
    .select({ id: users.id, displayName: users.displayName, avatarKey: users.avatarKey })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.flatMap((r) => [r.offererId, r.ownerId]))]));
  const children = await db
    .select({ id: offers.id, parentId: offers.parentId })
    .from(offers)
    .where(inArray(offers.parentId, ids))
    .orderBy(asc(offers.createdAt));
  const reserved = await db
    .select()
    .from(postReservations)
    .where(inArray(postReservations.postId, [...new Set([...rows.map((r) => r.postId), ...items.map((i) => i.id)])]));
  const myReviews = viewer.userId
    ? await db
        .select({ offerId: reviews.offerId })
        .from(reviews)
        .where(and(inArray(reviews.offerId, ids), eq(reviews.reviewerId, viewer.userId)))
    : [];
  const history = withHistory
    ? await db.select().from(offerEvents).where(inArray(offerEvents.offerId, ids)).orderBy(asc(offerEvents.seq))
    : [];
  const heldBy = new Map(reserved.map((r) => [r.postId, r.offerId]));
  return rows.map((o) => {
    const state = effectiveState(o, now);
    const role = roleOf(o, viewer.userId);
    const its = items.filter((i) => i.offerId === o.id);
    const target = targets.find((t) => t.id === o.postId)!;
    const all = [target, ...its];
    // Pending offers need every item live and unheld; accepted ones hold their items themselves.
    const stillValid = state !== 'pending' || all.every((p) => p.state === 'published' && (!heldBy.has(p.id) || heldBy.get(p.id) === o.id));
    const actions = availableTransitions(state, role).filter((t) => t !== 'expire' && (stillValid || t === 'withdraw' || t === 'decline'));
    return {
      id: o.id,
      state,
      post: { ...toCard(target, now) },
      items: its.map((i) => toCard(i, now)),
      offerer: party(people.find((p) => p.id === o.offererId)!),
      owner: party(people.find((p) => p.id === o.ownerId)!),
      proposedBy: o.proposedBy as 'offerer' | 'owner',
      cashKind: o.cashKind as Offer['cashKind'],
      cashCents: o.cashCents,
      message: o.message,
      expiresAt: o.expiresAt.toISOString(),
      createdAt: o.createdAt.toISOString(),
      updatedAt: o.updatedAt.toISOString(),
      parentId: o.parentId,
      childIds: children.filter((c) => c.parentId === o.id).map((c) => c.id),
      offererConfirmedAt: o.offererConfirmedAt?.toISOString() ?? null,
      ownerConfirmedAt: o.ownerConfirmedAt?.toISOString() ?? null,
      stillValid,
      box: role === 'proposer' ? 'sent' : role === 'responder' ? 'received' : null,
      actions: actions as Offer['actions'],
      reviewedByMe: myReviews.some((r) => r.offerId === o.id),
      history: history
        .filter((h) => h.offerId === o.id)
        .map((h) => ({
          id: h.id,
          transition: h.transition,
          actorId: h.actorId,
          fromState: h.fromState,
          toState: h.toState,
          message: h.message,
          at: h.createdAt.toISOString(),
        })),
    };
  });
}

/** One offer, for its two parties and admins only (others get 404, as if it did not exist). */
export async function getOffer(db: Tx, viewer: Viewer, id: string, now: Date): Promise<Offer> {
  const [o] = await db.select().from(offers).where(eq(offers.id, id)).limit(1);
  if (!o || (viewer.role !== 'admin' && viewer.userId !== o.offererId && viewer.userId !== o.ownerId && guard('offer-party')))
    throw errors.notFound();
  return (await present(db, viewer, [o], now, true))[0]!;
}

/** The viewer's offers, newest first: sent (they proposed) or received (they must answer), by state. */
export async function listOffers(db: Tx, viewer: Viewer, q: { box?: 'sent' | 'received'; status?: OfferState }, now: Date) {
  const me = viewer.userId!;
  const proposer = sql`case when ${offers.proposedBy} = 'offerer' then ${offers.offererId} else ${offers.ownerId} end`;
  const boxCond = q.box === 'sent' ? sql`${proposer} = ${me}` : q.box === 'received' ? sql`${proposer} <> ${me}` : undefined;
  const pendingLive = and(eq(offers.state, 'pending'), sql`${offers.expiresAt} > ${now.toISOString()}::timestamptz`);
  const statusCond =
    q.status === 'pending'
      ? pendingLive
      : q.status === 'expired'
        ? or(eq(offers.state, 'expired'), and(eq(offers.state, 'pending'), lte(offers.expiresAt, now)))
        : q.status
          ? eq(offers.state, q.status)
          : undefined;
  const rows = await db
    .select()
    .from(offers)
    .where(and(or(eq(offers.offererId, me), eq(offers.ownerId, me)), boxCond, statusCond))
    .orderBy(desc(offers.updatedAt), desc(offers.id))
    .limit(200);
  return (await present(db, viewer, rows, now, false)).map(({ history: _h, ...rest }) => rest);
}
