import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { MESSAGES_PAGE, ROOM_EMPTY_MESSAGE, ROOM_TITLE_DEFAULT, type ChatMessage, type Room, type RoomSummary } from '@swapu/shared/chat';
import type { Database, Tx } from '../../db/client';
import { messages, notifications, posts, roomReads, rooms, userBlocks, userReports, users } from '../../db/schema/index';
import { AppError, errors } from '../../lib/errors';
import { guard } from '../../lib/guards';
import type { Hub } from '../../lib/hub';
import { newId } from '../../lib/ids';
import { RATE_LIMITS } from '../../lib/rate-limit';
import { imageVariantKeys, mediaUrl } from '../../lib/storage';
import { postSeenByCondition, type Viewer } from '../../lib/viewer';
import { userRef } from '../members/index';
import { MESSAGE_PUSH_CTE } from '../notifications/index';
import { countFlagged } from './scam-count';
import { isScamKind, scamKinds } from './scam-rules';

type RoomRow = typeof rooms.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

export interface ChatDeps {
  database: Database;
  hub: Hub | null;
}

const forbidden = () => new AppError(403, 'room_forbidden');
const pair = (a: string, b: string) => (a < b ? { userA: a, userB: b } : { userA: b, userB: a });
const otherOf = (r: RoomRow, me: string) => (r.userA === me ? r.userB : r.userA);

export const toMessage = (m: MessageRow): ChatMessage => ({
  id: m.id,
  roomId: m.roomId,
  seq: m.seq,
  senderId: m.senderId,
  body: m.body,
  postId: m.postId,
  clientId: m.clientId,
  createdAt: m.createdAt.toISOString(),
  warnings: m.warnings.filter(isScamKind),
});

async function canSeePost(db: Tx, viewer: Viewer, postId: string, now: Date) {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), postSeenByCondition(viewer, now)))
    .limit(1);
  return rows.length > 0;
}

/** The room, if `userId` is one of its two members; 'Nice try, but you are not allowed in that room' otherwise. */
export async function memberRoom(db: Tx, roomId: string, userId: string): Promise<RoomRow> {
  const [r] = await db.select().from(rooms).where(eq(rooms.id, roomId)).limit(1);
  if (!r) throw errors.notFound();
  if (r.userA !== userId && r.userB !== userId && guard('room-member')) throw forbidden();
  return r;
}

async function isBlocked(db: Tx, a: string, b: string) {
  const rows = await db
    .select({ x: userBlocks.blockerId })
    .from(userBlocks)
    .where(or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))))
    .limit(1);
  return rows.length > 0;
}

/**
 * The room of two people, created when none holds both (spec section 4). The unique pair key
 * makes two simultaneous "message" taps end in one room. A post given is kept as context.
 */
export async function openRoom(db: Tx, viewer: Viewer, otherId: string, postId: string | undefined, now: Date) {
  const me = viewer.userId!;
  if (otherId === me) throw new AppError(400, 'message_self');
  const [other] = await db.select({ id: users.id, deletedAt: users.deletedAt }).from(users).where(eq(users.id, otherId)).limit(1);
  if (!other || other.deletedAt) throw errors.notFound();
  if (await isBlocked(db, me, otherId)) throw new AppError(403, 'user_blocked');
  // The context must be a post this person may see (never a draft, an archived post or another
  // person's item still in its early-access day): otherwise it is as if it did not exist.
  if (postId && !(await canSeePost(db, viewer, postId, now))) throw errors.notFound();
  const ids = pair(me, otherId);
  const inserted = await db
    .insert(rooms)
    .values({ id: newId(), ...ids, title: ROOM_TITLE_DEFAULT, postId: postId ?? null, createdAt: now })
    .onConflictDoNothing()
    .returning();
  let room = inserted[0];
  if (!room) {
    [room] = await db
      .select()
      .from(rooms)
      .where(and(eq(rooms.userA, ids.userA), eq(rooms.userB, ids.userB)))
      .limit(1);
    if (room && postId && room.postId !== postId) {
      [room] = await db.update(rooms).set({ postId }).where(eq(rooms.id, room.id)).returning();
    }
  }
  await db
    .insert(roomReads)
    .values([ids.userA, ids.userB].map((userId) => ({ roomId: room!.id, userId })))
    .onConflictDoNothing();
  return { room: room!, created: inserted.length > 0 };
}

type Sent = { message: ChatMessage; created: boolean; members: [string, string] };

