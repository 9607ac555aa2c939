import { asc, desc, eq, sql } from 'drizzle-orm';
import type { SupportMessage } from '@swapu/shared/chat';
import type { Tx } from '../../db/client';
import { supportMessages, users } from '../../db/schema/index';
import type { Hub } from '../../lib/hub';
import { errors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { userRef } from '../members/index';

const TEAM = 'SwapU team';

function toSupport(m: typeof supportMessages.$inferSelect, authorName: string | null): SupportMessage {
  return {
    id: m.id,
    threadUserId: m.threadUserId,
    fromTeam: m.fromTeam,
    authorName: m.fromTeam ? TEAM : (authorName ?? ''),
    body: m.body,
    createdAt: m.createdAt.toISOString(),
  };
}

/** A member's support thread (spec messages2), oldest first. */
export async function supportThread(db: Tx, threadUserId: string) {
  const rows = await db
    .select({ m: supportMessages, name: users.displayName })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorId))
    .where(eq(supportMessages.threadUserId, threadUserId))
    .orderBy(asc(supportMessages.seq))
    .limit(500);
  return { items: rows.map((r) => toSupport(r.m, r.name)) };
}

/** Adds a message to a thread, from the member or from the team, and tells both sides live. */
export async function postSupport(
  db: Tx,
  hub: Hub | null,
  threadUserId: string,
  authorId: string,
  fromTeam: boolean,
  body: string,
  now: Date,
) {
  // The team answers an existing member's thread; an unknown one is a 404, not a broken insert.
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, threadUserId)).limit(1);
  if (!member) throw errors.notFound();
  const [row] = await db
    .insert(supportMessages)
    .values({ id: newId(), threadUserId, authorId, fromTeam, body, createdAt: now })
    .returning();
  const [author] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, authorId));
  await hub?.publish({ users: [threadUserId], kind: 'support', id: row!.id, admins: true });
  return toSupport(row!, author?.name ?? null);
}

/** Every thread for the team, the ones waiting for an answer first. */
export async function supportThreads(db: Tx) {
  const rows = await db
    .select({
      userId: supportMessages.threadUserId,
      name: users.displayName,
      avatarKey: users.avatarKey,
      last: sql<string>`(array_agg(${supportMessages.body} order by ${supportMessages.seq} desc))[1]`,
      lastFromTeam: sql<boolean>`(array_agg(${supportMessages.fromTeam} order by ${supportMessages.seq} desc))[1]`,
      at: sql<Date>`max(${supportMessages.createdAt})`,
    })
    .from(supportMessages)
    .innerJoin(users, eq(users.id, supportMessages.threadUserId))
    .groupBy(supportMessages.threadUserId, users.displayName, users.avatarKey)
    .orderBy(desc(sql`max(${supportMessages.createdAt})`))
    .limit(200);
  const items = rows.map((r) => ({
    user: userRef({ id: r.userId, displayName: r.name, avatarKey: r.avatarKey }),
    lastMessage: r.last,
    timestamp: new Date(r.at).toISOString(),
    awaitingTeam: !r.lastFromTeam,
  }));
  items.sort((a, b) => Number(b.awaitingTeam) - Number(a.awaitingTeam));
  return { items };
}
