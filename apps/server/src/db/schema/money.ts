import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One purchase through the payment port (docs/decisions/0023): what is bought, its GST-inclusive
 * price in cents, and where it stands. Created before the person is sent to the provider's
 * checkout; fulfilled once, by the provider's event.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** tokens | subscription | swap_assist | unlimited_assist (shared/purchases.ts). */
    kind: text('kind').notNull(),
    /** The purchase's own fields (token amount, post id, months), as validated at creation. */
    details: jsonb('details').notNull(),
    amountCents: integer('amount_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    /** local | stripe */
    provider: text('provider').notNull(),
    /** The provider's id for the checkout (a Stripe Checkout Session id). */
    providerRef: text('provider_ref'),
    status: text('status').notNull().default('open'),
    /** An app path to go back to afterwards. */
    returnTo: text('return_to').notNull().default('/'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('checkouts_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('checkouts_provider_ref_uq').on(t.provider, t.providerRef),
    check('checkouts_status_check', sql`${t.status} in ('open', 'paid', 'failed', 'cancelled', 'refunded')`),
    check('checkouts_amount_check', sql`${t.amountCents} > 0 and ${t.gstCents} >= 0 and ${t.gstCents} < ${t.amountCents}`),
  ],
);

/**
 * Every provider event that changed something, recorded in the same transaction as its effect:
 * a second delivery of the same event finds its row and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    checkoutId: text('checkout_id').references(() => checkouts.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** A member's token balance: the database refuses a negative one (a spend is a conditional update). */
export const tokenBalances = pgTable(
  'token_balances',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('token_balances_non_negative', sql`${t.balance} >= 0`)],
);

/**
 * The token ledger, append-only (a trigger refuses updates and deletes): every credit and spend
 * with the balance after it. (user, reason, source) is unique, so one purchase or one refund is
 * booked once however often it is asked for.
 */
export const tokenLedger = pgTable(
  'token_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** purchase | refund | boost | extra_swipes | swap_assist | coupon */
    reason: text('reason').notNull(),
    /** The operation booked: the checkout of a purchase or refund, a fresh id for each spend. */
    sourceId: text('source_id').notNull(),
    /** The item a spend was for (a boost, Swap Assist). */
    postId: text('post_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('token_ledger_once_uq').on(t.userId, t.reason, t.sourceId),
    index('token_ledger_user_idx').on(t.userId, t.id),
    check('token_ledger_delta_check', sql`${t.delta} <> 0`),
    check('token_ledger_balance_check', sql`${t.balanceAfter} >= 0`),
  ],
);
