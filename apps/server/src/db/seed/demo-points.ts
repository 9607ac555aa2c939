import { POINTS } from '@swapu/shared/offers';
import type { PointsReason } from '@swapu/shared/engagement';
import { awardPoints } from '../../modules/points/award';
import type { Tx } from '../client';
import type { offers, posts, reviews } from '../schema/index';

interface DemoHistory {
  posts: Array<typeof posts.$inferInsert>;
  offers: Array<typeof offers.$inferInsert>;
  reviews: Array<typeof reviews.$inferInsert>;
}

/**
 * The demo's points, earned the way members earn them: the seed writes listings, swaps and reviews
 * straight into their tables, so each is awarded here through awardPoints at the moment it
 * happened, oldest first (streak bonuses then follow the weeks members were active in). The
 * week's, the month's and the all-time boards all have people on them.
 */
export async function awardDemoPoints(tx: Tx, history: DemoHistory) {
  const awards: Array<{ userId: string; points: number; reason: PointsReason; sourceId: string; now: Date }> = [];
  for (const p of history.posts)
    if (p.publishedAt) awards.push({ userId: p.ownerId, points: POINTS.listing, reason: 'listing', sourceId: p.id!, now: p.publishedAt });
  for (const o of history.offers)
    if (o.state === 'completed' && o.completedAt)
      for (const userId of [o.offererId, o.ownerId])
        awards.push({ userId, points: POINTS.swapCompleted, reason: 'swap_completed', sourceId: o.id, now: o.completedAt });
  for (const r of history.reviews) {
    awards.push({ userId: r.reviewerId, points: POINTS.review, reason: 'review', sourceId: r.id!, now: r.createdAt });
    if (r.stars === 5)
      awards.push({
        userId: r.revieweeId,
        points: POINTS.fiveStarReceived,
        reason: 'five_star_received',
        sourceId: r.id!,
        now: r.createdAt,
      });
  }
  awards.sort((a, b) => a.now.getTime() - b.now.getTime());
  for (const a of awards) await awardPoints(tx, a);
  return awards.length;
}
