import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { NotificationList } from '@swapu/shared/api';
import type { Tx } from '../../db/client';
import { notifications, roomReads, rooms } from '../../db/schema/index';
import { decodeCursor, encodeCursor } from '../../lib/cursor';

export async function unreadCount(db: Tx, userId: string) {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return r?.n ?? 0;
}

/** The person's notifications, newest first, 20 a page, with the unread count. */
export async function listNotifications(db: Tx, userId: string, cursor?: string): Promise<NotificationList> {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        after
          ? or(
              lt(notifications.createdAt, after.publishedAt),
              and(eq(notifications.createdAt, after.publishedAt), lt(notifications.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(21);
  const page = rows.slice(0, 20);
  const last = page.at(-1);
  // A chat notification stands for a room: its count and preview are the room's unread messages now.
  const roomIds = page.filter((n) => n.kind === 'message' && n.data.roomId).map((n) => n.data.roomId!);
  const live = roomIds.length
    ? await db
        .select({ roomId: rooms.id, lastSeq: rooms.lastSeq, lastMessage: rooms.lastMessage, seenSeq: roomReads.seenSeq })
        .from(rooms)
        .innerJoin(roomReads, and(eq(roomReads.roomId, rooms.id), eq(roomReads.userId, userId)))
        .where(inArray(rooms.id, roomIds))
    : [];
  const withRoom = (n: (typeof page)[number]) => {
    const r = n.kind === 'message' ? live.find((x) => x.roomId === n.data.roomId) : undefined;
    if (!r) return n.data;
    const count = Math.max(1, r.lastSeq - r.seenSeq);
    return {
      ...n.data,
      count: String(count),
      preview: n.readAt ? (n.data.preview ?? '') : (r.lastMessage ?? n.data.preview ?? '').slice(0, 120),
    };
  };
  return {
    items: page.map((n) => ({
      id: n.id,
      kind: n.kind,
      data: withRoom(n),
      link: n.link,
      createdAt: n.createdAt.toISOString(),
      readAt: n.readAt?.toISOString() ?? null,
    })),
    unread: await unreadCount(db, userId),
    nextCursor: rows.length > 20 && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** Marks the given notifications (or all of them) read; only the person's own. */
export async function markRead(db: Tx, userId: string, ids: string[] | undefined, now: Date) {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ids ? inArray(notifications.id, ids) : undefined));
  return unreadCount(db, userId);
}