/**
 * The send path as one prepared statement: count the send against the member's limit (the shared
 * rate_limits row, so every instance agrees), check (membership, blocks or a deleted member, a retried client id),
 * then, only if all is well, bump the room's sequence, insert, mark seen by the sender and give
 * the recipient's bell one unread entry per room, and queue its push for each of the recipient's
 * devices (MESSAGE_PUSH_CTE, decision 0053). $1 room, $2 sender, $3 client id, $4 summary
 * text, $5 time, $6 message id, $7 body, $8 post id, $9 notification id, $10 preview, $11 link,
 * $12 limit key, $13 when the limit's current window must have started, $14 the limit, $15 the
 * scam rules' warnings (a text[] literal).
 */
const SEND_SQL = `
  with lim as (
    insert into rate_limits (key, window_start, count) values ($12, $5::timestamptz, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= $13::timestamptz then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= $13::timestamptz then $5::timestamptz else rate_limits.window_start end
    returning count, window_start
  ), chk as (
    select r.user_a, r.user_b,
      (exists (select 1 from user_blocks b where (b.blocker_id = r.user_a and b.blocked_id = r.user_b)
                                             or (b.blocker_id = r.user_b and b.blocked_id = r.user_a))
       -- a member who deleted their account can no longer be written to (their side of the room stays)
       or exists (select 1 from users u where u.id in (r.user_a, r.user_b) and u.deleted_at is not null)) as blocked,
      (select d.id from messages d where $3::text is not null and d.sender_id = $2 and d.client_id = $3::text) as dup_id
    from rooms r where r.id = $1
  ), ok as (
    select case when chk.user_a = $2 then chk.user_b else chk.user_a end as other from chk
    where $2 in (chk.user_a, chk.user_b) and not chk.blocked and chk.dup_id is null and (select count from lim) <= $14
  ), r as (
    update rooms set last_seq = last_seq + 1, last_message = $4, last_sender_id = $2, last_message_at = $5::timestamptz
    where id = $1 and exists (select 1 from ok) returning last_seq
  ), m as (
    insert into messages (id, room_id, seq, sender_id, body, post_id, client_id, created_at, warnings)
    select $6, $1, r.last_seq, $2, $7, $8, $3::text, $5::timestamptz, $15::text[] from r
    returning *
  ), seen as (
    update room_reads set seen_seq = (select seq from m), seen_at = $5::timestamptz
    where room_id = $1 and user_id = $2 and exists (select 1 from m)
  ), fresh as (
    insert into notifications (id, user_id, kind, data, link, created_at)
    select $9, ok.other, 'message',
      jsonb_build_object('roomId', $1::text, 'otherName', (select display_name from users where id = $2), 'preview', $10::text),
      $11, $5::timestamptz
    from m, ok
    where not exists (select 1 from notifications n where n.user_id = ok.other and n.kind = 'message'
                        and n.read_at is null and n.data->>'roomId' = $1::text)
    returning id
  ), ${MESSAGE_PUSH_CTE}
  select chk.user_a as chk_a, chk.user_b as chk_b, chk.blocked as chk_blocked, chk.dup_id as chk_dup,
    (select count from lim) as lim_count, (select window_start from lim) as lim_start,
    (select id from fresh) as fresh_id, m.*
  from (select 1) one left join chk on true left join m on true`;

/**
 * Stores a message (in the database before anyone is told) and announces it to both members'
 * connections. Two round trips: one read (membership, blocks, a retried client id), then one
 * statement that bumps the room's sequence, inserts the message, marks it seen by its sender and
 * updates the recipient's grouped notification, all or nothing. Only after it commits is the
 * message announced through the hub. A retried send with the same client id returns the stored one.
 */
