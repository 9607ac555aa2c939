import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FavoriteList, LikeResult } from '@swapu/shared/api';
import { paths } from '@swapu/shared/paths';
import type { Database, Tx } from '../../db/client';
import { favorites, postLikes, postMatches, posts, users } from '../../db/schema/index';
import type { Hub } from '../../lib/hub';
import { Notices } from '../notifications/index';
import { AppError, errors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { rowsOf } from '../../lib/sql-rows';
import { earlyAccessCondition, type Viewer } from '../../lib/viewer';
import { enqueueMail, matchMail } from '../mail/index';
import { cardColumns, toCard } from '../posts/index';

/** Only live listings can be liked (a reserved one is in an accepted offer but still shown). */
const LIKEABLE = ['published', 'reserved'];

/**
 * The post, when the viewer may like it, with the pair's lock (lockPair's key, said in SQL: ids
 * compared byte by byte as JavaScript compares them) taken in the same statement.
 */
async function likeablePost(tx: Tx, viewer: Viewer, postId: string, now: Date) {
  const [post] = await rowsOf<LikeablePost & { locked: string }>(
    tx,
    sql`select posts.id, posts.owner_id as "ownerId", posts.title, ${pairLockSql(viewer.userId!)} as locked
      from posts where ${likeableCondition(viewer, postId, now)} limit 1`,
  );
  if (!post) throw errors.notFound();
  return post;
}

/** A post the viewer may like: live, and visible to them (the 24-hour rule). Over unaliased `posts`. */
export function likeableCondition(viewer: Viewer, postId: string, now: Date): SQL {
  const early = earlyAccessCondition(viewer, now);
  return sql`posts.id = ${postId} and posts.state in (${sql.join(
    LIKEABLE.map((state) => sql`${state}`),
    sql`, `,
  )})${early ? sql` and ${early}` : sql``}`;
}

/**
 * lockPair's lock for `me` and the owner of the row of unaliased `posts`, said in SQL (ids
 * compared byte by byte, as JavaScript compares them), to be taken inside a statement that reads
 * the post.
 */
export const pairLockSql = (me: string) =>
  sql`pg_advisory_xact_lock(hashtextextended('like:' || case when ${me} collate "C" < posts.owner_id collate "C"
    then ${me} || '|' || posts.owner_id else posts.owner_id || '|' || ${me} end, 0))::text`;

export interface LikeablePost {
  id: string;
  ownerId: string;
  title: string;
}

/**
 * Serialises every like between two people, whichever of them likes what: with it, A liking B's
 * post while B likes A's cannot both miss the match, and one person's double click cannot insert
 * two records. (PGlite runs one transaction at a time; on PostgreSQL this is the guard.)
 */
async function lockPair(tx: Tx, a: string, b: string) {
  const key = a < b ? `${a}|${b}` : `${b}|${a}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`like:${key}`}, 0))`);
}

async function likeCount(tx: Tx, postId: string) {
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(postLikes)
    .where(eq(postLikes.postId, postId));
  return r?.n ?? 0;
}

export interface LikeDeps {
  database: Database;
  publicUrl: string;
  /** Announces a match's notifications after commit (absent: they are seen on the next look). */
  hub?: Hub | null;
}

/**
 * The spec's match-favorite rule (section 4), in one transaction: remove earlier records for
 * this post and user, add a new one, add the post to the user's favourites, then look for a
 * mutual match — the post's owner has liked one of this user's live posts. A new match mails
 * both people a link to the post and leaves each an in-app notification, once.
 */
export async function likePost(deps: LikeDeps, viewer: Viewer, postId: string, now: Date): Promise<LikeResult> {
  const notices = new Notices();
  const result = await deps.database.db.transaction(async (tx) => ({
    ...(await likeInTx(tx, notices, deps.publicUrl, viewer, postId, now)),
    likeCount: await likeCount(tx, postId),
  }));
  await notices.announce(deps.hub ?? null);
  return result;
}

/**
 * The rule itself, inside the caller's transaction (a Swap Swipe right swipe counts the swipe and
 * likes in one). The caller announces `notices` after its commit.
 */
export async function likeInTx(
  tx: Tx,
  notices: Notices,
  publicUrl: string,
  viewer: Viewer,
  postId: string,
  now: Date,
): Promise<{ liked: true; matched: boolean }> {
  const post = await likeablePost(tx, viewer, postId, now);
  if (post.ownerId === viewer.userId) throw new AppError(400, 'like_own_post');
  return likeLocked(tx, notices, publicUrl, viewer, post, now);
}

/**
 * The like rule once the pair's lock is held (a statement before this one took it, so this one's
 * snapshot sees every like the other person committed): the like (a second one refreshes the
 * first), the favourite, and the owner's latest like of one of my live items, in one statement
 * (the write CTEs run whether or not the query reads them); a mutual like is a match.
 */
