import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { posts } from './posts';
import { users } from './users';

/**
 * A chat room between two people (spec discuss/chats + discuss/members). `user_a` < `user_b`, and
 * the pair is unique: never two rooms for one pair, however the two race to open one.
 */
export const rooms = pgTable(
  'rooms',
  {
    id: text('id').primaryKey(),
    userA: text('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: text('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('No Title'),
    /** The post the latest conversation started from, shown as context. */
    postId: text('post_id').references(() => posts.id, { onDelete: 'set null' }),
    lastSeq: integer('last_seq').notNull().default(0),
    lastMessage: text('last_message'),
    lastSenderId: text('last_sender_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('rooms_pair_uq').on(t.userA, t.userB),
    index('rooms_user_b_idx').on(t.userB),
    check('rooms_pair_order_check', sql`${t.userA} < ${t.userB}`),
  ],
);

/** What each member has seen of a room (seen receipts, unread counts). */
export const roomReads = pgTable(
  'room_reads',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenSeq: integer('seen_seq').notNull().default(0),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /** The last message an email digest told this member about. */
    mailedSeq: integer('mailed_seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);

export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… within the room: order and catch-up cursor. */
    seq: integer('seq').notNull(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    postId: text('post_id').references(() => posts.id, { onDelete: 'set null' }),
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** What the scam rules found in the body (decision 0050): the receiver is warned of each kind. */
    warnings: text('warnings')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('messages_room_seq_uq').on(t.roomId, t.seq),
    // A retried send with the same client id is stored once.
    uniqueIndex('messages_client_uq').on(t.senderId, t.clientId),
  ],
);

export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

export const userReports = pgTable('user_reports', {
  id: text('id').primaryKey(),
  /** Null when SwapU itself reported the member (too many flagged chat messages: decision 0050). */
  reporterId: text('reporter_id').references(() => users.id, { onDelete: 'cascade' }),
  reportedId: text('reported_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  roomId: text('room_id').references(() => rooms.id, { onDelete: 'set null' }),
  reason: text('reason').notNull(),
  status: text('status').notNull().default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** How an admin closed it (dismissed, warned, banned…), who and when. */
  resolution: text('resolution'),
  resolvedBy: text('resolved_by'),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
});

/** Support threads (spec messages2): one per member, keyed by their account; the team answers. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    threadUserId: text('thread_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromTeam: boolean('from_team').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_messages_thread_idx').on(t.threadUserId, t.seq)],
);
