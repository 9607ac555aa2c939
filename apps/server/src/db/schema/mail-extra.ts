import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { mailOutbox } from './mail';
import { users } from './users';

/**
 * An outbox mail handed to the delivery queue (pg-boss): written in the same transaction as its
 * job, so each mail is queued once even with several server instances relaying.
 */
export const mailDeliveries = pgTable('mail_deliveries', {
  mailId: text('mail_id')
    .primaryKey()
    .references(() => mailOutbox.id, { onDelete: 'cascade' }),
  jobId: text('job_id').notNull(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
  /** Set when delivery was given up: retries exhausted or the server refused the recipient. */
  failedAt: timestamp('failed_at', { withTimezone: true }),
});

/** Single-use password reset links. Only a hash of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Addresses SwapU sends non-transactional mail to. `subscribedAt` is set by opting in to SwapU news;
 * `unsubscribedAt` (an opt-out of every non-transactional mail) wins over it. A row is also created
 * when a non-transactional mail needs an unsubscribe link for an address that never opted in.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    /** Put in unsubscribe links; it can only unsubscribe, so it is stored as is. */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    language: text('language').notNull().default('en-US'),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** Double opt-in: a subscription waits for the link in its confirmation mail (hash of its token). */
    confirmTokenHash: text('confirm_token_hash'),
    confirmRequestedAt: timestamp('confirm_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('newsletter_subscribers_token_idx').on(t.unsubscribeToken),
  ],
);
