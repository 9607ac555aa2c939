import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
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
 * Every change to points_totals and points_histogram happens under this one transaction-scoped
 * lock. A transaction may award several members (a completed swap: both sides; a review: the
 * reviewer and the reviewee) and each award moves histogram buckets in three periods, so two
 * transactions could otherwise take the same buckets in opposite orders and deadlock. Awards are
 * rare next to reads (a listing, a swap, a review), so queueing them costs little; it also makes
 * an account deletion's withdrawal and a concurrent award see each other (withdrawPoints).
 */
const locked = new WeakSet<object>();
async function lockTotals(tx: Tx) {
  // Once per transaction: the lock is held until it ends.
  if (locked.has(tx)) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('points_totals', 0))`);
  locked.add(tx);
}

/** Runs in the caller's transaction, or in one of its own when called with the database itself. */
const inTransaction = <T>(tx: Tx, fn: (t: Tx) => Promise<T>): Promise<T> => (tx instanceof PgTransaction ? fn(tx) : tx.transaction(fn));

/**
 * Awards points once (decision 0026), in the caller's transaction (or a transaction of its own
 * when called outside one): the ledger row (unique per member, reason and source: a repeat does
 * nothing), the member's totals for all time, the week and the month (Australia/Sydney), and the
 * histogram the ranks are read from. An award in a week that follows an active week also awards
 * that week's streak bonus, once per week. A deleted account earns nothing.
 * True when the award was new.
 */
export async function awardPoints(tx: Tx, a: Award): Promise<boolean> {
  if (a.points <= 0) return false;
  return inTransaction(tx, async (t) => {
    await lockTotals(t);
    const { awarded, streak } = await award(t, a);
    if (awarded && streak >= 2)
      await award(t, { userId: a.userId, points: streakPoints(streak), reason: 'streak', sourceId: weekKey(a.now), now: a.now });
    return awarded;
  });
}

/**
 * One award in one statement (it runs on every listing, swap and review): the ledger row; then,
 * only if it was new, the three totals and the member's move between histogram buckets (from the
 * old total's bucket, emptied when they were alone in it, to the new one's; never the same row
 * twice). Unless this is the streak bonus itself, it also reads the weeks before this one, which
 * this statement does not write, to tell how long the streak now is.
 */
async function award(tx: Tx, a: Award): Promise<{ awarded: boolean; streak: number }> {
  const keys = periodKeys(a.now);
  const before = a.reason === 'streak' ? [] : weekKeysBack(a.now, STREAK_LOOKBACK_WEEKS).slice(1);
  const [row] = await rowsOf<{ awarded: number; active: string[] | null }>(
    tx,
    sql`with ledger as (
        insert into points_ledger (id, user_id, points, reason, source_id, created_at)
        select ${newId()}, u.id, ${a.points}, ${a.reason}, ${a.sourceId}, ${a.now.toISOString()}::timestamptz
        from users u where u.id = ${a.userId} and u.deleted_at is null
        on conflict (user_id, reason, source_id) do nothing returning id
      ), totals as (
        insert into points_totals (period, user_id, points)
        select v.k, ${a.userId}, ${a.points}::int from (values ${sql.join(
          keys.map((k) => sql`(${k})`),
          sql`, `,
        )}) as v(k) where exists (select 1 from ledger) and not exists (select 1 from users b where b.id = ${a.userId} and b.banned)
        on conflict (period, user_id) do update set points = points_totals.points + excluded.points
        returning period, points
      ), emptied as (
        delete from points_histogram h using totals t
        where h.period = t.period and h.points = t.points - ${a.points}::int and h.members = 1
      ), thinned as (
        update points_histogram h set members = h.members - 1 from totals t
        where h.period = t.period and h.points = t.points - ${a.points}::int and h.members > 1
      ), joined as (
        insert into points_histogram (period, points, members) select period, points, 1 from totals
        on conflict (period, points) do update set members = points_histogram.members + 1
      )
      select (select count(*)::int from ledger) as awarded, ${
        before.length
          ? sql`array(select period from points_totals where user_id = ${a.userId} and points > 0 and period in (${sql.join(
              before.map((k) => sql`${k}`),
              sql`, `,
            )}))`
          : sql`null::text[]`
      } as active`,
  );
  const awarded = Number(row?.awarded ?? 0) > 0;
  const active = new Set(row?.active ?? []);
  let streak = 1;
  while (streak - 1 < before.length && active.has(before[streak - 1]!)) streak++;
  return { awarded, streak };
}

/**
 * Takes one member out of each of these histogram buckets (a period's total they no longer hold);
 * a bucket they were alone in goes, so ranks sum fewer rows. The two parts touch different rows.
 */
async function leaveBuckets(tx: Tx, buckets: Array<{ period: string; points: number }>) {
  if (buckets.length === 0) return;
  const which = sql.join(
    buckets.map((b) => sql`(${b.period}, ${b.points}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`with emptied as (delete from points_histogram where (period, points) in (${which}) and members = 1)
      update points_histogram set members = members - 1 where (period, points) in (${which}) and members > 1`,
  );
}

/** The periods a member's ledger rows count in (all time, their Sydney weeks and months), over `points_ledger l`. */
const LEDGER_PERIODS = sql`lateral (values ('all'),
    ('week:' || to_char(l.created_at at time zone 'Australia/Sydney', 'IYYY-"W"IW')),
    ('month:' || to_char(l.created_at at time zone 'Australia/Sydney', 'YYYY-MM'))) as p(k)`;

/**
 * A deleted or suspended account leaves every board (in the deletion's or the suspension's
 * transaction): its totals go and the histogram forgets them, so the ranks of everyone below move
 * up at once. Its ledger rows stay (history); awardPoints gives a deleted account nothing, and a
 * suspended one ledger rows only, which count again when the suspension is lifted (returnPoints).
 */
export async function withdrawPoints(tx: Tx, userId: string) {
  await lockTotals(tx);
  const gone = await rowsOf<{ period: string; points: number }>(
    tx,
    sql`delete from points_totals where user_id = ${userId} and period in (
        select distinct k from points_ledger l, ${LEDGER_PERIODS} where l.user_id = ${userId})
      returning period, points`,
  );
  await leaveBuckets(
    tx,
    gone.filter((g) => Number(g.points) > 0).map((g) => ({ period: g.period, points: Number(g.points) })),
  );
}

/**
 * A lifted suspension puts the member back on every board: their totals summed again from the
 * ledger (what they earned while suspended included), each joining its histogram bucket. Safe to
 * repeat: whatever totals they still hold are withdrawn first.
 */
export async function returnPoints(tx: Tx, userId: string) {
  await withdrawPoints(tx, userId);
  await tx.execute(
    sql`with totals as (
        insert into points_totals (period, user_id, points)
        select k, ${userId}, sum(l.points)::int from points_ledger l, ${LEDGER_PERIODS}
        where l.user_id = ${userId} and exists (select 1 from users u where u.id = ${userId} and u.deleted_at is null)
        group by k having sum(l.points) > 0
        returning period, points
      )
      insert into points_histogram (period, points, members) select period, points, 1 from totals
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
