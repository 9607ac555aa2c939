import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { offers } from './offers';
import { posts } from './posts';
import { users } from './users';

/**
 * Swap Swipe (issue 18, decision 0026): one row per member and swiped item, the latest swipe.
 * A left swipe hides the item from that member's decks for 30 days; a right swipe is a like (the
 * like itself lives in post_likes). The newest row is what "undo" takes back.
 */
export const swipes = pgTable(
  'swipes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** The member's own item the deck was for (currentPage). */
    fromPostId: text('from_post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    direction: text('direction').notNull(),
    /** The Australia/Sydney day of the swipe (YYYY-MM-DD): a right swipe counts against it. */
    day: text('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('swipes_user_time_idx').on(t.userId, t.createdAt),
    check('swipes_direction_check', sql`${t.direction} in ('left', 'right')`),
  ],
);

/**
 * A member's deck for one of their items, ranked once and dealt from many times (decision 0026,
 * "The deck is ranked once per session"): the candidates' ids best first. A cache: rebuilt when
 * it is older than DECK_TTL_MS, when the item changed since (item_updated_at), or when fewer
 * than a deck's worth of its cards are left unswiped; losing it loses nothing.
 */
export const swipeDecks = pgTable(
  'swipe_decks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromPostId: text('from_post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    postIds: text('post_ids').array().notNull(),
    /** The item's updated_at when the deck was ranked: an edit (wishes, value, place) ranks it again. */
    itemUpdatedAt: timestamp('item_updated_at', { withTimezone: true }).notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fromPostId] })],
);

/**
 * Right swipes per member and Australia/Sydney day: the daily allowance is enforced by one
 * conditional upsert on this row (rights < allowance), so concurrent swipes cannot pass it.
 */
export const swipeCounts = pgTable(
  'swipe_counts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    rights: integer('rights').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), check('swipe_counts_rights_check', sql`${t.rights} >= 0`)],
);

/**
 * A goal tracker (spec section 3: goal name, goal item, goal cash value, start item). The goal
 * item is a described target; `current_post_id` follows the trade-up path from the start item.
 */
export const goals = pgTable(
  'goals',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The goal item, in words ("a road bike"). */
    goalItem: text('goal_item').notNull(),
    goalCategory: text('goal_category'),
    goalKeywords: text('goal_keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    goalValueCents: integer('goal_value_cents').notNull(),
    startPostId: text('start_post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** The item the member holds now on the way to the goal (the start item until a swap). */
    currentPostId: text('current_post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('active'),
    showOnProfile: boolean('show_on_profile').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('goals_user_idx').on(t.userId, t.createdAt),
    index('goals_current_post_idx').on(t.currentPostId),
    check('goals_state_check', sql`${t.state} in ('active', 'completed', 'archived')`),
    check('goals_value_check', sql`${t.goalValueCents} > 0`),
  ],
);

/** One step along a goal's trade-up path: a completed swap that moved it from one item to the next. */
export const goalSteps = pgTable(
  'goal_steps',
  {
    id: text('id').primaryKey(),
    goalId: text('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    fromPostId: text('from_post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    toPostId: text('to_post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** The received item's value when the swap completed. */
    valueCents: integer('value_cents').notNull(),
    /** The step's place in its goal's chain (1, 2, …): two swaps completed in the same instant keep their order. */
    seq: integer('seq').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('goal_steps_goal_offer_uq').on(t.goalId, t.offerId),
    uniqueIndex('goal_steps_goal_seq_uq').on(t.goalId, t.seq),
    index('goal_steps_goal_idx').on(t.goalId, t.createdAt),
  ],
);

/**
 * Points per member and period ('all', 'week:2026-W48', 'month:2026-11', Australia/Sydney), kept in
 * the same transaction as each points_ledger row: the leaderboard reads its top 50 off the index.
 */
export const pointsTotals = pgTable(
  'points_totals',
  {
    period: text('period').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.userId] }),
    index('points_totals_rank_idx').on(t.period, t.points.desc(), t.userId),
    check('points_totals_points_check', sql`${t.points} >= 0`),
  ],
);

/**
 * How many members hold each points total in a period: a member's rank is 1 + the members above,
 * summed over the (few) distinct totals above theirs rather than counted member by member.
 */
export const pointsHistogram = pgTable(
  'points_histogram',
  {
    period: text('period').notNull(),
    points: integer('points').notNull(),
    members: integer('members').notNull(),
  },
  (t) => [primaryKey({ columns: [t.period, t.points] }), check('points_histogram_members_check', sql`${t.members} >= 0`)],
);
