import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DeliveryState } from '@swapu/shared/delivery-api';
import type { Database, Db, Tx } from '../../db/client';
import { checkouts, deliveries, deliveryEvents, posts, users } from '../../db/schema/index';
import { AppError, errors } from '../../lib/errors';
import type { Hub } from '../../lib/hub';
import { newId } from '../../lib/ids';
import { enqueueMail, deliveryMail, type DeliveryMailEvent } from '../mail/index';
import { Notices } from '../notifications/index';
import { type PaymentProvider, type ReceiptDeps, refundCheckout } from '../payments/index';
import { type AuState } from './business-days';
import { CourierError, type BookedOrder, type Courier, type TrackedState } from './courier';
import { getDelivery, rowOf, type StoredParty } from './orders.service';
import type { Delivery } from '@swapu/shared/delivery-api';

/** What the delivery jobs need: the database, the courier, the payment port and where links point. */
export interface DeliveryDeps {
  database: Database;
  courier: Courier;
  payments: PaymentProvider;
  receipts: ReceiptDeps;
  publicUrl: string;
  hub: Hub | null;
  /** How long after a tracking check the courier is asked again. */
  trackEveryMs: number;
}

type Row = typeof deliveries.$inferSelect;

/** A booking is tried this many times (a timeout, a 5xx, an unreadable answer) before it fails and is refunded. */
export const MAX_BOOKING_ATTEMPTS = 5;
/** The wait before the next attempt: 10 s, 20 s, 40 s, 80 s. */
export const bookingBackoffMs = (attempts: number) => 10_000 * 2 ** Math.max(0, attempts - 1);

/** The tracking states in the order a parcel moves through them. */
const ORDER: DeliveryState[] = ['label_created', 'shipped', 'in_transit', 'delivered'];

const orderOfRow = (r: Row): BookedOrder => ({
  courierRef: r.courierRef!,
  trackingRef: r.trackingRef!,
  bookedAt: r.bookedAt!,
  pickupDate: r.pickupDate,
});

/**
 * Tells both ends of a delivery that it moved: an in-app notice (the notifications module's one
 * writer) and an email, written in the caller's transaction.
 */
async function tellParties(tx: Tx, notices: Notices, publicUrl: string, r: Row, event: DeliveryMailEvent, now: Date) {
  const people = await tx
    .select({ id: users.id, email: users.email, name: users.displayName, language: users.language, deletedAt: users.deletedAt })
    .from(users)
    .where(inArray(users.id, [r.senderId, r.receiverId]));
  const [post] = await tx.select({ title: posts.title }).from(posts).where(eq(posts.id, r.postId));
  const title = post?.title ?? r.itemDescription;
  const link = `/my-delivery/${r.postId}/${r.offerId}/${r.receiverId}`;
  const from = r.sender as StoredParty;
  const to = r.receiver as StoredParty;
  for (const p of people) {
    if (p.deletedAt) continue;
    const otherName = people.find((x) => x.id !== p.id)?.name ?? 'SwapU';
    await notices.add(tx, { userId: p.id, kind: 'delivery', data: { event, postTitle: title, otherName, deliveryId: r.id }, link }, now);
    await enqueueMail(
      tx,
      p.email,
      `delivery-${event.replace('_', '-')}`,
      deliveryMail(p.language, event, {
        name: p.name,
        title,
        fromSuburb: from.suburb,
        toSuburb: to.suburb,
        trackingRef: r.trackingRef,
        eta: r.estimatedDelivery,
        url: `${publicUrl}${link}`,
      }),
      now,
    );
  }
}

const addEvent = (tx: Tx, deliveryId: string, state: DeliveryState, description: string, at: Date) =>
  tx.insert(deliveryEvents).values({ id: newId(), deliveryId, state, description, at }).onConflictDoNothing();

/**
 * Places the courier order of one paid delivery (the outbox row in 'booking'). The courier call is
 * idempotent on our delivery id, so a retry after a timeout finds the same order. Success: the
 * label exists and both parties hear of it. A failure that may pass (timeout, 5xx, unreadable
 * answer) waits and is tried again, up to MAX_BOOKING_ATTEMPTS; a refusal, or the last attempt,
 * fails the delivery, and its payment is refunded: nothing is charged for a booking that failed.
 * Answers when to try again (null when done).
 */
