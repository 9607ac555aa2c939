import { sql } from 'drizzle-orm';
import { FUNNELS, FUNNEL_NAMES, type AnalyticsReport, type FunnelName } from '@swapu/shared/analytics';
import type { Tx } from '../../db/client';
import type { App } from '../../lib/context';
import { attachPeriodic } from '../../lib/periodic';
import { rowsOf } from '../../lib/sql-rows';
import { refreshBusiness } from './business';

/**
 * Daily rollups of the analytics events (decision 0029): the admin dashboard reads these, never the
 * events, so it answers in the same time whatever the events' number. A day is rebuilt whole, in
 * one transaction (delete its rows, insert them again from that day's events):
 * - `events` / name: events of each name;
 * - `sessions`: sessions started;
 * - `funnel_step` / "funnel:i", `funnel_complete` / funnel, `funnel_abandon` / "funnel:i":
 *   distinct sessions that reached step i, completed, or left at step i;
 * - `funnel_gap` / "funnel:i:b": sessions whose first step i + 1 came after their first step i,
 *   by bucket b of the seconds between them (b = floor(4·log2(s + 1)), so a bucket spans 19 %);
 *   the dashboard's median time between steps comes from the merged buckets;
 * - `search` / query and `no_results` / query: the day's 100 most searched queries, and the 100
 *   most searched with no results.
 * A session that crosses midnight counts on both days (rare; the funnels are per day).
 */
const TOP_QUERIES = 100;
export const GAP_BUCKETS_PER_DOUBLING = 4;

/** [start, end) of a UTC day 'YYYY-MM-DD' as SQL timestamps. */
const bounds = (day: string) => ({
  start: sql`((${day}::date)::timestamp at time zone 'UTC')`,
  end: sql`((${day}::date + 1)::timestamp at time zone 'UTC')`,
});

/** Rebuilds one day's rollups; returns the number of rows written. */
export async function rollUpDay(db: Tx, day: string): Promise<number> {
  const { start, end } = bounds(day);
  const inDay = sql`created_at >= ${start} and created_at < ${end}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from analytics_daily where day = ${day}::date`);
    const [r] = await rowsOf<{ n: number }>(
      tx,
      sql`with day_events as (select * from analytics_events where ${inDay}),
        steps as (
          select session_id, props->>'funnel' as f, (props->>'step_index')::int as i, min(created_at) as t
          from day_events where name = 'funnel_step' and session_id is not null group by 1, 2, 3
        ),
        searched as (
          select lower(btrim(props->>'query')) as q, count(*) as n from day_events
          where name = 'search' and btrim(coalesce(props->>'query', '')) <> '' group by 1 order by 2 desc, 1 limit ${TOP_QUERIES}
        ),
        nothing as (
          select lower(btrim(coalesce(props->>'query', props->>'q'))) as q, count(*) as n from day_events
          where name = 'search_no_results' and btrim(coalesce(props->>'query', props->>'q', '')) <> ''
          group by 1 order by 2 desc, 1 limit ${TOP_QUERIES}
        ),
        rows as (
          select 'events' as metric, name as key, count(*) as value from day_events group by name
          union all
          select 'sessions', '', count(distinct session_id) from day_events where name = 'session_start' having count(*) > 0
          union all
          select 'funnel_step', f || ':' || i, count(distinct session_id) from steps group by f, i
          union all
          select 'funnel_complete', props->>'funnel', count(distinct session_id) from day_events where name = 'funnel_complete' group by 2
          union all
          select 'funnel_abandon', (props->>'funnel') || ':' || (props->>'step_index'), count(distinct session_id)
            from day_events where name = 'funnel_abandon' group by 2
          union all
          select 'funnel_gap', a.f || ':' || a.i || ':' || floor(${GAP_BUCKETS_PER_DOUBLING} * ln(extract(epoch from b.t - a.t) + 1) / ln(2))::int, count(*)
            from steps a join steps b on b.session_id = a.session_id and b.f = a.f and b.i = a.i + 1 and b.t >= a.t
            group by 2
          union all
          select 'search', q, n from searched
          union all
          select 'no_results', q, n from nothing
        ),
        written as (insert into analytics_daily (day, metric, key, value) select ${day}::date, metric, key, value from rows returning 1)
      select count(*)::int as n from written`,
    );
    return r!.n;
  });
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/**
 * Brings the rollups up to date: the first time, every day since the first event; afterwards the
 * days since the last one rolled up, and always yesterday and today (late events reach back a day).
 */
