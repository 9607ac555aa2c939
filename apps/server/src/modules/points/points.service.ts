import { sql, type SQL } from 'drizzle-orm';
import {
  LEADERBOARD_SIZE,
  POINTS_REASONS,
  periodKey,
  weekKeysBack,
  type Badge,
  type Leaderboard,
  type LeaderboardPeriod,
  type MemberPoints,
  type PointsReason,
  type PointsSummary,
} from '@swapu/shared/engagement';
import type { Tx } from '../../db/client';
import { errors } from '../../lib/errors';
import { rowsOf } from '../../lib/sql-rows';
import { profileImageUrl, userStats } from '../members/index';

/** Entries shown under "recent" in a member's own summary. */
const RECENT_ENTRIES = 10;
/** Weeks read for the streak shown in the summary (this one, and a year before it). */
const STREAK_WEEKS_READ = 53;

/**
 * A member's rank in a period: 1 + the members with strictly more points (ties share a rank),
 * summed from the histogram's few distinct totals above theirs rather than counted member by
 * member. Null when they have no points in the period.
 */
export async function memberRank(db: Tx, key: string, userId: string): Promise<{ rank: number | null; points: number }> {
  const [row] = await rowsOf<{ points: number; above: number }>(
    db,
    sql`select t.points, (select coalesce(sum(h.members), 0)::int from points_histogram h where h.period = ${key} and h.points > t.points) as above
      from points_totals t where t.period = ${key} and t.user_id = ${userId} and t.points > 0`,
  );
  return row ? { rank: 1 + Number(row.above), points: Number(row.points) } : { rank: null, points: 0 };
}

/**
 * The top 50 of a period, and the viewer's own place when signed in. One statement, so the list
 * and the viewer's rank come from the same snapshot; every rank (the list's too) is read off the
 * histogram, so a member's rank is the same wherever it is shown. The order is the rank index's
 * own (points desc nulls last): written any other way, PostgreSQL sorts the whole period instead.
 */
export async function leaderboard(db: Tx, period: LeaderboardPeriod, viewerId: string | null, now: Date): Promise<Leaderboard> {
  const key = periodKey(period, now);
  const rankOf = (points: SQL) =>
    sql`1 + (select coalesce(sum(h.members), 0)::int from points_histogram h where h.period = ${key} and h.points > ${points})`;
  const rows = await rowsOf<{
    kind: 'top' | 'me';
    ord: number;
    user_id: string;
    points: number;
    rank: number;
    display_name: string | null;
    avatar_key: string | null;
  }>(
    db,
    sql`with top as (
        select t.user_id, t.points, u.display_name, u.avatar_key
        from points_totals t join users u on u.id = t.user_id
        where t.period = ${key} and t.points > 0 and u.deleted_at is null
        order by t.points desc nulls last, t.user_id limit ${LEADERBOARD_SIZE}
      )
      select 'top' as kind, row_number() over (order by top.points desc nulls last, top.user_id)::int as ord, top.user_id, top.points,
        ${rankOf(sql`top.points`)} as rank, top.display_name, top.avatar_key
      from top
      union all
      select 'me', 0, m.user_id, m.points, ${rankOf(sql`m.points`)}, null, null
      from points_totals m where m.period = ${key} and m.user_id = ${viewerId ?? ''} and m.points > 0`,
  );
  const top = rows.filter((r) => r.kind === 'top').sort((a, b) => a.ord - b.ord);
  const mine = rows.find((r) => r.kind === 'me');
  return {
    period,
    key,
    items: top.map((r) => ({
      rank: Number(r.rank),
      userId: r.user_id,
      displayName: r.display_name ?? '',
      avatarUrl: profileImageUrl(r.avatar_key),
      points: Number(r.points),
    })),
    me: viewerId ? (mine ? { rank: Number(mine.rank), points: Number(mine.points) } : { rank: null, points: 0 }) : null,
  };
}

/**
 * Badges, each derived from what happened (nothing is stored): first listing, first, 5 and 20
 * completed swaps, a 5-star review received, a 4-week streak, a goal reached, top 50 of all time.
 */
