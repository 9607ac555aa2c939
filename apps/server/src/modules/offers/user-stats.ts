import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { offers, reviews } from '../../db/schema/index';

/** Average rating, reviews received and swaps completed: what profiles and post pages show. */
export async function userStats(db: Tx, userIds: string[]) {
  const out = new Map<string, { rating: number | null; reviewsCount: number; swapsCompleted: number }>();
  if (userIds.length === 0) return out;
  for (const id of userIds) out.set(id, { rating: null, reviewsCount: 0, swapsCompleted: 0 });
  const r = await db
    .select({ id: reviews.revieweeId, avg: sql<number>`avg(${reviews.stars})::float8`, n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(inArray(reviews.revieweeId, userIds))
    .groupBy(reviews.revieweeId);
  for (const x of r) Object.assign(out.get(x.id)!, { rating: Math.round(x.avg * 10) / 10, reviewsCount: x.n });
  const s = await db
    .select({ id: sql<string>`u.id`, n: sql<number>`count(*)::int` })
    .from(offers)
    .innerJoin(sql`unnest(array[${offers.offererId}, ${offers.ownerId}]) as u(id)`, sql`true`)
    .where(and(eq(offers.state, 'completed'), sql`u.id in ${userIds}`))
    .groupBy(sql`u.id`);
  for (const x of s) out.get(x.id)!.swapsCompleted = x.n;
  return out;
}