export async function sendMessage(
  deps: ChatDeps,
  me: string,
  roomId: string,
  body: { body: string; clientId?: string | undefined; postId?: string | undefined },
  now: Date,
  viewer: Viewer = { userId: me, role: 'user', subscriber: false },
): Promise<Sent> {
  const { db } = deps.database;
  // A message's post must be one its sender may see (and exist at all).
  if (body.postId && !(await canSeePost(db, viewer, body.postId, now))) throw errors.notFound();
  const clientId = body.clientId ?? null;
  const existing = async (members: [string, string]) => {
    const [dup] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, me), eq(messages.clientId, clientId!)))
      .limit(1);
    return dup ? { message: toMessage(dup), created: false, members } : null;
  };
  // The scam rules (decision 0050): a flagged message is counted against its sender first (which
  // may refuse it, told, when the sender is slowed), then stored with its warnings, never dropped.
  const warnings = scamKinds(body.body);
  if (warnings.length) await countFlagged(deps.database, me, roomId, warnings, now);
  const limit = RATE_LIMITS.chatSend;
  const id = newId();
  const at = now.toISOString();
  const preview = body.body.slice(0, 120);
  let rows: Array<Record<string, unknown>>;
  try {
    rows = await deps.database.prepared<Record<string, unknown>>('swapu_chat_send', SEND_SQL, [
      roomId,
      me,
      clientId,
      body.body.slice(0, 200),
      at,
      id,
      body.body,
      body.postId ?? null,
      newId(),
      preview,
      `/discuss/${roomId}`,
      `chatSend:${me}`,
      new Date(now.getTime() - limit.windowMs).toISOString(),
      limit.max,
      `{${warnings.join(',')}}`,
    ]);
  } catch (err) {
    // The same client id sent twice at once: the unique key let one in; return that one.
    if (clientId) {
      const [r] = await db.select().from(rooms).where(eq(rooms.id, roomId)).limit(1);
      const dup = r ? await existing([r.userA, r.userB]) : null;
      if (dup) return dup;
    }
    throw err;
  }
  const head = rows[0];
  // Over the limit: nothing was stored (the statement's insert needs the count within it).
  if (Number(head?.lim_count) > limit.max) {
    const windowEnd = new Date(head!.lim_start as string).getTime() + limit.windowMs;
    throw errors.tooMany('rate_limited', (windowEnd - now.getTime()) / 1000);
  }
  if (!head?.chk_a) throw errors.notFound();
  const members: [string, string] = [head.chk_a as string, head.chk_b as string];
  if (!members.includes(me) && guard('room-member')) throw forbidden();
  if (head.chk_dup) return (await existing(members))!;
  if (head.chk_blocked) throw new AppError(403, 'user_blocked');
  const row = head;
  if (!row.id) throw errors.notFound();
  const message: ChatMessage = {
    id: row.id as string,
    roomId,
    seq: Number(row.seq),
    senderId: me,
    body: row.body as string,
    postId: (row.post_id as string | null) ?? null,
    clientId,
    createdAt: new Date(row.created_at as string).toISOString(),
    warnings,
  };
  // Committed: now announce it. Local listeners use this copy instead of reading the row back.
  recentMessages.set(message.id, message);
  if (recentMessages.size > 10_000) recentMessages.clear();
  deps.hub?.publish({ users: members, kind: 'message', id: message.id, roomId }).catch(() => {
    // Other instances' clients catch up from the database when they resubscribe.
  });
  // The recipient's grouped chat notification, when this message created it (its bell count
  // changes); announced here rather than by the notifications trigger (migration 0014).
  if (head.fresh_id) {
    const other = members[0] === me ? members[1] : members[0];
    deps.hub?.publish({ users: [other], kind: 'notification', id: head.fresh_id as string }).catch(() => {});
  }
  return { message, created: true, members };
}

/** Messages this instance has just stored, for its own fan-out (saves reading them back). */
export const recentMessages = new Map<string, ChatMessage>();

/** The most messages one `after` read returns (the socket's catch-up reads page after page). */
export const REPLAY_PAGE = 500;

export async function listMessages(db: Tx, me: string, roomId: string, q: { before?: number | undefined; after?: number | undefined }) {
  await memberRoom(db, roomId, me);
  if (q.after !== undefined) {
    const rows = await db
      .select()
      .from(messages)
      .where(and(eq(messages.roomId, roomId), gt(messages.seq, q.after)))
      .orderBy(asc(messages.seq))
      .limit(REPLAY_PAGE);
    return { items: rows.map(toMessage), nextBefore: null };
  }
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.roomId, roomId), q.before ? lt(messages.seq, q.before) : undefined))
    .orderBy(desc(messages.seq))
    .limit(MESSAGES_PAGE + 1);
  const page = rows.slice(0, MESSAGES_PAGE).reverse();
  return { items: page.map(toMessage), nextBefore: rows.length > MESSAGES_PAGE ? page[0]!.seq : null };
}

/** The member has seen everything up to now: their unread count clears and the other sees "Seen". */
export async function markSeen(deps: ChatDeps, me: string, roomId: string, now: Date) {
  const { db } = deps.database;
  const room = await memberRoom(db, roomId, me);
  await db
    .insert(roomReads)
    .values({ roomId, userId: me, seenSeq: room.lastSeq, seenAt: now })
    .onConflictDoUpdate({ target: [roomReads.roomId, roomReads.userId], set: { seenSeq: room.lastSeq, seenAt: now } });
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, me),
        eq(notifications.kind, 'message'),
        isNull(notifications.readAt),
        sql`${notifications.data}->>'roomId' = ${roomId}`,
      ),
    );
  await deps.hub?.publish({ users: [otherOf(room, me)], kind: 'seen', roomId, userId: me, seq: room.lastSeq, at: now.toISOString() });
}