export async function bookDelivery(deps: DeliveryDeps, id: string, now: Date): Promise<Date | null> {
  const db = deps.database.db;
  const [r] = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.id, id), eq(deliveries.state, 'booking')));
  if (!r) return null;
  const s = r.sender as StoredParty;
  const t = r.receiver as StoredParty;
  let booking;
  try {
    booking = await deps.courier.book({
      reference: r.id,
      sender: { ...s, state: s.state as AuState },
      receiver: { ...t, state: t.state as AuState },
      parcel: { weightKg: r.weightKg, lengthCm: r.lengthCm, widthCm: r.widthCm, heightCm: r.heightCm },
      description: r.itemDescription,
      pickupDate: r.pickupDate,
      instructions: r.instructions,
    });
  } catch (err) {
    const retryable = err instanceof CourierError ? err.retryable : true;
    const attempts = r.bookingAttempts + 1;
    const message = err instanceof Error ? err.message : String(err);
    if (retryable && attempts < MAX_BOOKING_ATTEMPTS) {
      const next = new Date(now.getTime() + bookingBackoffMs(attempts));
      await db
        .update(deliveries)
        .set({ bookingAttempts: attempts, lastError: message.slice(0, 500), nextAttemptAt: next, updatedAt: now })
        .where(and(eq(deliveries.id, id), eq(deliveries.state, 'booking')));
      return next;
    }
    const notices = new Notices();
    await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(deliveries)
        .set({ state: 'failed', bookingAttempts: attempts, lastError: message.slice(0, 500), nextAttemptAt: null, updatedAt: now })
        .where(and(eq(deliveries.id, id), eq(deliveries.state, 'booking')))
        .returning();
      if (!failed) return;
      await addEvent(tx, id, 'failed', 'The courier could not take the order', now);
      await tellParties(tx, notices, deps.publicUrl, failed, 'failed', now);
    });
    await notices.announce(deps.hub);
    await refundDue(deps, now);
    return null;
  }
  const notices = new Notices();
  await db.transaction(async (tx) => {
    const [booked] = await tx
      .update(deliveries)
      .set({
        state: 'label_created',
        courierRef: booking.courierRef,
        trackingRef: booking.trackingRef,
        labelUrls: booking.labelUrls,
        estimatedDelivery: booking.estimatedDelivery ?? r.estimatedDelivery,
        bookingAttempts: r.bookingAttempts + 1,
        nextAttemptAt: null,
        bookedAt: now,
        nextTrackAt: new Date(now.getTime() + deps.trackEveryMs),
        updatedAt: now,
      })
      .where(and(eq(deliveries.id, id), eq(deliveries.state, 'booking')))
      .returning();
    if (!booked) return;
    await addEvent(tx, id, 'label_created', `Label created: tracking reference ${booking.trackingRef}`, now);
    await tellParties(tx, notices, deps.publicUrl, booked, 'label_created', now);
  });
  await notices.announce(deps.hub);
  return null;
}

/**
 * Asks the courier where one booked parcel is and moves the delivery forward (never back): each
 * new state is recorded in the timeline and told to both parties. A courier that cannot be
 * reached is asked again later.
 */
export async function trackDelivery(deps: DeliveryDeps, id: string, now: Date): Promise<void> {
  const db = deps.database.db;
  const [r] = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.id, id), inArray(deliveries.state, ['label_created', 'shipped', 'in_transit'])));
  if (!r) return;
  let events;
  try {
    events = await deps.courier.track(orderOfRow(r), now);
  } catch (err) {
    if (!(err instanceof CourierError)) throw err;
    await db
      .update(deliveries)
      .set({ nextTrackAt: new Date(now.getTime() + deps.trackEveryMs), lastError: err.message.slice(0, 500) })
      .where(eq(deliveries.id, id));
    return;
  }
  const current = ORDER.indexOf(r.state as DeliveryState);
  const fresh = events.filter((e) => e.state !== 'cancelled' && ORDER.indexOf(e.state) > current);
  const cancelled = events.find((e) => e.state === 'cancelled');
  const notices = new Notices();
  await db.transaction(async (tx) => {
    if (cancelled && r.state === 'label_created') {
      const [c] = await tx
        .update(deliveries)
        .set({ state: 'cancelled', nextTrackAt: null, updatedAt: now })
        .where(and(eq(deliveries.id, id), eq(deliveries.state, r.state)))
        .returning();
      if (!c) return;
      await addEvent(tx, id, 'cancelled', cancelled.description || 'Cancelled by the courier', cancelled.at);
      await tellParties(tx, notices, deps.publicUrl, c, 'cancelled', now);
      return;
    }
    const last = fresh.at(-1);
    const state: DeliveryState = last ? last.state : (r.state as DeliveryState);
    const done = state === 'delivered';
    const [moved] = await tx
      .update(deliveries)
      .set({ state, nextTrackAt: done ? null : new Date(now.getTime() + deps.trackEveryMs), updatedAt: last ? now : r.updatedAt })
      .where(and(eq(deliveries.id, id), eq(deliveries.state, r.state)))
      .returning();
    if (!moved || !last) return;
    for (const e of fresh) {
      await addEvent(tx, id, e.state, e.description, e.at);
      await tellParties(tx, notices, deps.publicUrl, moved, e.state as Exclude<TrackedState, 'cancelled'>, now);
    }
  });
  await notices.announce(deps.hub);
}

