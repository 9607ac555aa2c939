import { sql } from 'drizzle-orm';
import type { App } from '../../lib/context';
import { attachPeriodic } from '../../lib/periodic';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../lib/sql-rows';

/**
 * Monthly partitions of analytics_events (migration 0031, decision 0029). The month of `now` and
 * the next two get their partitions ahead of time; a month whose events already landed in the
 * default partition (the server was down over a month's turn, or an event dated oddly) has them
 * moved into its new partition in the same transaction. Safe to run from several instances at
 * once: an advisory lock orders them, and each month is made once.
 */
const LOCK = 0x5_3a_0e_01; // "analytics partitions"

export const partitionName = (year: number, month: number) => `analytics_events_y${year}m${String(month).padStart(2, '0')}`;

/** [start, end) of the month `offset` months after the month of `now` (UTC). */
function monthOf(now: Date, offset: number) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return { start, end, name: partitionName(start.getUTCFullYear(), start.getUTCMonth() + 1) };
}

/** Makes the partitions missing for this month and the next `ahead`; returns the names it made. */
export async function ensureEventPartitions(db: Tx, now: Date, ahead = 2): Promise<string[]> {
  const made: string[] = [];
  for (let k = 0; k <= ahead; k++) {
    const { start, end, name } = monthOf(now, k);
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
      const [exists] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'analytics_events'::regclass and c.relname = ${name}`,
      );
      if (exists!.n > 0) return false;
      const table = sql.raw(`"${name}"`);
      const from = sql.raw(`'${start.toISOString()}'`);
      const to = sql.raw(`'${end.toISOString()}'`);
      // Made on its own, filled from the default partition, then attached (attaching checks that
      // the default partition holds nothing of that month any more).
      await tx.execute(sql`create table ${table} (like analytics_events including defaults including constraints)`);
      await tx.execute(sql`select set_config('swapu.analytics_maintenance', 'on', true)`);
      await tx.execute(
        sql`with moved as (delete from analytics_events_default where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz returning *)
          insert into ${table} select * from moved`,
      );
      await tx.execute(sql`select set_config('swapu.analytics_maintenance', 'off', true)`);
      await tx.execute(sql`alter table analytics_events attach partition ${table} for values from (${from}) to (${to})`);
      return true;
    });
    if (done) made.push(name);
  }
  return made;
}

const DAILY_MS = 24 * 3600_000;

/** While the server runs: the partitions at start, then once a day. */
export function attachEventPartitions(app: App) {
  attachPeriodic(app, DAILY_MS, 'analytics partitions could not be made: events go to the default partition meanwhile', async () => {
    const made = await ensureEventPartitions(app.ctx.database.db, app.ctx.clock.now());
    if (made.length) app.log.info({ made }, 'analytics partitions made');
  });
}
