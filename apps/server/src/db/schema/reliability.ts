import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Each member's reliability facts and score as the job last computed them (decision 0052): pages
 * read this row, never the activity behind it, so a page of members costs one query.
 */
export const memberReliability = pgTable(
  'member_reliability',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    swapsCompleted: integer('swaps_completed').notNull(),
    cancelledAfterAccept: integer('cancelled_after_accept').notNull(),
    replyConversations: integer('reply_conversations').notNull(),
    medianReplySeconds: integer('median_reply_seconds'),
    deliveriesBooked: integer('deliveries_booked').notNull(),
    deliveriesOnTime: integer('deliveries_on_time').notNull(),
    reviewsCount: integer('reviews_count').notNull(),
    reviewsAverage: doublePrecision('reviews_average'),
    accountAgeDays: integer('account_age_days').notNull(),
    emailVerified: boolean('email_verified').notNull(),
    /** 'new' or a tier of RELIABILITY_TIERS (packages/shared/src/reliability.ts). */
    tier: text('tier').notNull(),
    /** 0–100; null for a new member. */
    score: integer('score'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The job refreshes the oldest rows first.
    index('member_reliability_computed_idx').on(t.computedAt),
    check('member_reliability_tier_check', sql`${t.tier} in ('new', 'very_reliable', 'reliable', 'mixed', 'low')`),
    check('member_reliability_score_check', sql`(${t.tier} = 'new') = (${t.score} is null) and ${t.score} between 0 and 100`),
  ],
);
