import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { reviews } from '../../db/schema/index';
import { rowsOf } from '../../lib/sql-rows';

/** Average rating, reviews received, swaps completed and the kg CO2e they saved: what profiles and post pages show. */
export async function userStats(db: Tx, userIds: string[]) {
  const out = new Map<string, { rating: number | null; reviewsCount: number; swapsCompleted: number; carbonKg: number }>();
  if (userIds.length === 0) return out;
  for (const id of userIds) out.set(id, { rating: null, reviewsCount: 0, swapsCompleted: 0, carbonKg: 0 });
  const r = await db
    .select({ id: reviews.revieweeId, avg: sql<number>`avg(${reviews.stars})::float8`, n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(inArray(reviews.revieweeId, userIds))
    .groupBy(reviews.revieweeId);
  for (const x of r) Object.assign(out.get(x.id)!, { rating: Math.round(x.avg * 10) / 10, reviewsCount: x.n });
  // Each side through its own index (offers_offerer_idx, offers_owner_idx): this runs on every post page.
  // A swap's CO2e (every item of both sides) counts for each of its two members.
  const s = await rowsOf<{ id: string; n: number; kg: number }>(
    db,
    sql`
    select u as id, count(*)::int as n, coalesce(sum(kg), 0)::float8 as kg from (
      select offerer_id as u, carbon_kg as kg from offers where state = 'completed' and offerer_id in ${userIds}
      union all
      select owner_id, carbon_kg from offers where state = 'completed' and owner_id in ${userIds}
    ) x group by u`,
  );
  for (const x of s) Object.assign(out.get(x.id)!, { swapsCompleted: Number(x.n), carbonKg: Math.round(Number(x.kg) * 10) / 10 });
  return out;
}
