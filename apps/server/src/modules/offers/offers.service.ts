import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { carbonSavedKg } from '@swapu/shared/carbon';
import { OFFER_EXPIRY_DAYS_MAX, OFFER_EXPIRY_DAYS_MIN } from '@swapu/shared/constants';
import { offerMethodChosen } from '@swapu/shared/input-rules';
import {
  canTransition,
  nextState,
  POINTS,
  type CreateOffer,
  type OfferRole,
  type OfferState,
  type OfferTerms,
  type OfferTransition,
  type TransitionBody,
} from '@swapu/shared/offers';
import type { Database, Tx } from '../../db/client';
import { offerEvents, offerItems, offers, postReservations, posts, users } from '../../db/schema/index';
import { AppError, errors } from '../../lib/errors';
import { guard } from '../../lib/guards';
import { newId } from '../../lib/ids';
import { earlyAccessCondition, type Viewer } from '../../lib/viewer';
import type { Hub } from '../../lib/hub';
import { postChanged } from '../../lib/viewer-cache';
import { enqueueMail, offerMail, type OfferMailEvent } from '../mail/index';
import { Notices } from '../notifications/index';
import { awardPoints } from '../points/index';
import { advanceGoals } from '../goals/index';

export type OfferRow = typeof offers.$inferSelect;
const DAY = 86_400_000;

export interface OfferDeps {
  database: Database;
  publicUrl: string;
  /** Schedules the expiry job of a new offer (pg-boss in the running server; tests drive expiry themselves). */
  scheduleExpiry?: (offerId: string, at: Date) => Promise<void>;
  /** Announces the parties' notifications after commit (absent: they see them on their next look). */
  hub?: Hub | null;
}

const noLongerValid = () => new AppError(409, 'offer_no_longer_valid');

/** The viewer's role in an offer: whoever made the current proposal is the proposer. */
export function roleOf(o: Pick<OfferRow, 'proposedBy' | 'offererId' | 'ownerId'>, userId: string | null): OfferRole {
  if (!userId) return 'none';
  const proposer = o.proposedBy === 'offerer' ? o.offererId : o.ownerId;
  const responder = o.proposedBy === 'offerer' ? o.ownerId : o.offererId;
  if (userId === proposer) return 'proposer';
  if (userId === responder) return 'responder';
  return 'none';
}

/** A pending offer past its expiry is expired, whether or not the job has run yet. */
export const effectiveState = (o: OfferRow, now: Date): OfferState =>
  o.state === 'pending' && o.expiresAt <= now ? 'expired' : (o.state as OfferState);

/**
 * Checks the terms of a proposal against the posts: items are the offerer's own published posts
 * (never the target), cash only needs a post open to selling, and something must be offered.
 */
async function checkTerms(tx: Tx, terms: OfferTerms, target: { id: string; openToSelling: boolean }, offererId: string) {
  const itemIds = [...new Set(terms.itemIds)];
  if (!offerMethodChosen({ ...terms, itemIds })) throw new AppError(400, 'offer_method_missing');
  if (terms.cashKind === 'only' && !target.openToSelling) throw new AppError(400, 'cash_only_not_allowed');
  if (itemIds.includes(target.id)) throw errors.badRequest('data_invalid', { itemIds: 'The item itself cannot be offered for it.' });
  if (itemIds.length) {
    const rows = await tx
      .select({ id: posts.id, ownerId: posts.ownerId, state: posts.state })
      .from(posts)
      .where(inArray(posts.id, itemIds));
    if (rows.length !== itemIds.length || (rows.some((r) => r.ownerId !== offererId) && guard('offer-items-owner')))
      throw errors.forbidden('permission_denied');
    if (rows.some((r) => r.state !== 'published')) throw noLongerValid();
  }
  return itemIds;
}

async function insertOffer(
  tx: Tx,
  o: { postId: string; offererId: string; ownerId: string; proposedBy: 'offerer' | 'owner'; parentId: string | null },
  terms: OfferTerms,
  itemIds: string[],
  expiryDays: number,
  now: Date,
) {
  const id = newId();
  await tx.insert(offers).values({
    id,
    ...o,
    state: 'pending',
    cashKind: terms.cashKind,
    cashCents: terms.cashKind === 'none' ? 0 : terms.cashCents,
    message: terms.message,
    expiresAt: new Date(now.getTime() + expiryDays * DAY),
    createdAt: now,
    updatedAt: now,
  });
  if (itemIds.length) await tx.insert(offerItems).values(itemIds.map((postId, position) => ({ offerId: id, postId, position })));
  return id;
}

