import { effectiveAssistUntilSql } from '../assist/index';
import { and, arrayContains, asc, eq, ilike, lt, or, sql } from 'drizzle-orm';
import type { PostDetail, PostList } from '@swapu/shared/api';
import type { Condition, DeliveryOption, PostState } from '@swapu/shared/constants';
import type { Tx } from '../../db/client';
import { postImages, postLikes, posts, users } from '../../db/schema/index';
import { profileImageUrl, userStats } from '../members/index';
import { cardColumns, media, toCard } from './post-card';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { errors } from '../../lib/errors';
import { guard } from '../../lib/guards';
import { gallerySrcSet, imageVariantKeys } from '../../lib/storage';
import { opensToEveryoneAt, publishedVisibleTo, type Viewer, visiblePublishedCondition } from '../../lib/viewer';

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
    ? or(lt(posts.publishedAt, after.publishedAt), and(eq(posts.publishedAt, after.publishedAt), lt(posts.id, after.id)))
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

/** A post page as everyone sees it (likedByMe false), with what deciding who may see it needs. */
export interface PostRecord {
  detail: PostDetail;
  ownerId: string;
  state: PostState;
  publishedAt: Date | null;
}

/**
 * One post with every spec field, the same for every viewer: whether this viewer may see it is
 * mayViewPost's call, and whether they like it is theirs (getPost). Null when there is no such post.
 */
export async function loadPost(db: Tx, id: string): Promise<PostRecord | null> {
  const [row] = await db
    .select({ post: posts, owner: users, assistUntil: effectiveAssistUntilSql(sql`"posts"`) })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.ownerId))
    .where(eq(posts.id, id))
    .limit(1);
  if (!row) return null;
  const p = row.post;
  const [images, stats, [likes]] = await Promise.all([
    db.select().from(postImages).where(eq(postImages.postId, id)).orderBy(asc(postImages.position)),
    userStats(db, [p.ownerId]),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(postLikes)
      .where(eq(postLikes.postId, id)),
  ]);
  const ownerStats = stats.get(p.ownerId)!;
  const detail: PostDetail = {
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
      return {
        id: img.id,
        url: media(v.lg),
        srcSet: gallerySrcSet(img.storageKey, img.width, media),
        thumbUrl: media(v.sm),
        width: img.width,
        height: img.height,
      };
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
    swapAssistUntil: row.assistUntil ? new Date(row.assistUntil).toISOString() : null,
    likeCount: likes?.count ?? 0,
    likedByMe: false,
  };
  return { detail, ownerId: p.ownerId, state: p.state as PostState, publishedAt: p.publishedAt };
}

/**
 * Who may see a post page: its owner and admins in every state; anyone else never a draft or an
 * archived post, and one inside early access only when they subscribe.
 */
export function mayViewPost(viewer: Viewer, post: Pick<PostRecord, 'ownerId' | 'state' | 'publishedAt'>, now: Date): boolean {
  if (viewer.role === 'admin' || viewer.userId === post.ownerId || !guard('post-visible')) return true;
  if (post.state === 'draft' || post.state === 'archived' || !post.publishedAt) return false;
  return publishedVisibleTo(viewer, { ownerId: post.ownerId, publishedAt: post.publishedAt }, now);
}

/**
 * Why a viewer who may not see a post is refused: a listed post inside its early access says
 * when it opens to everyone and nothing else (403 early_access; the page offers the
 * subscription); a draft, an archived post or an unknown id is simply not found.
 */
export function refusePost(viewer: Viewer, post: Pick<PostRecord, 'ownerId' | 'state' | 'publishedAt'> | null, now: Date) {
  const listed = post && post.state !== 'draft' && post.state !== 'archived' && post.publishedAt;
  if (listed && !publishedVisibleTo(viewer, { ownerId: post.ownerId, publishedAt: post.publishedAt! }, now)) {
    return errors.earlyAccess(opensToEveryoneAt(post.publishedAt!));
  }
  return errors.notFound();
}

/** Does this member like this post? */
export async function likes(db: Tx, userId: string, postId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.likedById, userId)))
    .limit(1);
  return !!row;
}

/** The ids of the posts a member likes, or null when there are more than `max` (ask `likes`). */
export async function likedPostIds(db: Tx, userId: string, max: number): Promise<Set<string> | null> {
  const rows = await db
    .select({ id: postLikes.postId })
    .from(postLikes)
    .where(eq(postLikes.likedById, userId))
    .limit(max + 1);
  return rows.length > max ? null : new Set(rows.map((r) => r.id));
}

/** One post as this viewer sees it (404 when they may not, 403 early_access inside early access), read afresh. */
export async function getPost(db: Tx, viewer: Viewer, now: Date, id: string): Promise<PostDetail> {
  const record = await loadPost(db, id);
  if (!record || !mayViewPost(viewer, record, now)) throw refusePost(viewer, record, now);
  const likedByMe = viewer.userId ? await likes(db, viewer.userId, id) : false;
  return { ...record.detail, likedByMe };
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
