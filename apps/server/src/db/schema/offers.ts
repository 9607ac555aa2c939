import { sql } from 'drizzle-orm';
import { bigserial, check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { posts } from './posts';
import { users } from './users';

/** An offer on one post (the target) by the offerer to the post's owner (see shared/offers.ts). */
export const offers = pgTable(
  'offers',
  {
    id: text('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'restrict' }),
    offererId: text('offerer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Who made this proposal: the offerer, or the owner with a counter-offer. */
    proposedBy: text('proposed_by').notNull(),
    state: text('state').notNull().default('pending'),
    cashKind: text('cash_kind').notNull().default('none'),
    cashCents: integer('cash_cents').notNull().default(0),
    message: text('message').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    parentId: text('parent_id'),
    offererConfirmedAt: timestamp('offerer_confirmed_at', { withTimezone: true }),
    ownerConfirmedAt: timestamp('owner_confirmed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The swap chain this swap is a leg of (accepted when the chain committed), or null. */
    chainId: text('chain_id'),
    /** CO2e saved by the swap (every item's weight × material factors), fixed at completion. */
    carbonKg: doublePrecision('carbon_kg'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('offers_offerer_idx').on(t.offererId, t.createdAt),
    index('offers_owner_idx').on(t.ownerId, t.createdAt),
    index('offers_post_idx').on(t.postId),
    index('offers_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'pending'`),
    index('offers_completed_idx')
      .on(t.completedAt)
      .where(sql`${t.state} = 'completed'`),
    check(
      'offers_state_check',
      sql`${t.state} in ('pending', 'accepted', 'declined', 'countered', 'withdrawn', 'expired', 'completed', 'disputed')`,
    ),
    check('offers_cash_kind_check', sql`${t.cashKind} in ('none', 'add', 'request', 'only')`),
    check('offers_proposed_by_check', sql`${t.proposedBy} in ('offerer', 'owner')`),
    check('offers_cash_check', sql`${t.cashCents} >= 0`),
  ],
);

/** The offerer's posts given in exchange (0–5). */
export const offerItems = pgTable(
  'offer_items',
  {
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.postId] }), index('offer_items_post_idx').on(t.postId)],
);

/**
 * Which accepted offer holds a post. The primary key is the guarantee that two offers sharing an
 * item can never both be accepted, however close together the two accepts arrive.
 */
export const postReservations = pgTable('post_reservations', {
  postId: text('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'restrict' }),
  offerId: text('offer_id')
    .notNull()
    .references(() => offers.id, { onDelete: 'restrict' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Every transition of an offer, in order: its history. */
export const offerEvents = pgTable(
  'offer_events',
  {
    id: text('id').primaryKey(),
    /** Order of events, even within one millisecond. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    transition: text('transition').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('offer_events_offer_idx').on(t.offerId, t.seq)],
);

/** One review per party per completed swap. */
export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    revieweeId: text('reviewee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    stars: integer('stars').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('reviews_offer_reviewer_uq').on(t.offerId, t.reviewerId),
    index('reviews_reviewee_idx').on(t.revieweeId, t.createdAt),
    check('reviews_stars_check', sql`${t.stars} between 1 and 5`),
  ],
);

/** Points earned, append-only; a reason and its source make each award happen once. */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    points: integer('points').notNull(),
    reason: text('reason').notNull(),
    sourceId: text('source_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('points_ledger_once_uq').on(t.userId, t.reason, t.sourceId),
    index('points_ledger_user_idx').on(t.userId, t.createdAt),
  ],
);
