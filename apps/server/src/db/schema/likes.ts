import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { posts } from './posts';
import { users } from './users';

/**
 * Match-favorite records (spec section 4): who liked which post of whom, and when. One per
 * (post, liker): liking again replaces the record, as the spec's rule says.
 */
export const postLikes = pgTable(
  'post_likes',
  {
    id: text('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    postOwnerId: text('post_owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likedById: text('liked_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likedTime: timestamp('liked_time', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('post_likes_post_liker_uq').on(t.postId, t.likedById),
    // "Has the owner liked one of this user's posts?" — the match check.
    index('post_likes_owner_liker_idx').on(t.postOwnerId, t.likedById),
  ],
);

/** A person's favourites: the posts they like, listed on /favorite. */
export const favorites = pgTable(
  'favorites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('favorites_user_post_uq').on(t.userId, t.postId), index('favorites_user_time_idx').on(t.userId, t.createdAt)],
);

/**
 * A mutual like: two posts whose owners like each other's, recorded once per pair of posts
 * (whichever like completed it). Its unique key is what keeps repeated or concurrent likes from
 * mailing anyone twice.
 */
export const postMatches = pgTable(
  'post_matches',
  {
    id: text('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    likedById: text('liked_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The post of the liker that the post owner had liked before. */
    counterPostId: text('counter_post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('post_matches_pair_uq').on(sql`least(${t.postId}, ${t.counterPostId})`, sql`greatest(${t.postId}, ${t.counterPostId})`),
  ],
);

/** In-app notifications (the bell, /notification). `data` holds what the text needs. */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_user_time_idx').on(t.userId, t.createdAt)],
);

/** A member's report of a listing, queued for moderation (one open report per person and post). */
export const postReports = pgTable(
  'post_reports',
  {
    id: text('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** How an admin closed it (dismissed, hidden, warned, banned…), who and when. */
    resolution: text('resolution'),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('post_reports_post_reporter_uq').on(t.postId, t.reporterId),
    index('post_reports_status_idx').on(t.status, t.createdAt),
  ],
);