/**
 * Cancels a delivery before pickup. An unpaid quote is simply dropped. A booked one is cancelled
 * with the courier first (which refuses once the parcel is picked up), then here, and its payment
 * refunded through the payment port.
 */
export async function cancelDelivery(deps: DeliveryDeps, viewerId: string, id: string, now: Date): Promise<Delivery> {
  const db = deps.database.db;
  const r = await rowOf(db, viewerId, id);
  if (r.state === 'awaiting_payment' && r.bookedBy === viewerId) {
    await db
      .update(deliveries)
      .set({ state: 'cancelled', updatedAt: now })
      .where(and(eq(deliveries.id, id), eq(deliveries.state, 'awaiting_payment')));
    return getDelivery(db, viewerId, id);
  }
  if (r.state !== 'label_created') throw errors.conflict('delivery_not_cancellable');
  let answer;
  try {
    answer = await deps.courier.cancel(orderOfRow(r), now);
  } catch (err) {
    if (err instanceof CourierError) throw new AppError(503, 'courier_unavailable');
    throw err;
  }
  if (answer === 'too_late') {
    await trackDelivery(deps, id, now);
    throw errors.conflict('delivery_not_cancellable');
  }
  const notices = new Notices();
  await db.transaction(async (tx) => {
    const [c] = await tx
      .update(deliveries)
      .set({ state: 'cancelled', nextTrackAt: null, updatedAt: now })
      .where(and(eq(deliveries.id, id), eq(deliveries.state, 'label_created')))
      .returning();
    if (!c) throw errors.conflict('delivery_not_cancellable');
    await addEvent(tx, id, 'cancelled', 'Cancelled before pickup: the payment is refunded', now);
    await tellParties(tx, notices, deps.publicUrl, c, 'cancelled', now);
  });
  await notices.announce(deps.hub);
  await refundDue(deps, now);
  return getDelivery(db, viewerId, id);
}

/**
 * Refunds every paid delivery checkout that no delivery goes ahead with: a cancelled or failed
 * delivery's, and a payment that arrived for a quote no longer waiting (replaced, cancelled, or
 * paid twice). Each refund happens once (a conditional update in refundCheckout); one that fails
 * is tried again on the next sweep.
 */
export async function refundDue(deps: Pick<DeliveryDeps, 'database' | 'payments' | 'receipts'>, now: Date): Promise<string[]> {
  const db: Db = deps.database.db;
  const due = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.kind, 'delivery'),
        eq(checkouts.status, 'paid'),
        sql`not exists (select 1 from deliveries d where d.checkout_id = ${checkouts.id} and d.state not in ('cancelled', 'failed'))`,
      ),
    )
    .limit(50);
  const done: string[] = [];
  for (const c of due) {
    try {
      await refundCheckout(db, deps.payments, deps.receipts, c.id, now, 'delivery');
      done.push(c.id);
    } catch {
      // Tried again on the next sweep (a provider that could not be reached, say).
    }
  }
  return done;
}

/** The deliveries whose booking or tracking is due (the worker's sweep; tests drive it with their own clock). */
export async function dueWork(db: Db, now: Date): Promise<{ book: string[]; track: string[] }> {
  const [book, track] = await Promise.all([
    db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(and(eq(deliveries.state, 'booking'), lte(deliveries.nextAttemptAt, now)))
      .limit(50),
    db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(and(inArray(deliveries.state, ['label_created', 'shipped', 'in_transit']), lte(deliveries.nextTrackAt, now)))
      .limit(200),
  ]);
  return { book: book.map((b) => b.id), track: track.map((t) => t.id) };
}

/** One pass of everything due: bookings, tracking, refunds. */
export async function runDue(deps: DeliveryDeps, now: Date) {
  const due = await dueWork(deps.database.db, now);
  for (const id of due.book) await bookDelivery(deps, id, now);
  for (const id of due.track) await trackDelivery(deps, id, now);
  const refunded = await refundDue(deps, now);
  return { booked: due.book.length, tracked: due.track.length, refunded: refunded.length };
}