export async function recordEvent(
  tx: Tx,
  offerId: string,
  actorId: string | null,
  transition: string,
  from: OfferState | null,
  to: OfferState,
  message: string,
  now: Date,
) {
  await tx.insert(offerEvents).values({ id: newId(), offerId, actorId, transition, fromState: from, toState: to, message, createdAt: now });
}

/** Tells one party about something the other did: an in-app notification and an email. */
export async function notifyParty(
  tx: Tx,
  notices: Notices,
  publicUrl: string,
  p: { offerId: string; recipientId: string; otherId: string | null; event: OfferMailEvent; title: string; message?: string },
  now: Date,
) {
  const ids = [p.recipientId, ...(p.otherId ? [p.otherId] : [])];
  const people = await tx
    .select({ id: users.id, email: users.email, name: users.displayName, language: users.language, deletedAt: users.deletedAt })
    .from(users)
    .where(inArray(users.id, ids));
  const me = people.find((x) => x.id === p.recipientId);
  if (!me || me.deletedAt) return;
  const otherName = people.find((x) => x.id === p.otherId)?.name ?? 'SwapU';
  const link = `/swap-offer/${p.offerId}`;
  await notices.add(
    tx,
    { userId: me.id, kind: 'offer', data: { event: p.event, otherName, postTitle: p.title, offerId: p.offerId }, link },
    now,
  );
  await enqueueMail(
    tx,
    me.email,
    `offer-${p.event}`,
    offerMail(me.language, p.event, { name: me.name, otherName, title: p.title, message: p.message ?? '', url: `${publicUrl}${link}` }),
    now,
  );
}

/** Makes an offer on someone else's live post (spec section 3 "Offer"). */
export async function createOffer(deps: OfferDeps, viewer: Viewer, body: CreateOffer, now: Date): Promise<string> {
  const userId = viewer.userId!;
  const notices = new Notices();
  const created = await deps.database.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: posts.id, ownerId: posts.ownerId, state: posts.state, title: posts.title, openToSelling: posts.openToSelling })
      .from(posts)
      .where(and(eq(posts.id, body.postId), earlyAccessCondition(viewer, now)))
      .limit(1);
    if (!target || target.state === 'draft' || target.state === 'archived') throw errors.notFound();
    if (target.ownerId === userId) throw new AppError(403, 'offer_own_post');
    if (target.state !== 'published') throw noLongerValid();
    const itemIds = await checkTerms(tx, body, target, userId);
    const id = await insertOffer(
      tx,
      { postId: target.id, offererId: userId, ownerId: target.ownerId, proposedBy: 'offerer', parentId: null },
      body,
      itemIds,
      body.expiryDays,
      now,
    );
    await recordEvent(tx, id, userId, 'create', null, 'pending', body.message, now);
    await notifyParty(
      tx,
      notices,
      deps.publicUrl,
      { offerId: id, recipientId: target.ownerId, otherId: userId, event: 'created', title: target.title, message: body.message },
      now,
    );
    return { id, expiresAt: new Date(now.getTime() + body.expiryDays * DAY) };
  });
  await notices.announce(deps.hub ?? null);
  await deps.scheduleExpiry?.(created.id, created.expiresAt);
  return created.id;
}

/** Marks due pending offers expired (the expiry job); returns the ids it expired. */
export async function expireDue(deps: OfferDeps, now: Date, onlyIds?: string[]): Promise<string[]> {
  const notices = new Notices();
  const expired = await deps.database.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(offers)
      .where(and(eq(offers.state, 'pending'), lte(offers.expiresAt, now), onlyIds ? inArray(offers.id, onlyIds) : undefined))
      .orderBy(asc(offers.expiresAt))
      .limit(500)
      .for('update', { skipLocked: true });
    for (const o of due) await expireOne(tx, notices, deps.publicUrl, o, now);
    return due.map((o) => o.id);
  });
  await notices.announce(deps.hub ?? null);
  return expired;
}