export async function setBlock(db: Tx, me: string, roomId: string, block: boolean, now: Date) {
  const room = await memberRoom(db, roomId, me);
  const other = otherOf(room, me);
  if (block) await db.insert(userBlocks).values({ blockerId: me, blockedId: other, createdAt: now }).onConflictDoNothing();
  else await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, me), eq(userBlocks.blockedId, other)));
}

export async function reportUser(db: Tx, me: string, roomId: string, reason: string, now: Date) {
  const room = await memberRoom(db, roomId, me);
  await db.insert(userReports).values({ id: newId(), reporterId: me, reportedId: otherOf(room, me), roomId, reason, createdAt: now });
}

async function summaries(
  db: Tx,
  viewer: Viewer,
  now: Date,
  rows: RoomRow[],
): Promise<Array<RoomSummary & { otherSeenSeq: number; otherSeenTime: string | null; members: Room['members'] }>> {
  if (rows.length === 0) return [];
  const me = viewer.userId!;
  const ids = rows.map((r) => r.id);
  const people = await db
    .select({ id: users.id, displayName: users.displayName, avatarKey: users.avatarKey })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.flatMap((r) => [r.userA, r.userB]))]));
  const reads = await db.select().from(roomReads).where(inArray(roomReads.roomId, ids));
  const postIds = [...new Set(rows.map((r) => r.postId).filter((x): x is string => !!x))];
  const postRows = postIds.length
    ? await db
        .select({
          id: posts.id,
          title: posts.title,
          cashValueCents: posts.cashValueCents,
          imageKey: sql<
            string | null
          >`(select pi.storage_key from post_images pi where pi.post_id = "posts"."id" order by pi.position asc limit 1)`,
        })
        .from(posts)
        // A context the viewer may not see (withdrawn since, still early access) is not disclosed.
        .where(and(inArray(posts.id, postIds), postSeenByCondition(viewer, now)))
    : [];
  const blocks = await db
    .select()
    .from(userBlocks)
    .where(or(eq(userBlocks.blockerId, me), eq(userBlocks.blockedId, me)));
  const user = (id: string) => {
    const u = people.find((p) => p.id === id);
    return userRef({ id, displayName: u?.displayName ?? '', avatarKey: u?.avatarKey ?? null });
  };
  return rows.map((r) => {
    const other = otherOf(r, me);
    const mine = reads.find((x) => x.roomId === r.id && x.userId === me);
    const theirs = reads.find((x) => x.roomId === r.id && x.userId === other);
    const seenSeq = mine?.seenSeq ?? 0;
    const p = postRows.find((x) => x.id === r.postId);
    return {
      id: r.id,
      other: user(other),
      title: r.title || ROOM_TITLE_DEFAULT,
      lastMessage: r.lastMessage ?? ROOM_EMPTY_MESSAGE,
      timestamp: (r.lastMessageAt ?? r.createdAt).toISOString(),
      seen: seenSeq >= r.lastSeq,
      seenTime: mine?.seenAt?.toISOString() ?? null,
      unread: Math.max(0, r.lastSeq - seenSeq),
      post: p
        ? {
            id: p.id,
            title: p.title,
            cashValueCents: p.cashValueCents ?? 0,
            thumbUrl: p.imageKey ? mediaUrl(imageVariantKeys(p.imageKey).sm) : null,
          }
        : null,
      blocked: blocks.some((b) => (b.blockerId === me && b.blockedId === other) || (b.blockerId === other && b.blockedId === me)),
      blockedByMe: blocks.some((b) => b.blockerId === me && b.blockedId === other),
      members: [user(r.userA), user(r.userB)],
      otherSeenSeq: theirs?.seenSeq ?? 0,
      otherSeenTime: theirs?.seenAt?.toISOString() ?? null,
    };
  });
}

/** The person's rooms, newest activity first, with the total unread count. */
export async function listRooms(db: Tx, viewer: Viewer, now: Date) {
  const me = viewer.userId!;
  const rows = await db
    .select()
    .from(rooms)
    .where(or(eq(rooms.userA, me), eq(rooms.userB, me)))
    .orderBy(desc(sql`coalesce(${rooms.lastMessageAt}, ${rooms.createdAt})`))
    .limit(200);
  const items = (await summaries(db, viewer, now, rows)).map(({ members: _m, otherSeenSeq: _s, otherSeenTime: _t, ...rest }) => rest);
  return { items, unread: items.reduce((s, r) => s + r.unread, 0) };
}

export async function getRoom(db: Tx, viewer: Viewer, roomId: string, now: Date): Promise<Room> {
  const room = await memberRoom(db, roomId, viewer.userId!);
  return (await summaries(db, viewer, now, [room]))[0]!;
}
