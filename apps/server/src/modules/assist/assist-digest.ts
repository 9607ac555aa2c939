import { sql } from 'drizzle-orm';
import { EARLY_ACCESS_MS } from '@swapu/shared/constants';
import { paths } from '@swapu/shared/paths';
import type { Database } from '../../db/client';
import { assistDigests } from '../../db/schema/index';
import type { App } from '../../lib/context';
import { rowsOf } from '../../lib/sql-rows';
import { enqueueMail, assistMatchesMail, acceptsNonTransactionalMail, unsubscribeUrl } from '../mail/index';
import { assistedSql } from './ranking';

const MATCHES = 5;
const EVERY_MS = 60 * 60_000;
const FIRST_AFTER_MS = 60_000;

/** The ISO week of a moment (UTC), as 2026-W48: the key of "once a week". */
export function isoWeek(d: Date): string {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const dow = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - dow);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

interface DueItem {
  id: string;
  title: string;
  owner_id: string;
  email: string;
  name: string;
  language: string;
}

/**
 * Swap Assist's weekly email: for each assisted published item not yet mailed about this ISO
 * week, its best matches — other people's items everyone can see that want what it is (their
 * wish categories hold its categories) or are what it wants (its wish categories), both ways
 * first, then assisted ones (the ranking rule), then the newest. The week is recorded with the
 * mail in one transaction; an address that unsubscribed from non-transactional mail gets none
 * (the week is still recorded), nor does an item without matches.
 */
export async function sendAssistDigests(deps: { database: Database; publicUrl: string }, now: Date): Promise<number> {
  const week = isoWeek(now);
  const db = deps.database.db;
  const due = await rowsOf<DueItem>(
    db,
    sql`select p.id, p.title, p.owner_id, u.email, u.display_name as name, u.language
      from posts p join users u on u.id = p.owner_id
      where p.state = 'published' and ${assistedSql(sql`p`, now)}
        and not u.banned and u.deleted_at is null
        and not exists (select 1 from assist_digests d where d.post_id = p.id and d.week = ${week})
      order by p.id
      limit 500`,
  );
  const visibleBefore = new Date(now.getTime() - EARLY_ACCESS_MS).toISOString();
  let sent = 0;
  for (const item of due) {
    const matches = await rowsOf<{ id: string; title: string }>(
      db,
      sql`select m.id, m.title from posts m, posts p
        where p.id = ${item.id} and m.state = 'published' and m.owner_id <> p.owner_id
          and m.published_at <= ${visibleBefore}::timestamptz
          and (m.wish_categories && p.categories or m.categories && p.wish_categories)
        order by ((m.wish_categories && p.categories)::int + (m.categories && p.wish_categories)::int) desc,
          ${assistedSql(sql`m`, now)} desc, m.published_at desc, m.id desc
        limit ${MATCHES}`,
    );
    const mailed = await db.transaction(async (tx) => {
      const first = await tx.insert(assistDigests).values({ postId: item.id, week, sentAt: now }).onConflictDoNothing().returning();
      if (!first.length || !matches.length || !(await acceptsNonTransactionalMail(tx, item.email))) return false;
      const mail = assistMatchesMail(item.language, {
        name: item.name,
        itemTitle: item.title,
        items: matches.map((m) => ({ title: m.title, url: `${deps.publicUrl}${paths.viewPost(m.id)}` })),
        url: `${deps.publicUrl}${paths.viewPost(item.id)}`,
        unsubscribeUrl: await unsubscribeUrl(tx, item.email, now, deps.publicUrl),
      });
      await enqueueMail(tx, item.email, 'assist-matches', mail, now);
      return true;
    });
    if (mailed) sent += 1;
  }
  return sent;
}

/** Runs the weekly sweep every hour while the server runs (safe on several instances). */
export function attachAssistDigest(app: App) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      const n = await sendAssistDigests({ database: app.ctx.database, publicUrl: app.ctx.config.publicUrl }, app.ctx.clock.now());
      if (n) app.log.info({ count: n }, 'Swap Assist weekly emails queued');
    } catch (err) {
      app.log.warn({ err }, 'Swap Assist weekly email failed');
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), EVERY_MS).unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(() => (running = tick()), FIRST_AFTER_MS).unref();
  });
  // Closing waits for a turn in flight (each person's mail is its own transaction: a cut turn
  // would lose nothing, but the database must not close under it).
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