export async function badgesOf(db: Tx, userId: string, now: Date): Promise<Badge[]> {
  const [facts] = await rowsOf<{ listed: boolean; five_star: boolean; goal: boolean }>(
    db,
    sql`select
        exists (select 1 from points_ledger where user_id = ${userId} and reason = 'listing') as listed,
        exists (select 1 from reviews where reviewee_id = ${userId} and stars = 5) as five_star,
        exists (select 1 from goals where user_id = ${userId} and state = 'completed') as goal`,
  );
  const streaks = await rowsOf<{ source_id: string; created_at: string | Date }>(
    db,
    sql`select source_id, created_at from points_ledger where user_id = ${userId} and reason = 'streak'`,
  );
  const swaps = (await userStats(db, [userId])).get(userId)?.swapsCompleted ?? 0;
  const { rank } = await memberRank(db, periodKey('all', now), userId);
  // A streak row for week W means W-1 and W were both active; rows for W, W-1 and W-2 mean four weeks in a row.
  const streakSources = new Set(streaks.map((s) => s.source_id));
  const fourWeeks = streaks.some((s) =>
    weekKeysBack(new Date(s.created_at), 3)
      .slice(1)
      .every((k) => streakSources.has(k)),
  );
  const earned: Record<Badge, boolean> = {
    first_listing: !!facts?.listed,
    first_swap: swaps >= 1,
    five_swaps: swaps >= 5,
    twenty_swaps: swaps >= 20,
    five_star: !!facts?.five_star,
    streak_4: fourWeeks,
    goal_reached: !!facts?.goal,
    top_50: rank !== null && rank <= LEADERBOARD_SIZE,
  };
  return (Object.keys(earned) as Badge[]).filter((b) => earned[b]);
}

/** A member's points and badges as their profile shows them (404 for an unknown or deleted account). */
export async function memberPoints(db: Tx, userId: string, now: Date): Promise<MemberPoints> {
  const [user] = await rowsOf<{ id: string }>(db, sql`select id from users where id = ${userId} and deleted_at is null`);
  if (!user) throw errors.notFound();
  const [total] = await rowsOf<{ points: number }>(db, sql`select points from points_totals where period = 'all' and user_id = ${userId}`);
  return { points: Number(total?.points ?? 0), badges: await badgesOf(db, userId, now) };
}

/**
 * The signed-in member's own summary: totals (all time, this week, this month), the streak up to
 * this week (or the last one, while this week has no points yet), badges and the latest entries.
 */
export async function pointsSummary(db: Tx, userId: string, now: Date): Promise<PointsSummary> {
  const weeks = weekKeysBack(now, STREAK_WEEKS_READ);
  const keys = [periodKey('all', now), periodKey('month', now), ...weeks];
  const totals = await rowsOf<{ period: string; points: number }>(
    db,
    sql`select period, points from points_totals where user_id = ${userId} and points > 0 and period in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
  const by = new Map(totals.map((r) => [r.period, Number(r.points)]));
  const from = by.has(weeks[0]!) ? 0 : 1;
  let streakWeeks = 0;
  while (from + streakWeeks < weeks.length && by.has(weeks[from + streakWeeks]!)) streakWeeks++;
  const recent = await rowsOf<{ points: number; reason: string; created_at: string | Date }>(
    db,
    sql`select points, reason, created_at from points_ledger where user_id = ${userId} order by created_at desc, id limit ${RECENT_ENTRIES}`,
  );
  const known = (r: string): r is PointsReason => (POINTS_REASONS as readonly string[]).includes(r);
  return {
    total: by.get('all') ?? 0,
    week: by.get(weeks[0]!) ?? 0,
    month: by.get(periodKey('month', now)) ?? 0,
    streakWeeks,
    badges: await badgesOf(db, userId, now),
    recent: recent.flatMap((r) =>
      known(r.reason) ? [{ points: Number(r.points), reason: r.reason, at: new Date(r.created_at).toISOString() }] : [],
    ),
  };
}