async function expireOne(tx: Tx, notices: Notices, publicUrl: string, o: OfferRow, now: Date) {
  await tx.update(offers).set({ state: 'expired', updatedAt: now }).where(eq(offers.id, o.id));
  await recordEvent(tx, o.id, null, 'expire', 'pending', 'expired', '', now);
  const [post] = await tx.select({ title: posts.title }).from(posts).where(eq(posts.id, o.postId));
  for (const recipientId of [o.offererId, o.ownerId]) {
    await notifyParty(
      tx,
      notices,
      publicUrl,
      { offerId: o.id, recipientId, otherId: null, event: 'expired', title: post?.title ?? '' },
      now,
    );
  }
}

/** Every post an offer moves: the target and the offered items. */
export async function offerPostIds(tx: Tx, o: OfferRow) {
  const items = await tx
    .select({ postId: offerItems.postId })
    .from(offerItems)
    .where(eq(offerItems.offerId, o.id))
    .orderBy(asc(offerItems.position));
  return [o.postId, ...items.map((i) => i.postId)];
}

const EVENT_OF: Partial<Record<OfferTransition, OfferMailEvent>> = {
  accept: 'accepted',
  decline: 'declined',
  counter: 'countered',
  suggest_change: 'suggest_change',
  withdraw: 'withdrawn',
  resubmit: 'resubmitted',
  report_problem: 'disputed',
};

/**
 * Fires one transition of the state graph for the viewer, in one transaction with the offer row
 * locked. Returns the id of the offer to show next (the new one for a counter or a resubmission).
 */
