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
  (t) => [
    uniqueIndex('user_identities_provider_subject_idx').on(t.provider, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);
