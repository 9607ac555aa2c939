import { and, inArray, isNull, eq } from 'drizzle-orm';
import type { MemberReliability, MyReliability } from '@swapu/shared/reliability-api';
import { reliabilityComponents, reliabilityScore, reliabilityTips, type ReliabilityFacts } from '@swapu/shared/reliability';
import type { Tx } from '../../db/client';
import { memberReliability, users } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { reliabilityFacts } from './reliability-facts';

type Row = typeof memberReliability.$inferSelect;

const factsOf = (r: Row): ReliabilityFacts => ({
  swapsCompleted: r.swapsCompleted,
  cancelledAfterAccept: r.cancelledAfterAccept,
  replyConversations: r.replyConversations,
  medianReplySeconds: r.medianReplySeconds,
  deliveriesBooked: r.deliveriesBooked,
  deliveriesOnTime: r.deliveriesOnTime,
  reviewsCount: r.reviewsCount,
  reviewsAverage: r.reviewsAverage,
  accountAgeDays: r.accountAgeDays,
  emailVerified: r.emailVerified,
});

/**
 * The badges of these members (existing, not deleted), in the order asked, from the job's rows:
 * one query for the whole page. A member the job has not reached yet (an account made in the last
 * few minutes) is computed for this answer in one more query for all such members, and not
 * stored: the job writes rows, pages only read.
 */
export async function reliabilityOf(db: Tx, ids: string[], now: Date): Promise<MemberReliability[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id, row: memberReliability })
    .from(users)
    .leftJoin(memberReliability, eq(memberReliability.userId, users.id))
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  const found = new Map<string, MemberReliability>();
  const missing: string[] = [];
  for (const { id, row } of rows) {
    if (!row) missing.push(id);
    else
      found.set(id, {
        userId: id,
        tier: row.tier as MemberReliability['tier'],
        score: row.score,
        facts: factsOf(row),
        computedAt: row.computedAt.toISOString(),
      });
  }
  if (missing.length)
    for (const [id, facts] of await reliabilityFacts(db, missing, now)) {
      const { tier, score } = reliabilityScore(facts);
      found.set(id, { userId: id, tier, score, facts, computedAt: null });
    }
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** The member's own badge, each part of the score, and what would raise it. */
export async function myReliability(db: Tx, userId: string, now: Date): Promise<MyReliability> {
  const [mine] = await reliabilityOf(db, [userId], now);
  if (!mine) throw errors.notFound();
  return { ...mine, components: reliabilityComponents(mine.facts), tips: reliabilityTips(mine.facts) };
}