export async function likeLocked(
  tx: Tx,
  notices: Notices,
  publicUrl: string,
  viewer: Viewer,
  post: LikeablePost,
  now: Date,
): Promise<{ liked: true; matched: boolean }> {
  const userId = viewer.userId!;
  const postId = post.id;
  const [counter] = await rowsOf<{ postId: string; title: string }>(
    tx,
    sql`with liked as (
        insert into post_likes (id, post_id, post_owner_id, liked_by_id, liked_time)
        values (${newId()}, ${postId}, ${post.ownerId}, ${userId}, ${now.toISOString()}::timestamptz)
        on conflict (post_id, liked_by_id) do update set id = excluded.id, post_owner_id = excluded.post_owner_id, liked_time = excluded.liked_time
        returning 1
      ), faved as (
        insert into favorites (user_id, post_id, created_at) values (${userId}, ${postId}, ${now.toISOString()}::timestamptz)
        on conflict (user_id, post_id) do update set created_at = excluded.created_at
        returning 1
      )
      select p.id as "postId", p.title from post_likes pl join posts p on p.id = pl.post_id
      where pl.post_owner_id = ${userId} and pl.liked_by_id = ${post.ownerId} and p.state in (${sql.join(
        LIKEABLE.map((state) => sql`${state}`),
        sql`, `,
      )})
      order by pl.liked_time desc limit 1`,
  );

  let matched = false;
  if (counter) {
    const inserted = await tx
      .insert(postMatches)
      .values({ id: newId(), postId, likedById: userId, counterPostId: counter.postId, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: postMatches.id });
    matched = true;
    if (inserted.length > 0)
      await announceMatch(tx, notices, publicUrl, { postId, postTitle: post.title, likerId: userId, ownerId: post.ownerId, counter }, now);
  }
  return { liked: true, matched };
}

async function announceMatch(
  tx: Tx,
  notices: Notices,
  publicUrl: string,
  m: { postId: string; postTitle: string; likerId: string; ownerId: string; counter: { postId: string; title: string } },
  now: Date,
) {
  const people = await tx
    .select({ id: users.id, email: users.email, name: users.displayName, language: users.language, deletedAt: users.deletedAt })
    .from(users)
    .where(inArray(users.id, [m.likerId, m.ownerId]));
  const liker = people.find((p) => p.id === m.likerId)!;
  const owner = people.find((p) => p.id === m.ownerId)!;
  const link = paths.viewPost(m.postId);
  const url = `${publicUrl}${link}`;
  // Each person hears who they matched with, and which of their own items the other one liked.
  const sides = [
    { me: liker, other: owner, theirTitle: m.postTitle, myTitle: m.counter.title },
    { me: owner, other: liker, theirTitle: m.counter.title, myTitle: m.postTitle },
  ];
  for (const s of sides) {
    await notices.add(
      tx,
      {
        userId: s.me.id,
        kind: 'match',
        data: { otherName: s.other.name, postId: m.postId, postTitle: m.postTitle, theirTitle: s.theirTitle, myTitle: s.myTitle },
        link,
      },
      now,
    );
    if (s.me.email && !s.me.deletedAt) {
      await enqueueMail(
        tx,
        s.me.email,
        'match',
        matchMail(s.me.language, { name: s.me.name, otherName: s.other.name, theirTitle: s.theirTitle, myTitle: s.myTitle, url }),
        now,
      );
    }
  }
}

/** Unliking deletes the like and the favourite; the post is no longer liked. */
export async function unlikePost(deps: LikeDeps, viewer: Viewer, postId: string): Promise<LikeResult> {
  return deps.database.db.transaction((tx) => unlikeInTx(tx, viewer.userId!, postId));
}

/** Unliking inside the caller's transaction (a Swap Swipe undo). */
export async function unlikeInTx(tx: Tx, userId: string, postId: string): Promise<LikeResult> {
  const [post] = await tx.select({ ownerId: posts.ownerId }).from(posts).where(eq(posts.id, postId)).limit(1);
  if (!post) throw errors.notFound();
  await lockPair(tx, userId, post.ownerId);
  await tx.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.likedById, userId)));
  await tx.delete(favorites).where(and(eq(favorites.postId, postId), eq(favorites.userId, userId)));
  return { liked: false, matched: false, likeCount: await likeCount(tx, postId) };
}

/** The person's favourites, most recently liked first (withdrawn ones stay, marked by their state). */
export async function listFavorites(db: Tx, userId: string, now: Date): Promise<FavoriteList> {
  const rows = await db
    .select({ ...cardColumns, likedAt: favorites.createdAt })
    .from(favorites)
    .innerJoin(posts, eq(posts.id, favorites.postId))
    .where(and(eq(favorites.userId, userId), inArray(posts.state, ['published', 'reserved', 'swapped', 'sold', 'archived'])))
    .orderBy(desc(favorites.createdAt), desc(posts.id))
    .limit(500);
  return { items: rows.map((r) => ({ likedAt: r.likedAt.toISOString(), post: toCard(r, now) })) };
}
