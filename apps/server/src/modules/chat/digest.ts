import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { roomReads, users } from '../../db/schema/index';
import type { App } from '../../lib/context';
import { rowsOf } from '../../lib/sql-rows';
import { enqueueMail, messageDigestMail } from '../mail/index';

/** Unread messages wait this long before a digest (the person may just be between tabs). */
export const DIGEST_DELAY_MS = 10 * 60_000;
/** Someone whose connection closed less than this long ago counts as online. */
export const ONLINE_GRACE_MS = 5 * 60_000;
const EVERY_MS = 5 * 60_000;

/** A room with messages its reader has not seen nor been mailed about. */
interface DueRoom {
  room_id: string;
  user_id: string;
  last_seq: number;
  fresh: number;
  preview: string | null;
  other_name: string;
}

/**
 * Emails each person who is away and has unread messages one digest covering every room with
 * something new since their last look and their last digest; then remembers what it covered, so
 * the same messages are never mailed twice. People can turn it off (messageDigest).
 */
export async function sendMessageDigests(database: Database, publicUrl: string, now: Date): Promise<number> {
  const quietSince = new Date(now.getTime() - DIGEST_DELAY_MS).toISOString();
  const awaySince = new Date(now.getTime() - ONLINE_GRACE_MS).toISOString();
  return database.db.transaction(async (tx) => {
    const rows = await rowsOf<DueRoom>(
      tx,
      sql`
      select rr.room_id, rr.user_id, r.last_seq, r.last_seq - greatest(rr.seen_seq, rr.mailed_seq) as fresh,
             r.last_message as preview, o.display_name as other_name
      from room_reads rr
      join rooms r on r.id = rr.room_id
      join users u on u.id = rr.user_id
      join users o on o.id = case when r.user_a = rr.user_id then r.user_b else r.user_a end
      where r.last_seq > greatest(rr.seen_seq, rr.mailed_seq)
        and r.last_sender_id <> rr.user_id
        and r.last_message_at <= ${quietSince}::timestamptz
        and u.message_digest and not u.banned and u.deleted_at is null
        and (u.last_online_at is null or u.last_online_at <= ${awaySince}::timestamptz)
      order by rr.user_id
      limit 2000
      for update of rr skip locked`,
    );
    const byUser = new Map<string, typeof rows>();
    for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
    if (byUser.size === 0) return 0;
    const people = await tx
      .select()
      .from(users)
      .where(inArray(users.id, [...byUser.keys()]));
    for (const u of people) {
      const rooms = byUser.get(u.id)!;
      const mail = messageDigestMail(u.language, {
        name: u.displayName,
        rooms: rooms.map((r) => ({ otherName: r.other_name, count: Number(r.fresh), preview: (r.preview ?? '').slice(0, 80) })),
        url: `${publicUrl}/discuss`,
        settingsUrl: `${publicUrl}/user-detail/${u.id}`,
      });
      await enqueueMail(tx, u.email, 'message-digest', mail, now);
      for (const r of rooms) {
        await tx
          .update(roomReads)
          .set({ mailedSeq: Number(r.last_seq) })
          .where(and(eq(roomReads.roomId, r.room_id), eq(roomReads.userId, u.id)));
      }
    }
    return people.length;
  });
}

/** Runs the digest every few minutes while the server runs. */
export function attachMessageDigest(app: App) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      const n = await sendMessageDigests(app.ctx.database, app.ctx.config.publicUrl, app.ctx.clock.now());
      if (n) app.log.info({ count: n }, 'message digests queued');
    } catch (err) {
      app.log.warn({ err }, 'message digest failed');
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), EVERY_MS).unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(() => (running = tick()), EVERY_MS).unref();
  });
  // Closing waits for a turn in flight (one transaction: a cut turn would mail nothing and the
  // next turn, on any instance, would do it; but the database must not close under it).
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
