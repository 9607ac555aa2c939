import { desc, eq, sql } from 'drizzle-orm';
import type { Activity } from '@swapu/shared/offers';
import { POINTS, type ReviewBody } from '@swapu/shared/offers';
import { awardPoints } from '../points/index';
import type { Tx } from '../../db/client';
import { offers, posts, reviews, users } from '../../db/schema/index';
import { AppError, errors } from '../../lib/errors';
import { guard } from '../../lib/guards';
import { newId } from '../../lib/ids';
import { GUEST, visiblePublishedCondition, type Viewer } from '../../lib/viewer';
import { cardColumns, toCard } from '../posts/index';
import { userRef, userStats } from '../members/index';

/** A party of a completed swap reviews the other, once (1–5 stars and text). */
export async function reviewSwap(db: Tx, viewer: Viewer, offerId: string, body: ReviewBody, now: Date) {
  const me = viewer.userId!;
  return db.transaction(async (tx) => {
    const [o] = await tx.select().from(offers).where(eq(offers.id, offerId)).limit(1);
    if (!o || (o.offererId !== me && o.ownerId !== me && guard('review-party'))) throw errors.notFound();
    if (o.state !== 'completed') throw new AppError(409, 'offer_no_longer_valid');
    const revieweeId = o.offererId === me ? o.ownerId : o.offererId;
    const [row] = await tx
      .insert(reviews)
      .values({ id: newId(), offerId, reviewerId: me, revieweeId, stars: body.stars, text: body.text, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(409, 'already_reviewed');
    await awardPoints(tx, { userId: me, points: POINTS.review, reason: 'review', sourceId: row.id, now });
    if (body.stars === 5)
      await awardPoints(tx, { userId: revieweeId, points: POINTS.fiveStarReceived, reason: 'five_star_received', sourceId: row.id, now });
    const [reviewer] = await tx.select().from(users).where(eq(users.id, me));
    return {
      id: row.id,
      offerId,
      stars: row.stars,
      text: row.text,
      reviewer: userRef(reviewer!),
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function listReviews(db: Tx, userId: string) {
  const rows = await db
    .select({ r: reviews, name: users.displayName, avatarKey: users.avatarKey })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(eq(reviews.revieweeId, userId))
    .orderBy(desc(reviews.createdAt))
    .limit(100);
  const stats = (await userStats(db, [userId])).get(userId)!;
  return {
    items: rows.map(({ r, name, avatarKey }) => ({
      id: r.id,
      offerId: r.offerId,
      stars: r.stars,
      text: r.text,
      reviewer: userRef({ id: r.reviewerId, displayName: name, avatarKey }),
      createdAt: r.createdAt.toISOString(),
    })),
    ...stats,
  };
}

/** The public community feed: recent completed swaps and new listings, with totals. */
export async function activity(db: Tx, now: Date): Promise<Activity> {
  const [totals] = await db
    .select({
      swaps: sql<number>`(select count(*)::int from offers where state = 'completed')`,
      carbon: sql<number>`(select coalesce(sum(carbon_kg), 0)::float8 from offers where state = 'completed')`,
      members: sql<number>`(select count(*)::int from users where deleted_at is null)`,
    })
    .from(sql`(select 1) as one`);
  const [live] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(visiblePublishedCondition(GUEST, now));
  const swaps = await db
    .select({
      id: offers.id,
      at: offers.completedAt,
      carbon: offers.carbonKg,
      title: posts.title,
      a: sql<string>`oa.display_name`,
      b: sql<string>`ob.display_name`,
    })
    .from(offers)
    .innerJoin(posts, eq(posts.id, offers.postId))
    .innerJoin(sql`users oa`, sql`oa.id = ${offers.offererId}`)
    .innerJoin(sql`users ob`, sql`ob.id = ${offers.ownerId}`)
    .where(eq(offers.state, 'completed'))
    .orderBy(desc(offers.completedAt))
    .limit(20);
  const listings = await db
    .select(cardColumns)
    .from(posts)
    .where(visiblePublishedCondition(GUEST, now))
    .orderBy(sql`${posts.publishedAt} desc nulls last`, sql`${posts.id} desc nulls last`)
    .limit(20);
  // First names only in a public feed.
  const first = (n: string) => n.split(' ')[0] ?? n;
  const items: Activity['items'] = [
    ...swaps.map((s) => ({
      kind: 'swap' as const,
      at: s.at!.toISOString(),
      offerId: s.id,
      a: first(s.a),
      b: first(s.b),
      title: s.title,
      carbonKg: s.carbon ?? 0,
    })),
    ...listings.map((p) => ({ kind: 'listing' as const, at: p.publishedAt!.toISOString(), post: toCard(p, now) })),
  ].sort((x, y) => y.at.localeCompare(x.at));
  return {
    totals: {
      swapsCompleted: totals!.swaps,
      carbonKg: Math.round(totals!.carbon * 10) / 10,
      members: totals!.members,
      liveListings: live!.n,
    },
    items: items.slice(0, 30),
  };
}