export async function refreshRollups(db: Tx, now: Date): Promise<string[]> {
  const today = dayOf(now);
  const [last] = await rowsOf<{ day: string | null }>(db, sql`select max(day)::text as day from analytics_daily`);
  let from = last?.day ? addDays(last.day < today ? last.day : today, -1) : null;
  if (!from) {
    const [first] = await rowsOf<{ at: string | null }>(db, sql`select min(created_at)::text as at from analytics_events`);
    if (!first?.at) return [];
    from = dayOf(new Date(first.at));
  }
  const days: string[] = [];
  for (let d = from; d <= today; d = addDays(d, 1)) {
    await rollUpDay(db, d);
    days.push(d);
  }
  return days;
}

/** The median of a histogram of gap buckets, in seconds (the middle of the median's bucket), or null. */
export function medianOfBuckets(buckets: Map<number, number>): number | null {
  const total = [...buckets.values()].reduce((s, n) => s + n, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const b of [...buckets.keys()].sort((x, y) => x - y)) {
    seen += buckets.get(b)!;
    if (seen * 2 >= total) return Math.round(2 ** ((b + 0.5) / GAP_BUCKETS_PER_DOUBLING) - 1);
  }
  return null;
}

/** The dashboard's analytics for the days from..to (inclusive), read from the rollups only. */
export async function analyticsReport(db: Tx, from: string, to: string): Promise<Omit<AnalyticsReport, 'business'>> {
  const rows = await rowsOf<{ metric: string; key: string; value: string | number }>(
    db,
    sql`select metric, key, sum(value)::bigint as value from analytics_daily where day between ${from}::date and ${to}::date group by 1, 2`,
  );
  const of = (metric: string) => rows.filter((r) => r.metric === metric).map((r) => ({ key: r.key, value: Number(r.value) }));
  const value = (metric: string, key: string) => of(metric).find((r) => r.key === key)?.value ?? 0;
  const funnels = FUNNEL_NAMES.map((name: FunnelName) => {
    const stepNames = FUNNELS[name] as readonly string[];
    const sessions = stepNames.map((_, i) => value('funnel_step', `${name}:${i}`));
    return {
      name,
      steps: stepNames.map((step, i) => {
        const gaps = new Map<number, number>();
        for (const r of of('funnel_gap')) {
          const [f, k, b] = r.key.split(':');
          if (f === name && Number(k) === i) gaps.set(Number(b), (gaps.get(Number(b)) ?? 0) + r.value);
        }
        const prev = i === 0 ? null : sessions[i - 1]!;
        return {
          step,
          sessions: sessions[i]!,
          /** Of the sessions at the step before, the share that did not reach this one. */
          dropOff: prev ? Math.max(0, (prev - sessions[i]!) / prev) : null,
          abandoned: value('funnel_abandon', `${name}:${i}`),
          medianSecondsToNext: i < stepNames.length - 1 ? medianOfBuckets(gaps) : null,
        };
      }),
      completed: value('funnel_complete', name),
    };
  });
  const top = (metric: string) =>
    of(metric)
      .sort((a, b) => b.value - a.value || a.key.localeCompare(b.key))
      .slice(0, 20)
      .map((r) => ({ query: r.key, count: r.value }));
  return {
    from,
    to,
    sessions: value('sessions', ''),
    events: Object.fromEntries(of('events').map((r) => [r.key, r.value])),
    funnels,
    topSearches: top('search'),
    noResultSearches: top('no_results'),
  };
}

const EVERY_MS = 5 * 60_000;

/** While the server runs: the event and business rollups at start and every 5 minutes. */
export function attachRollups(app: App) {
  attachPeriodic(app, EVERY_MS, 'analytics rollups failed', async () => {
    const now = app.ctx.clock.now();
    await refreshRollups(app.ctx.database.db, now);
    await refreshBusiness(app.ctx.database.db, now);
  });
}