export async function transitionOffer(deps: OfferDeps, viewer: Viewer, offerId: string, body: TransitionBody, now: Date) {
  const userId = viewer.userId!;
  let expiredNow = false;
  const notices = new Notices();
  /** Listings whose state this transition changes (reserved, swapped): their pages are read afresh. */
  const movedPosts: string[] = [];
  const result = await deps.database.db.transaction(async (tx) => {
    const [o] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update');
    if (!o) throw errors.notFound();
    const role = roleOf(o, userId);
    if (role === 'none' && guard('offer-party')) throw viewer.role === 'admin' ? errors.forbidden('permission_denied') : errors.notFound();
    const t = body.transition;
    // Past its expiry but not yet swept by the job: expire it now, then refuse.
    if (o.state === 'pending' && o.expiresAt <= now) {
      await expireOne(tx, notices, deps.publicUrl, o, now);
      expiredNow = true;
      return null;
    }
    const state = o.state as OfferState;
    if (!canTransition(state, t, role)) {
      // Right state but the other side's move → not allowed; otherwise the offer has moved on.
      const someoneMay = canTransition(state, t, role === 'proposer' ? 'responder' : 'proposer');
      throw someoneMay ? errors.forbidden('permission_denied') : noLongerValid();
    }
    const otherId = userId === o.offererId ? o.ownerId : o.offererId;
    const [target] = await tx.select().from(posts).where(eq(posts.id, o.postId));
    if (!target) throw noLongerValid();
    const message = 'message' in body ? (body.message ?? '') : '';
    let to = nextState(state, t);
    let showId = o.id;
    let scheduled: { id: string; at: Date } | null = null;

    switch (t) {
      case 'accept': {
        const ids = await offerPostIds(tx, o);
        const live = await tx
          .select({ id: posts.id })
          .from(posts)
          .where(and(inArray(posts.id, ids), eq(posts.state, 'published')));
        if (live.length !== ids.length) throw noLongerValid();
        // The primary key of post_reservations lets only one accepted offer hold each item.
        const held = await tx
          .insert(postReservations)
          .values(ids.map((postId) => ({ postId, offerId: o.id, createdAt: now })))
          .onConflictDoNothing()
          .returning({ postId: postReservations.postId });
        if (held.length !== ids.length) throw noLongerValid();
        await tx.update(posts).set({ state: 'reserved', updatedAt: now }).where(inArray(posts.id, ids));
        movedPosts.push(...ids);
        break;
      }
      case 'counter':
      case 'resubmit': {
        const terms: OfferTerms =
          t === 'counter'
            ? body.terms
            : {
                itemIds: (await offerPostIds(tx, o)).slice(1),
                cashKind: o.cashKind as OfferTerms['cashKind'],
                cashCents: o.cashCents,
                message: o.message,
                expiryDays: Math.min(
                  OFFER_EXPIRY_DAYS_MAX,
                  Math.max(OFFER_EXPIRY_DAYS_MIN, Math.round((o.expiresAt.getTime() - o.createdAt.getTime()) / DAY)),
                ),
              };
        if (target.state !== 'published') throw noLongerValid();
        const itemIds = await checkTerms(tx, terms, target, o.offererId);
        const proposedBy = t === 'counter' ? (o.proposedBy === 'offerer' ? 'owner' : 'offerer') : (o.proposedBy as 'offerer' | 'owner');
        showId = await insertOffer(
          tx,
          { postId: o.postId, offererId: o.offererId, ownerId: o.ownerId, proposedBy, parentId: o.id },
          terms,
          itemIds,
          terms.expiryDays,
          now,
        );
        await recordEvent(tx, showId, userId, t === 'counter' ? 'create_counter' : 'create_resubmit', null, 'pending', terms.message, now);
        scheduled = { id: showId, at: new Date(now.getTime() + terms.expiryDays * DAY) };
        break;
      }
      case 'confirm_receipt': {
        const mine = userId === o.offererId ? 'offererConfirmedAt' : 'ownerConfirmedAt';
        if (o[mine]) return { showId };
        const both = userId === o.offererId ? !!o.ownerConfirmedAt : !!o.offererConfirmedAt;
        to = nextState(state, t, both);
        await tx
          .update(offers)
          .set({ [mine]: now, updatedAt: now })
          .where(eq(offers.id, o.id));
        if (to === 'completed') movedPosts.push(...(await complete(tx, o, now, notices)));
        break;
      }
      default:
        break;
    }

    if (to !== state) await tx.update(offers).set({ state: to, updatedAt: now }).where(eq(offers.id, o.id));
    else await tx.update(offers).set({ updatedAt: now }).where(eq(offers.id, o.id));
    await recordEvent(tx, o.id, userId, t, state, to, t === 'counter' || t === 'resubmit' ? '' : message, now);

    const event: OfferMailEvent | undefined =
      t === 'confirm_receipt' ? (to === 'completed' ? 'completed' : 'confirm_receipt') : EVENT_OF[t];
    if (event) {
      await notifyParty(
        tx,
        notices,
        deps.publicUrl,
        {
          offerId: showId,
          recipientId: otherId,
          otherId: userId,
          event,
          title: target.title,
          message: t === 'counter' ? body.terms.message : message,
        },
        now,
      );
      if (event === 'completed')
        await notifyParty(tx, notices, deps.publicUrl, { offerId: o.id, recipientId: userId, otherId, event, title: target.title }, now);
    }
    return { showId, scheduled };
  });
  await notices.announce(deps.hub ?? null);
  for (const id of movedPosts) postChanged({ hub: deps.hub ?? null }, id);
  if (expiredNow || !result) throw noLongerValid();
  if ('scheduled' in result && result.scheduled) await deps.scheduleExpiry?.(result.scheduled.id, result.scheduled.at);
  return result.showId;
}

/** Both have their items (or an admin resolved a dispute as complete): every item is swapped, the carbon saving is fixed, points are awarded, goals move. Resolves to the items. */
export async function complete(tx: Tx, o: OfferRow, now: Date, notices: Notices): Promise<string[]> {
  const ids = await offerPostIds(tx, o);
  const rows = await tx
    .select({ weightKg: posts.weightKg, materials: posts.materials, categories: posts.categories })
    .from(posts)
    .where(inArray(posts.id, ids));
  const carbon = Math.round(rows.reduce((s, r) => s + carbonSavedKg(r.weightKg ?? 0, r.materials, r.categories), 0) * 10) / 10;
  await tx.update(posts).set({ state: 'swapped', updatedAt: now }).where(inArray(posts.id, ids));
  await tx.update(offers).set({ completedAt: now, carbonKg: carbon }).where(eq(offers.id, o.id));
  // In a fixed order (by id), so two completions never take the same points rows in opposite orders.
  for (const userId of [o.offererId, o.ownerId].sort())
    await awardPoints(tx, { userId, points: POINTS.swapCompleted, reason: 'swap_completed', sourceId: o.id, now });
  await advanceGoals(tx, o, now, notices);
  return ids;
}
