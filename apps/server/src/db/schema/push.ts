import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A device's Web Push subscription (decision 0053): the push service's address for one browser of
 * a member and the keys its messages are encrypted with. An endpoint belongs to one member at a
 * time: the browser's next member subscribing takes it over.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The last time the device subscribed or a push service took a push for it. */
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** The kinds a member switched off (no row: every kind is pushed). */
export const pushPreferences = pgTable('push_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  messages: boolean('messages').notNull().default(true),
  offers: boolean('offers').notNull().default(true),
  matches: boolean('matches').notNull().default(true),
  chains: boolean('chains').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * The push outbox: one row per piece of news and device, written in the transaction (or the
 * statement) that makes the news, so nothing is pushed for a change that rolled back and nothing
 * committed goes unpushed. A worker on any instance claims due rows (FOR UPDATE SKIP LOCKED and a
 * lease), sends them and records the outcome.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** message, offer, match or chain (the notification's kind). */
    kind: text('kind').notNull(),
    /** The notification's data (a chat message: its room, id and seq). */
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Not before: a chat message waits PUSH_MESSAGE_GRACE_MS; a retry waits its backoff. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** A worker holds the row until then (one that died mid-send lets another take it after). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** sent, seen (the member read it first), off (kind switched off), replaced (by a newer message of the room), failed, expired. */
    outcome: text('outcome'),
    lastError: text('last_error'),
  },
  (t) => [
    index('push_outbox_due_idx')
      .on(t.dueAt)
      .where(sql`${t.doneAt} is null`),
    index('push_outbox_done_idx')
      .on(t.doneAt)
      .where(sql`${t.doneAt} is not null`),
    index('push_outbox_subscription_idx').on(t.subscriptionId),
    check('push_outbox_kind_check', sql`${t.kind} in ('message', 'offer', 'match', 'chain')`),
  ],
);
