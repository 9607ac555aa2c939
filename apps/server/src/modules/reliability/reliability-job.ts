import { getTableColumns, sql } from 'drizzle-orm';
import { reliabilityScore } from '@swapu/shared/reliability';
import type { Tx } from '../../db/client';
import { memberReliability } from '../../db/schema/index';
import type { App } from '../../lib/context';
import { attachPeriodic } from '../../lib/periodic';
import { rowsOf } from '../../lib/sql-rows';
import { reliabilityFacts } from './reliability-facts';

/** A turn every 5 minutes; each member's row is refreshed at least every hour (decision 0052). */
export const RELIABILITY_EVERY_MS = 5 * 60_000;
export const RELIABILITY_REFRESH_MS = 60 * 60_000;
/** Members per statement, and statements per turn (the rest wait for the next turn). */
export const RELIABILITY_BATCH = 500;
const MAX_BATCHES = 20;
/** One instance computes at a time: the others' turns find the lock taken and skip. */
const LOCK = sql`hashtextextended('member-reliability', 0)`;

/** Computes these members' facts, score and tier, and writes their rows; resolves to how many. */
export async function computeReliability(tx: Tx, ids: string[], now: Date): Promise<number> {
  const facts = await reliabilityFacts(tx, ids, now);
  const rows = [...facts].map(([userId, f]) => {
    const { tier, score } = reliabilityScore(f);
    return { userId, ...f, tier, score, computedAt: now };
  });
  if (!rows.length) return 0;
  // Every column but the key takes the new value.
  const { userId: _key, ...columns } = getTableColumns(memberReliability);
  await tx
    .insert(memberReliability)
    .values(rows)
    .onConflictDoUpdate({
      target: memberReliability.userId,
      set: Object.fromEntries(Object.entries(columns).map(([key, col]) => [key, sql.raw(`excluded.${col.name}`)])),
    });
  return rows.length;
}

/**
 * Who is due, at most `limit`: members with news the badge shows at once (a swap completed, a review
 * received or the email verified since `since`), then members without a row (new accounts), then rows older
 * than `staleBefore`, oldest first. Deleted accounts are left alone.
 */
async function due(tx: Tx, now: Date, since: Date, staleBefore: Date, limit: number, done: Set<string>): Promise<string[]> {
  const s = sql`${since.toISOString()}::timestamptz`;
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`select id from (
        (select distinct x.id, 0 as k from (
          select o.offerer_id as id, o.completed_at as at from offers o where o.state = 'completed' and o.completed_at > ${s}
          union all select o.owner_id, o.completed_at from offers o where o.state = 'completed' and o.completed_at > ${s}
          union all select r.reviewee_id, r.created_at from reviews r where r.created_at > ${s}
          union all select u.id, u.email_verified_at from users u where u.email_verified_at > ${s}
        ) x join member_reliability m on m.user_id = x.id where m.computed_at < least(x.at, ${now.toISOString()}::timestamptz))
        union all
        (select u.id, 1 from users u
          where u.deleted_at is null and not exists (select 1 from member_reliability m where m.user_id = u.id) limit ${limit})
        union all
        (select m.user_id, 2 from member_reliability m join users u on u.id = m.user_id
          where m.computed_at < ${staleBefore.toISOString()}::timestamptz and u.deleted_at is null
          order by m.computed_at limit ${limit})
      ) d order by k limit ${limit + done.size}`,
  );
  return [...new Set(rows.map((r) => r.id))].filter((id) => !done.has(id)).slice(0, limit);
}

export interface ReliabilityTurn {
  members: number;
  batches: number;
  /** Another instance held the lock: this turn did nothing. */
  skipped: boolean;
}

/**
 * One turn of the job: batches of due members, each batch in its own transaction under the job's
 * advisory lock (so two instances never compute the same members), until nobody is due or the
 * turn has done MAX_BATCHES.
 */
export async function refreshReliability(db: Tx, now: Date, opts: { batch?: number } = {}): Promise<ReliabilityTurn> {
  const batch = opts.batch ?? RELIABILITY_BATCH;
  const since = new Date(now.getTime() - 2 * RELIABILITY_EVERY_MS);
  const staleBefore = new Date(now.getTime() - RELIABILITY_REFRESH_MS);
  const done = new Set<string>();
  let batches = 0;
  while (batches < MAX_BATCHES) {
    const ids = await db.transaction(async (tx) => {
      const [lock] = await rowsOf<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${LOCK}) as ok`);
      if (!lock?.ok) return null;
      const next = await due(tx, now, since, staleBefore, batch, done);
      if (next.length) await computeReliability(tx, next, now);
      return next;
    });
    if (ids === null) return { members: done.size, batches, skipped: batches === 0 };
    if (!ids.length) break;
    for (const id of ids) done.add(id);
    batches += 1;
  }
  return { members: done.size, batches, skipped: false };
}

/** While the server runs: a turn at start (after the demo seed, the badges are there) and every 5 minutes. */
export function attachReliability(app: App) {
  attachPeriodic(app, RELIABILITY_EVERY_MS, 'reliability scores failed', async () => {
    const turn = await refreshReliability(app.ctx.database.db, app.ctx.clock.now());
    if (turn.members) app.log.info({ members: turn.members, batches: turn.batches }, 'reliability scores computed');
  });
}
