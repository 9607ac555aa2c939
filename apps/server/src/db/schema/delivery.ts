import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { checkouts } from './money';
import { offers } from './offers';
import { posts } from './posts';
import { users } from './users';

/**
 * One courier delivery of one item of an accepted or completed swap (decision 0025): from the
 * item's owner to the other party, booked and paid by either of them. The row is also the
 * booking's outbox: a paid delivery stays 'booking' until the courier has taken the order, and
 * the worker finds every such row again after a crash.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: text('id').primaryKey(),
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'restrict' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Who booked and pays (either party). */
    bookedBy: text('booked_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    state: text('state').notNull(),
    /** The two ends: { name, street, suburb, postcode, state, email }. */
    sender: jsonb('sender').notNull(),
    receiver: jsonb('receiver').notNull(),
    itemDescription: text('item_description').notNull(),
    weightKg: doublePrecision('weight_kg').notNull(),
    lengthCm: doublePrecision('length_cm').notNull(),
    widthCm: doublePrecision('width_cm').notNull(),
    heightCm: doublePrecision('height_cm').notNull(),
    pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
    instructions: text('instructions').notNull().default(''),
    courier: text('courier').notNull(),
    /** The quoted price (GST-inclusive cents), fixed until quote_expires_at. */
    priceCents: integer('price_cents').notNull(),
    transitDays: integer('transit_days').notNull(),
    estimatedDelivery: date('estimated_delivery', { mode: 'string' }).notNull(),
    quoteExpiresAt: timestamp('quote_expires_at', { withTimezone: true }).notNull(),
    /** The checkout that paid for it (set at payment). */
    checkoutId: text('checkout_id').references(() => checkouts.id, { onDelete: 'restrict' }),
    /** The courier's order id and tracking reference, and its label addresses (a Sendle order's). */
    courierRef: text('courier_ref'),
    trackingRef: text('tracking_ref'),
    labelUrls: jsonb('label_urls'),
    bookingAttempts: integer('booking_attempts').notNull().default(0),
    /** booking: when to try the courier again. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A courier error kept for the team; the person sees the catalogue's words. */
    lastError: text('last_error'),
    /** label_created onwards: when the courier is next asked for tracking. */
    nextTrackAt: timestamp('next_track_at', { withTimezone: true }),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('deliveries_sender_idx').on(t.senderId, t.createdAt),
    index('deliveries_receiver_idx').on(t.receiverId, t.createdAt),
    index('deliveries_booking_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'booking'`),
    index('deliveries_tracking_idx')
      .on(t.nextTrackAt)
      .where(sql`${t.state} in ('label_created', 'shipped', 'in_transit')`),
    // One live delivery per item of a swap, however close together two bookings arrive.
    uniqueIndex('deliveries_live_uq')
      .on(t.offerId, t.postId)
      .where(sql`${t.state} not in ('replaced', 'cancelled', 'failed')`),
    uniqueIndex('deliveries_checkout_uq').on(t.checkoutId),
    check(
      'deliveries_state_check',
      sql`${t.state} in ('awaiting_payment', 'replaced', 'booking', 'label_created', 'shipped', 'in_transit', 'delivered', 'cancelled', 'failed')`,
    ),
    check('deliveries_price_check', sql`${t.priceCents} > 0`),
    check('deliveries_parties_check', sql`${t.senderId} <> ${t.receiverId}`),
  ],
);

/** A delivery's timeline: every state it reached, when, and the courier's words. */
export const deliveryEvents = pgTable(
  'delivery_events',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    description: text('description').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('delivery_events_state_uq').on(t.deliveryId, t.state), index('delivery_events_at_idx').on(t.deliveryId, t.at)],
);
