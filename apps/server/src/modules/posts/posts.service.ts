import { and, arrayContains, asc, eq, ilike, lt, or, sql } from 'drizzle-orm';
import type { PostDetail, PostList } from '@swapu/shared/api';
import type { Condition, DeliveryOption, PostState } from '@swapu/shared/constants';
import type { Tx } from '../../db/client';
import { postImages, postLikes, posts, users } from '../../db/schema/index';
import { profileImageUrl } from '../users/users.media';
import { cardColumns, toCard } from './post-card';
import { userStats } from '../users/user-stats';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { errors } from '../../lib/errors';
import { guard } from '../../lib/guards';
import { imageVariantKeys } from '../../lib/storage';
import { type Viewer, visiblePublishedCondition, earlyAccessCondition } from '../../lib/viewer';

const media = (key: string) => `/media/${key}`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word must appear in the title, description or keywords (plain matching; ranked search is its own module). */
function keywordCondition(q: string) {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  return and(
    ...words.map((w) => {
      const pattern = `%${escapeLike(w)}%`;
      return or(
        ilike(posts.title, pattern),
        ilike(posts.description, pattern),
        sql`array_to_string(${posts.keywords}, ' ') ilike ${pattern}`,
      );
    }),
  );
}

/**
 * The home feed: published posts visible to the viewer, newest first (created_on descending in
 * the spec's words: the time the post was listed), keyset-paged.
 */
export async function listFeed(
  db: Tx,
  viewer: Viewer,
  now: Date,
  query: { limit: number; cursor?: string | undefined; category?: string | undefined; q?: string | undefined },
): Promise<PostList> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const afterCond = after
    ? or(
        lt(posts.publishedAt, after.publishedAt),
        and(eq(posts.publishedAt, after.publishedAt), lt(posts.id, after.id)),
      )
    : undefined;
  const rows = await db
    .select(cardColumns)
    .from(posts)
    .where(
      and(
        visiblePublishedCondition(viewer, now),
        afterCond,
        query.category ? arrayContains(posts.categories, [query.category]) : undefined,
        query.q ? keywordCondition(query.q) : undefined,
      ),
    )
    // NULLS LAST, as posts_feed_idx is built: otherwise PostgreSQL cannot walk the index.
    .orderBy(sql`${posts.publishedAt} desc nulls last`, sql`${posts.id} desc nulls last`)
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const items = page.map((r) => toCard(r, now));
  const last = page.at(-1);
  return {
    items,
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.publishedAt!, last.id) : null,
  };
}

/**
 * One post with every spec field. Drafts and archived posts are seen only by their owner and
 * admins; other states follow the early-access rule.
 */
export async function getPost(db: Tx, viewer: Viewer, now: Date, id: string): Promise<PostDetail> {
  const isOwnerOrAdmin = (ownerId: string) => viewer.role === 'admin' || viewer.userId === ownerId;
  const [row] = await db
    .select({ post: posts, owner: users })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.ownerId))
    .where(eq(posts.id, id))
    .limit(1);
  if (!row) throw errors.notFound();
  const p = row.post;
  if (!isOwnerOrAdmin(p.ownerId) && guard('post-visible')) {
    if (p.state === 'draft' || p.state === 'archived' || !p.publishedAt) throw errors.notFound();
    const early = earlyAccessCondition(viewer, now);
    if (early) {
      const [visible] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.id, id), early));
      if (!visible) throw errors.notFound();
    }
  }
  const images = await db
    .select()
    .from(postImages)
    .where(eq(postImages.postId, id))
    .orderBy(asc(postImages.position));
  const ownerStats = (await userStats(db, [p.ownerId])).get(p.ownerId)!;
  const [likes] = await db
    .select({
      count: sql<number>`count(*)::int`,
      mine: viewer.userId ? sql<boolean>`coalesce(bool_or(${postLikes.likedById} = ${viewer.userId}), false)` : sql<boolean>`false`,
    })
    .from(postLikes)
    .where(eq(postLikes.postId, id));

  return {
    id: p.id,
    state: p.state as PostState,
    title: p.title,
    description: p.description,
    categories: p.categories,
    keywords: p.keywords,
    wishCategories: p.wishCategories,
    wishKeywords: p.wishKeywords,
    cashValueCents: p.cashValueCents ?? 0,
    weightKg: p.weightKg ?? 0,
    lengthCm: p.lengthCm ?? 0,
    widthCm: p.widthCm ?? 0,
    heightCm: p.heightCm ?? 0,
    materials: p.materials,
    suburb: p.suburb,
    postcode: p.postcode,
    auState: p.auState,
    condition: p.condition as Condition,
    openToSelling: p.openToSelling,
    openToSwapAnything: p.openToSwapAnything,
    deliveryOption: p.deliveryOption as DeliveryOption,
    images: images.map((img) => {
      const v = imageVariantKeys(img.storageKey);
      return { id: img.id, url: media(v.lg), thumbUrl: media(v.sm), width: img.width, height: img.height };
    }),
    owner: {
      id: row.owner.id,
      displayName: row.owner.displayName,
      suburb: row.owner.suburb,
      auState: row.owner.auState,
      memberSince: row.owner.createdAt.toISOString(),
      avatarUrl: profileImageUrl(row.owner.avatarKey),
      ...ownerStats,
    },
    publishedAt: p.publishedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    boostedUntil: p.boostedUntil?.toISOString() ?? null,
    swapAssistUntil: p.swapAssistUntil?.toISOString() ?? null,
    likeCount: likes?.count ?? 0,
    likedByMe: likes?.mine ?? false,
  };
}

/** Counts of visible published posts per category slug. */
export async function countByCategory(db: Tx, viewer: Viewer, now: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ slug: sql<string>`unnest(${posts.categories})`, count: sql<number>`count(*)::int` })
    .from(posts)
    .where(visiblePublishedCondition(viewer, now))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.slug, r.count]));
}

