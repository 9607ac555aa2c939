import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Accounts at an outside identity provider (Google, Facebook) linked to a SwapU user: one row per
 * (provider, subject), found on every sign-in through that provider.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The email the provider reported when the identity was linked. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('user_identities_provider_subject_idx').on(t.provider, t.subject), index('user_identities_user_idx').on(t.userId)],
);

/**
 * A finished Google/Facebook sign-in waiting for the browser that started it: /auth/complete
 * exchanges the one-time code for tokens together with the nonce that browser kept, so a link
 * crafted from someone else's sign-in opens nothing.
 */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nonceHash: text('nonce_hash').notNull(),
    returnTo: text('return_to').notNull().default('/'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_codes_expires_idx').on(t.expiresAt)],
);

/** Facts about this installation (for example that it holds the demo marketplace's accounts). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
