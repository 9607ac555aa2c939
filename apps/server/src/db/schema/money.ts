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
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Why a refunded checkout's money went back (shared/money-api.ts REFUND_REASONS). */
    refundReason: text('refund_reason'),
    /**
     * Tokens a reversal could not take back because they were already spent (a refund made at the
     * provider or a chargeback leaves the balance at 0 and records the rest here; decision 0034).
     */
    shortfallTokens: integer('shortfall_tokens').notNull().default(0),
  },
  (t) => [
    index('checkouts_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('checkouts_provider_ref_uq').on(t.provider, t.providerRef),
    // The lapse sweep's (checkout-lapse.ts): open checkouts, oldest first.
    index('checkouts_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    check('checkouts_status_check', sql`${t.status} in ('open', 'processing', 'paid', 'failed', 'cancelled', 'expired', 'refunded')`),
    check('checkouts_amount_check', sql`${t.amountCents} > 0 and ${t.gstCents} >= 0 and ${t.gstCents} < ${t.amountCents}`),
    check(
      'checkouts_refund_reason_check',
      sql`${t.refundReason} is null or ${t.refundReason} in ('admin', 'already_subscribed', 'quote_expired', 'lapsed', 'delivery', 'provider_refund', 'dispute')`,
    ),
    check('checkouts_shortfall_check', sql`${t.shortfallTokens} >= 0`),
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

/**
 * Unlimited Swap Assist (the 3, 6 and 12 month packages): every item of the member's is assisted
 * until `until`. A new package extends from the current end.
 */
export const memberAssist = pgTable('member_assist', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  until: timestamp('until', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Coupon codes admins generate (spec section 3: code, type, used times, created on). `used_times`
 * can never pass `max_uses`: a redemption is a conditional update, and the check holds it.
 */
export const coupons = pgTable(
  'coupons',
  {
    code: text('code').primaryKey(),
    /** month_normal | month_special | months_3 | months_6 | months_12 (shared/coupons.ts). */
    type: text('type').notNull(),
    maxUses: integer('max_uses').notNull(),
    usedTimes: integer('used_times').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Set when an admin disabled the code: it redeems no more (uses already made stand). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    index('coupons_created_idx').on(t.createdAt),
    check('coupons_type_check', sql`${t.type} in ('month_normal', 'month_special', 'months_3', 'months_6', 'months_12')`),
    check('coupons_uses_check', sql`${t.maxUses} > 0 and ${t.usedTimes} >= 0 and ${t.usedTimes} <= ${t.maxUses}`),
  ],
);

/** Who redeemed which code (once per member: the primary key), and for which item. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    code: text('code')
      .notNull()
      .references(() => coupons.code, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.userId] }), index('coupon_redemptions_user_idx').on(t.userId)],
);

/**
 * A tax invoice for every completed payment, written in the fulfilment's transaction: the seller's
 * name and ABN as configured when it was issued, what was bought, the GST-inclusive amount and GST.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: text('id').primaryKey(),
    /** The invoice number people see (SU-000123). */
    number: bigserial('number', { mode: 'number' }).notNull(),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** payment | refund */
    kind: text('kind').notNull().default('payment'),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    sellerName: text('seller_name').notNull(),
    sellerAbn: text('seller_abn').notNull(),
    /** The seller's address as configured when issued (SELLER_ADDRESS; '' on receipts from before it). */
    sellerAddress: text('seller_address').notNull().default(''),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('receipts_number_uq').on(t.number),
    uniqueIndex('receipts_checkout_kind_uq').on(t.checkoutId, t.kind),
    index('receipts_user_idx').on(t.userId, t.issuedAt),
    check('receipts_kind_check', sql`${t.kind} in ('payment', 'refund')`),
  ],
);

/**
 * The weekly email of best matches for an assisted item: one row per item and ISO week
 * (2026-W48), written in the transaction that queues the mail, so each week's mail goes once
 * however many server instances sweep.
 */
export const assistDigests = pgTable(
  'assist_digests',
  {
    postId: text('post_id').notNull(),
    week: text('week').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.week] })],
);

/**
 * Extra Swap Swipe right swipes bought for a day (10 for 1 token, PRODUCT.md "Money features"),
 * per member and Australian day (Australia/Sydney): the Swap Swipe deck adds them to the free
 * allowance.
 */
export const swipeExtras = pgTable(
  'swipe_extras',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD in Australia/Sydney. */
    day: text('day').notNull(),
    extra: integer('extra').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), check('swipe_extras_extra_check', sql`${t.extra} >= 0`)],
);
