import { and, desc, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import { isSpecificStreetAddress, parcelFits } from '@swapu/shared/delivery';
import {
  QUOTE_HOLD_MINUTES,
  type Delivery,
  type DeliveryDraft,
  type DeliveryOrderBodySchema,
  type DeliveryState,
  type Shippable,
} from '@swapu/shared/delivery-api';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { deliveries, offerItems, offers, posts, users } from '../../db/schema/index';
import { AppError, errors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { openCheckout, type PaymentProvider } from '../payments/index';
import { firstImageKeySql } from '../posts/index';
import { businessDayFrom, isAuState, pickupDateProblem, todayIn } from './business-days';
import { CourierError, type Courier, type CourierPlace } from './courier';
import { placeOf } from './delivery.service';
import { getDelivery, thumb } from './delivery-views';

// What a party sees of a delivery (getDelivery, listDeliveries, rowOf) is delivery-views.ts's.
export { getDelivery, listDeliveries, rowOf } from './delivery-views';

type OrderBody = z.output<typeof DeliveryOrderBodySchema>;

/** One end of a delivery as kept on its row. */
export interface StoredParty {
  name: string;
  street: string;
  suburb: string;
  postcode: string;
  state: string;
  email: string;
}

/** The states in which an item's delivery is no longer live (at most one live per item of a swap: a unique index). */
const DEAD: DeliveryState[] = ['replaced', 'cancelled', 'failed'];
const isLive = notInArray(deliveries.state, DEAD);
/** The swaps whose items may be shipped. */
const SHIPPABLE_OFFER_STATES = ['accepted', 'completed'];

const orderIssue = () => new AppError(404, 'order_id_issue');

/**
 * The order behind /my-delivery/{postId}/{offerId}/{receiver}: an accepted or completed offer the
 * viewer is a party to, one of its items, and the party who receives it (the one who does not own
 * it). Anything else, a stranger's offer included, is 'There is issue with this order id'.
 */
async function orderOf(db: Tx, viewerId: string, postId: string, offerId: string, receiverId: string) {
  const [offer] = await db
    .select({ id: offers.id, state: offers.state, postId: offers.postId, offererId: offers.offererId, ownerId: offers.ownerId })
    .from(offers)
    .where(eq(offers.id, offerId));
  if (!offer || !SHIPPABLE_OFFER_STATES.includes(offer.state)) throw orderIssue();
  if (viewerId !== offer.offererId && viewerId !== offer.ownerId) throw orderIssue();
  const given = await db.select({ postId: offerItems.postId }).from(offerItems).where(eq(offerItems.offerId, offerId));
  // The target goes from its owner to the offerer; each item given goes the other way.
  const senderId = postId === offer.postId ? offer.ownerId : given.some((g) => g.postId === postId) ? offer.offererId : null;
  if (!senderId) throw orderIssue();
  const expectedReceiver = senderId === offer.ownerId ? offer.offererId : offer.ownerId;
  if (receiverId !== expectedReceiver) throw orderIssue();
  const [post] = await db
    .select({
      id: posts.id,
      title: posts.title,
      description: posts.description,
      weightKg: posts.weightKg,
      lengthCm: posts.lengthCm,
      widthCm: posts.widthCm,
      heightCm: posts.heightCm,
      imageKey: firstImageKeySql,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!post) throw orderIssue();
  return { offer, post, senderId, receiverId };
}

/** j•••@example.com: enough to recognise, not enough to copy. */
const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
};

async function peopleOf(db: Tx, ids: string[]) {
  const rows = await db
    .select({
      id: users.id,
      name: users.displayName,
      email: users.email,
      suburb: users.suburb,
      postcode: users.postcode,
      auState: users.auState,
      language: users.language,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The live delivery of an item of a swap, if any. */
async function liveDeliveryOf(db: Tx, offerId: string, postId: string) {
  const [row] = await db
    .select({ id: deliveries.id, state: deliveries.state, bookedBy: deliveries.bookedBy })
    .from(deliveries)
    .where(and(eq(deliveries.offerId, offerId), eq(deliveries.postId, postId), isLive));
  return row ?? null;
}

/** The street address a member last gave for themselves on a delivery (sent or received), with its place. */
async function lastStreetOf(db: Tx, userId: string): Promise<StoredParty | null> {
  const [last] = await db
    .select({ senderId: deliveries.senderId, sender: deliveries.sender, receiver: deliveries.receiver })
    .from(deliveries)
    .where(and(or(eq(deliveries.senderId, userId), eq(deliveries.receiverId, userId)), ne(deliveries.state, 'replaced')))
    .orderBy(desc(deliveries.createdAt))
    .limit(1);
  if (!last) return null;
  return (last.senderId === userId ? last.sender : last.receiver) as StoredParty;
}

/** The order form, prefilled from the two profiles and the listing (its weight and dimensions). */
export async function draftOf(
  db: Db,
  viewerId: string,
  postId: string,
  offerId: string,
  receiverId: string,
  now: Date,
): Promise<DeliveryDraft> {
  const o = await orderOf(db, viewerId, postId, offerId, receiverId);
  const people = await peopleOf(db, [o.senderId, o.receiverId]);
  const myStreet = await lastStreetOf(db, viewerId);
  const party = (id: string) => {
    const p = people.get(id);
    const mine = id === viewerId;
    // Streets are never on a profile: the viewer's own comes from their last delivery, when it was from the same place.
    const street = mine && myStreet && myStreet.suburb === p?.suburb && myStreet.postcode === p?.postcode ? myStreet.street : '';
    return {
      userId: id,
      name: p?.name ?? '',
      street,
      suburb: p?.suburb ?? '',
      postcode: p?.postcode ?? '',
      email: mine ? (p?.email ?? '') : p ? maskEmail(p.email) : '',
      emailOnFile: !mine && !!p && !p.deletedAt,
    };
  };
  const senderState = people.get(o.senderId)?.auState;
  const live = await liveDeliveryOf(db, offerId, postId);
  // A quote that the viewer did not ask for is theirs to see only once it is paid for.
  const visible = live && (live.state !== 'awaiting_payment' || live.bookedBy === viewerId);
  return {
    offerId,
    postId,
    postTitle: o.post.title,
    photoUrl: thumb(o.post.imageKey),
    sender: party(o.senderId),
    receiver: party(o.receiverId),
    viewerIsSender: viewerId === o.senderId,
    itemDescription: o.post.title.slice(0, 200),
    parcel: {
      weightKg: o.post.weightKg ?? 1,
      lengthCm: o.post.lengthCm ?? 30,
      widthCm: o.post.widthCm ?? 20,
      heightCm: o.post.heightCm ?? 10,
    },
    earliestPickup: senderState && isAuState(senderState) ? businessDayFrom(todayIn(senderState, now), senderState) : null,
    deliveryId: visible ? live.id : null,
  };
}

/** /delivery-swap: every item of the viewer's accepted and completed swaps, with its live delivery. */
export async function shippableOf(db: Db, viewerId: string): Promise<Shippable[]> {
  const mine = await db
    .select({ id: offers.id, state: offers.state, postId: offers.postId, offererId: offers.offererId, ownerId: offers.ownerId })
    .from(offers)
    .where(and(or(eq(offers.offererId, viewerId), eq(offers.ownerId, viewerId)), inArray(offers.state, SHIPPABLE_OFFER_STATES)))
    .orderBy(desc(offers.updatedAt))
    .limit(50);
  if (!mine.length) return [];
  const ids = mine.map((o) => o.id);
  const given = await db.select().from(offerItems).where(inArray(offerItems.offerId, ids));
  const postIds = [...new Set([...mine.map((o) => o.postId), ...given.map((g) => g.postId)])];
  const postRows = await db
    .select({ id: posts.id, title: posts.title, imageKey: firstImageKeySql })
    .from(posts)
    .where(inArray(posts.id, postIds));
  const postById = new Map(postRows.map((p) => [p.id, p]));
  const people = await peopleOf(db, [...new Set(mine.flatMap((o) => [o.offererId, o.ownerId]))]);
  const live = await db
    .select({
      id: deliveries.id,
      offerId: deliveries.offerId,
      postId: deliveries.postId,
      state: deliveries.state,
      bookedBy: deliveries.bookedBy,
    })
    .from(deliveries)
    .where(and(inArray(deliveries.offerId, ids), isLive));
  const out: Shippable[] = [];
  for (const o of mine) {
    const items = [
      { postId: o.postId, senderId: o.ownerId, receiverId: o.offererId },
      ...given
        .filter((g) => g.offerId === o.id)
        .sort((a, b) => a.position - b.position)
        .map((g) => ({ postId: g.postId, senderId: o.offererId, receiverId: o.ownerId })),
    ];
    for (const it of items) {
      const p = postById.get(it.postId);
      if (!p) continue;
      const d = live.find((l) => l.offerId === o.id && l.postId === it.postId);
      const shown = d && (d.state !== 'awaiting_payment' || d.bookedBy === viewerId) ? d : null;
      out.push({
        offerId: o.id,
        offerState: o.state,
        postId: it.postId,
        postTitle: p.title,
        photoUrl: thumb(p.imageKey),
        sender: { userId: it.senderId, name: people.get(it.senderId)?.name ?? '' },
        receiver: { userId: it.receiverId, name: people.get(it.receiverId)?.name ?? '' },
        viewerIsSender: it.senderId === viewerId,
        delivery: shown ? { id: shown.id, state: shown.state as DeliveryState } : null,
      });
    }
  }
  return out;
}

/**
 * Checks the order form and prices it (the quote holds for QUOTE_HOLD_MINUTES): a new delivery
 * waiting for payment. A previous unpaid quote for the same item is replaced in the same
 * transaction; an item whose delivery is already paid for is refused (the unique index decides
 * between two bookings arriving together).
 */
export async function createDelivery(db: Db, courier: Courier, viewerId: string, body: OrderBody, now: Date): Promise<Delivery> {
  const o = await orderOf(db, viewerId, body.postId, body.offerId, body.receiverId);
  const people = await peopleOf(db, [o.senderId, o.receiverId]);
  for (const [key, street] of [
    ['sender.street', body.sender.street],
    ['receiver.street', body.receiver.street],
  ] as const) {
    if (!isSpecificStreetAddress(street)) throw errors.badRequest('address_not_specific', { [key]: 'address_not_specific' });
  }
  const [from, to] = await Promise.all([
    placeOf(db, body.sender.suburb, body.sender.postcode),
    placeOf(db, body.receiver.suburb, body.receiver.postcode),
  ]);
  if (!from) throw errors.badRequest('address_invalid', { 'sender.suburb': 'address_invalid' });
  if (!to) throw errors.badRequest('address_invalid', { 'receiver.suburb': 'address_invalid' });
  if (pickupDateProblem(body.pickupDate, from.state, now))
    throw errors.badRequest('pickup_date_invalid', { pickupDate: 'pickup_date_invalid' });
  // Each end's email: as typed, or the one on file (the other party's is never shown to the viewer).
  const emailOf = (id: string, typed: string | undefined) => typed ?? people.get(id)?.email;
  const senderEmail = emailOf(o.senderId, body.sender.email);
  const receiverEmail = emailOf(o.receiverId, body.receiver.email);
  if (!senderEmail || !receiverEmail) throw errors.badRequest('form_issue');
  if (!parcelFits(body.parcel)) throw errors.badRequest('no_quote');
  let got;
  try {
    got = await courier.quote({ from, to, parcel: body.parcel, pickupDate: body.pickupDate });
  } catch (err) {
    if (err instanceof CourierError) throw new AppError(503, 'courier_unavailable');
    throw err;
  }
  if (!got) throw errors.badRequest('no_quote');
  const party = (b: OrderBody['sender'], p: CourierPlace, email: string): StoredParty => ({
    name: b.name,
    street: b.street.trim().replace(/\s+/g, ' '),
    suburb: p.suburb,
    postcode: p.postcode,
    state: p.state,
    email,
  });
  const id = newId();
  // The answer is read in the same transaction: once it commits, a quote arriving at the same
  // moment may replace this one, and the member who asked must still get the quote they were given.
  return db.transaction(async (tx) => {
    await tx
      .update(deliveries)
      .set({ state: 'replaced', updatedAt: now })
      .where(
        and(
          eq(deliveries.offerId, body.offerId),
          eq(deliveries.postId, body.postId),
          eq(deliveries.state, 'awaiting_payment'),
          sql`${deliveries.checkoutId} is null`,
        ),
      );
    const inserted = await tx
      .insert(deliveries)
      .values({
        id,
        offerId: body.offerId,
        postId: body.postId,
        senderId: o.senderId,
        receiverId: o.receiverId,
        bookedBy: viewerId,
        state: 'awaiting_payment',
        sender: party(body.sender, from, senderEmail),
        receiver: party(body.receiver, to, receiverEmail),
        itemDescription: body.itemDescription,
        ...body.parcel,
        pickupDate: body.pickupDate,
        instructions: body.instructions,
        courier: courier.name,
        priceCents: got.priceCents,
        transitDays: got.transitDays,
        estimatedDelivery: got.estimatedDelivery,
        quoteExpiresAt: new Date(now.getTime() + QUOTE_HOLD_MINUTES * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: deliveries.id });
    if (!inserted.length) throw errors.conflict('delivery_exists');
    return getDelivery(tx, viewerId, id);
  });
}

/** Pays for a quoted delivery through the payment port, while its price holds. */
export async function startDeliveryCheckout(
  db: Db,
  provider: PaymentProvider,
  viewerId: string,
  id: string,
  publicUrl: string,
  now: Date,
): Promise<{ id: string; url: string }> {
  const [d] = await db.select().from(deliveries).where(eq(deliveries.id, id));
  if (!d || d.bookedBy !== viewerId) throw errors.notFound();
  if (d.state !== 'awaiting_payment') throw errors.conflict('delivery_exists');
  if (d.quoteExpiresAt.getTime() <= now.getTime()) throw errors.conflict('quote_expired');
  const [post] = await db.select({ title: posts.title }).from(posts).where(eq(posts.id, d.postId));
  const sender = d.sender as StoredParty;
  const receiver = d.receiver as StoredParty;
  return openCheckout(
    db,
    provider,
    viewerId,
    {
      kind: 'delivery',
      details: {
        deliveryId: d.id,
        postId: d.postId,
        postTitle: post?.title ?? d.itemDescription,
        description: `Courier delivery: ${post?.title ?? d.itemDescription} (${sender.suburb} → ${receiver.suburb})`,
      },
      amountCents: d.priceCents,
      returnTo: `/my-delivery/${d.postId}/${d.offerId}/${d.receiverId}`,
      mode: 'payment',
    },
    publicUrl,
    now,
  );
}
