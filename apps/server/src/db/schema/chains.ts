import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { posts } from './posts';
import { users } from './users';

/**
 * A swap chain (issue 19, decision 0028): a ring of 3–5 members, each giving one published item
 * and receiving an item they liked. Found, it waits 48 hours for every member to unlock; then each
 * leg becomes an accepted swap (an offer with `chain_id`), or it dissolves (declined, lapsed, or an
 * item no longer available when the last member unlocked).
 */
export const swapChains = pgTable(
  'swap_chains',
  {
    id: text('id').primaryKey(),
    state: text('state').notNull().default('found'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The end of the 48-hour unlock window. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When it was committed or dissolved. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Why it dissolved: declined, lapsed, unavailable. */
    reason: text('reason'),
  },
  (t) => [
    check('swap_chains_state_check', sql`${t.state} in ('found', 'committed', 'dissolved')`),
    check('swap_chains_reason_check', sql`${t.reason} is null or ${t.reason} in ('declined', 'lapsed', 'unavailable')`),
    index('swap_chains_found_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'found'`),
  ],
);

/**
 * One member of a chain: what they give and what they receive (the next member's item). `open`
 * while the chain is found: an item is in at most one open chain (swap_chain_members_open_item_uq),
 * so two chains can never be waiting on the same item.
 */
export const swapChainMembers = pgTable(
  'swap_chain_members',
  {
    chainId: text('chain_id')
      .notNull()
      .references(() => swapChains.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    givesPostId: text('gives_post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    receivesPostId: text('receives_post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    open: boolean('open').notNull().default(true),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    /** The accepted swap in which this member receives, once the chain committed. */
    offerId: text('offer_id'),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.position] }),
    uniqueIndex('swap_chain_members_chain_user_uq').on(t.chainId, t.userId),
    uniqueIndex('swap_chain_members_open_item_uq')
      .on(t.givesPostId)
      .where(sql`${t.open}`),
    index('swap_chain_members_user_idx').on(t.userId),
  ],
);
