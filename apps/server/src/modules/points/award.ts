import { sql } from 'drizzle-orm';
import { periodKeys, streakPoints, weekKey, weekKeysBack, type PointsReason } from '@swapu/shared/engagement';
import type { Tx } from '../../db/client';
import { newId } from '../../lib/ids';
import { rowsOf } from '../../lib/sql-rows';

export interface Award {
  userId: string;
  points: number;
  reason: PointsReason;
  /** What the points are for (a post, an offer, a review, a week): with the reason, awarded once. */
  sourceId: string;
  now: Date;
}

/** How far back a streak is counted (a year of weeks). */
const STREAK_LOOKBACK_WEEKS = 52;

/**
 * Awards points once (decision 0026), in the caller's transaction: the ledger row (unique per
 * member, reason and source: a repeat does nothing), the member's totals for all time, the week
 * and the month (Australia/Sydney), and the histogram the ranks are read from. An award in a week
 * that follows an active week also awards that week's streak bonus, once per week.
 * True when the award was new.
 */
export async function awardPoints(tx: Tx, a: Award): Promise<boolean> {
  if (a.points <= 0) return false;
  const inserted = await rowsOf<{ id: string }>(
    tx,
    sql`insert into points_ledger (id, user_id, points, reason, source_id, created_at)
      values (${newId()}, ${a.userId}, ${a.points}, ${a.reason}, ${a.sourceId}, ${a.now.toISOString()}::timestamptz)
      on conflict (user_id, reason, source_id) do nothing returning id`,
  );
  if (inserted.length === 0) return false;
  for (const period of periodKeys(a.now)) await addToTotal(tx, period, a.userId, a.points);
  if (a.reason !== 'streak') await awardStreak(tx, a.userId, a.now);
  return true;
}

/**
 * Adds to one period's total. The upsert locks the member's row, so concurrent awards to one
 * member add up; the histogram moves the member from the old total's bucket to the new one
 * (totals only grow, so a transaction locks buckets in ascending order).
 */
async function addToTotal(tx: Tx, period: string, userId: string, points: number) {
  const [row] = await rowsOf<{ points: number }>(
    tx,
    sql`insert into points_totals (period, user_id, points) values (${period}, ${userId}, ${points})
      on conflict (period, user_id) do update set points = points_totals.points + excluded.points
      returning points`,
  );
  const now = row!.points;
  const before = now - points;
  if (before > 0) await tx.execute(sql`update points_histogram set members = members - 1 where period = ${period} and points = ${before}`);
  await tx.execute(
    sql`insert into points_histogram (period, points, members) values (${period}, ${now}, 1)
      on conflict (period, points) do update set members = points_histogram.members + 1`,
  );
}

/** Consecutive weeks with points, ending with the week of `at` (0 when that week has none). */
export async function streakWeeks(tx: Tx, userId: string, at: Date): Promise<number> {
  const keys = weekKeysBack(at, STREAK_LOOKBACK_WEEKS);
  const rows = await rowsOf<{ period: string }>(
    tx,
    sql`select period from points_totals where user_id = ${userId} and points > 0
      and period in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`,
  );
  const active = new Set(rows.map((r) => r.period));
  let n = 0;
  while (n < keys.length && active.has(keys[n]!)) n++;
  return n;
}

/** This week continues a streak (the previous week was active): its bonus, once per week. */
async function awardStreak(tx: Tx, userId: string, now: Date) {
  const weeks = await streakWeeks(tx, userId, now);
  if (weeks < 2) return;
  await awardPoints(tx, { userId, points: streakPoints(weeks), reason: 'streak', sourceId: weekKey(now), now });
}
