import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Paid subscriptions: an active (or cancelled, until period end) one grants 24-hour early access. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** local | stripe: who charges the next period. */
    provider: text('provider').notNull().default('local'),
    /** The provider's id for the subscription (a Stripe subscription id), when it has one. */
    providerRef: text('provider_ref'),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_ref_uq').on(t.provider, t.providerRef),
    // One live subscription per member (decision 0034): of two paid at once, the database starts one.
    uniqueIndex('subscriptions_one_live_uq')
      .on(t.userId)
      .where(sql`${t.status} in ('active', 'cancelled')`),
    index('subscriptions_user_idx').on(t.userId, t.currentPeriodEnd),
    check('subscriptions_status_check', sql`${t.status} in ('active', 'cancelled', 'expired')`),
  ],
);
