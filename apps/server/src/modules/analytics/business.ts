import { sql } from 'drizzle-orm';
import {
  BUSINESS_METRICS,
  type BusinessMetric,
  type BusinessReport,
  type DashboardBucket,
  STOCK_METRICS,
} from '@swapu/shared/analytics-events';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../lib/sql-rows';

/**
 * The dashboard's business figures (issue 20), per UTC day, in business_daily. Each metric is read
 * from the table that owns it, grouped by day:
 * - flows (what happened that day): `members` (accounts created), `listings` (first published),
 *   `offers` (offers and counter-offers made), `swaps` (completed), `revenue_cents` (payments taken
 *   that day, GST included, less refunds made that day), `subscriptions_new`, `tokens_sold`
 *   (tokens bought) and `co2e_kg` (saved by the swaps completed that day);
 * - a stock (how things stood at the end of the day, written for every day): `subscriptions_active`.
 * A range of days is rebuilt whole in one transaction (delete, insert), by the same periodic job
 * as the event rollups; the dashboard only ever reads business_daily.
 */

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/** Rebuilds business_daily for the days from..to (inclusive); returns the rows written. */
export async function rollUpBusiness(db: Tx, from: string, to: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from business_daily where day between ${from}::date and ${to}::date`);
    const start = sql`((${from}::date)::timestamp at time zone 'UTC')`;
    const end = sql`((${to}::date + 1)::timestamp at time zone 'UTC')`;
    const day = (col: string) => sql.raw(`(${col} at time zone 'UTC')::date`);
    const [r] = await rowsOf<{ n: number }>(
      tx,
      sql`with flows as (
          select 'members' as metric, ${day('created_at')} as day, count(*)::float8 as value
            from users where created_at >= ${start} and created_at < ${end} group by 2
          union all
          select 'listings', ${day('published_at')}, count(*) from posts
            where published_at >= ${start} and published_at < ${end} group by 2
          union all
          select 'offers', ${day('created_at')}, count(*) from offers
            where created_at >= ${start} and created_at < ${end} group by 2
          union all
          select 'swaps', ${day('completed_at')}, count(*) from offers
            where state = 'completed' and completed_at >= ${start} and completed_at < ${end} group by 2
          union all
          select 'co2e_kg', ${day('completed_at')}, coalesce(sum(carbon_kg), 0) from offers
            where state = 'completed' and completed_at >= ${start} and completed_at < ${end} group by 2
          union all
          select 'revenue_cents', d, sum(v) from (
            select ${day('completed_at')} as d, amount_cents::float8 as v from checkouts
              where status in ('paid', 'refunded') and completed_at >= ${start} and completed_at < ${end}
            union all
            select ${day('refunded_at')}, -amount_cents::float8 from checkouts
              where status = 'refunded' and refunded_at >= ${start} and refunded_at < ${end}
          ) money group by 2
          union all
          select 'subscriptions_new', ${day('created_at')}, count(*) from subscriptions
            where created_at >= ${start} and created_at < ${end} group by 2
          union all
          select 'tokens_sold', ${day('created_at')}, sum(delta) from token_ledger
            where reason = 'purchase' and created_at >= ${start} and created_at < ${end} group by 2
        ),
        days as (select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day),
        stocks as (
          select 'subscriptions_active' as metric, days.day, count(s.id)::float8 as value
          from days left join subscriptions s
            on s.created_at < ((days.day + 1)::timestamp at time zone 'UTC')
            and s.current_period_end >= ((days.day + 1)::timestamp at time zone 'UTC')
          group by days.day
        ),
        written as (
          insert into business_daily (day, metric, value)
          select day, metric, value from flows where value <> 0
          union all
          select day, metric, value from stocks
          returning 1
        )
      select count(*)::int as n from written`,
    );
    return r!.n;
  });
}

/**
 * Brings business_daily up to date: the first time, every day since the first account; afterwards
 * from the day before the last one written (a late payment event or a refund reaches back) to today.
 */
export async function refreshBusiness(db: Tx, now: Date): Promise<{ from: string; to: string } | null> {
  const today = dayOf(now);
  const [last] = await rowsOf<{ day: string | null }>(db, sql`select max(day)::text as day from business_daily`);
  let from = last?.day ? addDays(last.day < today ? last.day : today, -1) : null;
  if (!from) {
    const [first] = await rowsOf<{ at: string | null }>(db, sql`select min(created_at)::text as at from users`);
    if (!first?.at) return null;
    from = dayOf(new Date(first.at));
  }
  if (from > today) from = today;
  await rollUpBusiness(db, from, today);
  return { from, to: today };
}

/** The first day of the week (Monday) or month a day falls in. */
export function bucketOf(day: string, bucket: DashboardBucket): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return addDays(day, -back);
}

/**
 * The dashboard's business figures for the days from..to: per metric the range's total (for a
 * stock, its value on the last day) and a series per day, week or month — every period of the range
 * present, zero when nothing happened. Sessions per period come from the event rollups.
 */
export async function businessReport(db: Tx, from: string, to: string, bucket: DashboardBucket): Promise<BusinessReport> {
  const rows = await rowsOf<{ metric: string; day: string; value: number | string }>(
    db,
    sql`select metric, day::text as day, value from business_daily where day between ${from}::date and ${to}::date
        union all
        select 'sessions', day::text, value::float8 from analytics_daily
          where metric = 'sessions' and key = '' and day between ${from}::date and ${to}::date`,
  );
  const periods: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const p = bucketOf(d, bucket);
    if (periods[periods.length - 1] !== p) periods.push(p);
  }
  const index = new Map(periods.map((p, i) => [p, i]));
  const metrics = [...BUSINESS_METRICS, 'sessions'] as const;
  const series = Object.fromEntries(metrics.map((m) => [m, periods.map(() => 0)])) as Record<BusinessMetric | 'sessions', number[]>;
  const lastDay = Object.fromEntries(metrics.map((m) => [m, ''])) as Record<string, string>;
  const totals = Object.fromEntries(metrics.map((m) => [m, 0])) as Record<BusinessMetric | 'sessions', number>;
  const stock = new Set<string>(STOCK_METRICS);
  // Rows arrive unordered: a stock keeps its latest day's value per period and in the total.
  const stockDay = new Map<string, string>();
  for (const r of rows) {
    const m = r.metric as BusinessMetric | 'sessions';
    if (!(m in series)) continue;
    const v = Number(r.value);
    const i = index.get(bucketOf(r.day, bucket))!;
    if (stock.has(m)) {
      const key = `${m}:${i}`;
      if ((stockDay.get(key) ?? '') < r.day) {
        stockDay.set(key, r.day);
        series[m][i] = v;
      }
      if (lastDay[m]! < r.day) {
        lastDay[m] = r.day;
        totals[m] = v;
      }
    } else {
      series[m][i]! += v;
      totals[m] += v;
    }
  }
  const round = (m: string, v: number) => (m === 'co2e_kg' ? Math.round(v * 10) / 10 : Math.round(v));
  return {
    bucket,
    periods,
    totals: Object.fromEntries(metrics.map((m) => [m, round(m, totals[m])])) as BusinessReport['totals'],
    series: Object.fromEntries(metrics.map((m) => [m, series[m].map((v) => round(m, v))])) as BusinessReport['series'],
  };
}
