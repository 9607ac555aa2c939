import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { posts } from './posts';
import { users } from './users';

// The search columns of `posts` (search_vector, earth_pt) and their indexes are written by hand in
// migration 0013_search_indexes.sql: Drizzle has no tsvector or cube column type.

/** A signed-in person's saved search, alerting them of new matching items. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Parsed SearchFilters (arrays and booleans), as the search service takes them. */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt)],
);

/** One alert per saved search and item, whatever retries or overlapping sweeps do. */
export const savedSearchHits = pgTable(
  'saved_search_hits',
  {
    savedSearchId: text('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.postId] })],
);

/**
 * How far the alert sweep has got, per audience: 'early' (subscribers, at publish time) and
 * 'everyone' (24 hours after publishing, the early-access rule).
 */
export const searchAlertState = pgTable('search_alert_state', {
  audience: text('audience').primaryKey(),
  watermark: timestamp('watermark', { withTimezone: true }).notNull(),
});

/** Words of live titles and keywords with how many items use them: completions and typo fixes. */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
    ndoc: integer('ndoc').notNull(),
  },
  (t) => [
    index('search_terms_prefix_idx').on(sql`${t.term} text_pattern_ops`),
    index('search_terms_trgm_idx').using('gist', sql`${t.term} gist_trgm_ops`),
  ],
);

/**
 * Product analytics events (issue 20, decision 0029): what the web app sends to POST /api/v1/events
 * and what the server records itself (search_no_results). Append-only (a trigger refuses updates
 * and deletes) and partitioned by month on created_at (migration 0031; partitions are made ahead by
 * modules/analytics/partitions.ts). No personal data: a random per-session id from the browser and
 * a signed-in member only as a salted hash.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: text('id').notNull(),
    name: text('name').notNull(),
    sessionId: text('session_id'),
    userHash: text('user_hash'),
    /** The app path the event happened on (no query string). */
    path: text('path'),
    props: jsonb('props').$type<Record<string, unknown>>().notNull(),
    /** When it happened (the client's time, clamped to the day before it arrived). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.createdAt, t.id] }), index('analytics_events_name_time_idx').on(t.name, t.createdAt)],
);

/**
 * Daily rollups of analytics_events (modules/analytics/rollups.ts, decision 0029), which the admin
 * dashboard reads instead of the events: per day (UTC), a metric and a key (an event name, a
 * funnel step, a search query, a bucket of the time between two steps) and its value. Rebuilt day
 * by day by a job; a day's rows are replaced whole.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    key: text('key').notNull().default(''),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.key] }), index('analytics_daily_metric_day_idx').on(t.metric, t.day)],
);
