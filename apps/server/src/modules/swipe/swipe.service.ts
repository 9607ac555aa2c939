import { sql } from 'drizzle-orm';
import { SWIPES_FREE_PER_DAY } from '@swapu/shared/constants';
import type { Deck, SwipeAllowance, SwipeBody, SwipeResult, UndoResult } from '@swapu/shared/engagement';
import { swipeDay } from '@swapu/shared/purchases';
import type { Database, Tx } from '../../db/client';
import type { Hub } from '../../lib/hub';
import { AppError, errors } from '../../lib/errors';
import { rowsOf } from '../../lib/sql-rows';
import { visiblePublishedCondition, type Viewer } from '../../lib/viewer';
import { likeableCondition, likeLocked, pairLockSql, unlikeInTx, type LikeablePost } from '../likes/index';
import { Notices } from '../notifications/index';
import { toHit } from '../posts/index';
import { dealCards, ownItem } from './deck.service';

/** Undo takes back swipes made in the last half hour, newest first. */
export const UNDO_WINDOW_MS = 30 * 60_000;

export interface SwipeDeps {
  database: Database;
  publicUrl: string;
  hub?: Hub | null;
}

/**
 * Today's right swipes (Australia/Sydney day) and the allowance: 25 free plus any bought with
 * tokens for today; a subscriber has no limit (`limit` null).
 */
export async function allowanceOf(db: Tx, viewer: Viewer, now: Date): Promise<SwipeAllowance> {
  const day = swipeDay(now);
  const [row] = await rowsOf<{ used: number | null; extra: number | null }>(
    db,
    sql`select (select rights from swipe_counts where user_id = ${viewer.userId} and day = ${day}) as used,
      (select extra from swipe_extras where user_id = ${viewer.userId} and day = ${day}) as extra`,
  );
  const extra = row?.extra ?? 0;
  return {
    day,
    used: row?.used ?? 0,
    limit: viewer.subscriber ? null : SWIPES_FREE_PER_DAY + extra,
    extra,
    subscriber: viewer.subscriber,
  };
}

/**
 * The item a member swipes from must be their own published one: someone else's item, or one not
 * published, is refused ('swipe_own_post'); an unknown id is not found. Asked when a swipe's
 * statement wrote nothing, to say why.
 */
async function refuseFromPost(tx: Tx, viewer: Viewer, postId: string): Promise<void> {
  const [row] = await rowsOf<{ owner_id: string; state: string }>(tx, sql`select owner_id, state from posts where id = ${postId}`);
  if (!row) throw errors.notFound();
  if (row.owner_id !== viewer.userId || row.state !== 'published') throw new AppError(403, 'swipe_own_post');
}

const fromOwnItem = (viewer: Viewer, postId: string) =>
  sql`exists (select 1 from posts f where f.id = ${postId} and f.owner_id = ${viewer.userId!} and f.state = 'published')`;

/** The member's latest swipe of `body.postId`, as the values of an insert into swipes (after `select`). */
const swipeRow = (viewer: Viewer, body: SwipeBody, now: Date) =>
  sql`${viewer.userId!}, ${body.postId}, ${body.fromPostId}, ${body.direction}, ${swipeDay(now)}, ${now.toISOString()}::timestamptz`;
const SWIPE_UPSERT = sql`on conflict (user_id, post_id) do update set from_post_id = excluded.from_post_id,
  direction = excluded.direction, day = excluded.day, created_at = excluded.created_at`;

/**
 * A right swipe from my own published item on an item I may like, in one statement:
 * - the item, read with the pair's like lock (likes.service's lockPair), taken first;
 * - today's count, a conditional upsert whose row lock makes concurrent swipes queue, each
 *   re-reading the count, so none passes the allowance (free swipes plus today's bought ones);
 *   a subscriber's swipes are counted without a limit;
 * - the swipe, kept as my latest, written only when the count was.
 * The like itself follows (likeLocked) in the next statement, which sees every like the other
 * person committed before the lock was ours. Returns the item and the allowance after this swipe,
 * as allowanceOf would read it; when nothing was written, says why.
 */
async function countRightSwipe(
  tx: Tx,
  viewer: Viewer,
  body: SwipeBody,
  now: Date,
): Promise<{ post: LikeablePost; allowance: SwipeAllowance }> {
  const me = viewer.userId!;
  const day = swipeDay(now);
  const extraSql = sql`(select e.extra from swipe_extras e where e.user_id = ${me} and e.day = ${day})`;
  const limit = viewer.subscriber ? sql`` : sql`where swipe_counts.rights < ${SWIPES_FREE_PER_DAY} + coalesce(${extraSql}, 0)`;
  const [row] = await rowsOf<{ rights: number; extra: number | null; id: string; owner_id: string; title: string }>(
    tx,
    sql`with theirs as (
        select posts.id, posts.owner_id, posts.title, ${pairLockSql(me)} as locked from posts
        where ${likeableCondition(viewer, body.postId, now)} and posts.owner_id <> ${me}
      ), counted as (
        insert into swipe_counts (user_id, day, rights, updated_at)
        select ${me}, ${day}, 1, ${now.toISOString()}::timestamptz from theirs where ${fromOwnItem(viewer, body.fromPostId)}
        on conflict (user_id, day) do update set rights = swipe_counts.rights + 1, updated_at = excluded.updated_at
        ${limit}
        returning rights
      ), swiped as (
        insert into swipes (user_id, post_id, from_post_id, direction, day, created_at)
        select ${swipeRow(viewer, body, now)} from counted
        ${SWIPE_UPSERT}
      )
      select counted.rights, ${extraSql} as extra, theirs.id, theirs.owner_id, theirs.title from counted, theirs`,
  );
  if (!row) {
    await refuseFromPost(tx, viewer, body.fromPostId);
    const [target] = await rowsOf<{ owner_id: string }>(
      tx,
      sql`select posts.owner_id from posts where ${likeableCondition(viewer, body.postId, now)}`,
    );
    if (!target) throw errors.notFound();
    if (target.owner_id === me) throw new AppError(400, 'like_own_post');
    throw new AppError(409, 'swipe_limit');
  }
  const extra = row.extra ?? 0;
  return {
    post: { id: row.id, ownerId: row.owner_id, title: row.title },
    allowance: {
      day,
      used: row.rights,
      limit: viewer.subscriber ? null : SWIPES_FREE_PER_DAY + extra,
      extra,
      subscriber: viewer.subscriber,
    },
  };
}

/**
 * A left swipe from my own published item on a visible published item of someone else, kept as
 * my latest swipe, in one statement; when nothing was written, why (not my item, not found).
 */
async function pass(tx: Tx, viewer: Viewer, body: SwipeBody, now: Date): Promise<void> {
  const written = await rowsOf<{ n: number }>(
    tx,
    sql`insert into swipes (user_id, post_id, from_post_id, direction, day, created_at)
      select ${swipeRow(viewer, body, now)} where ${fromOwnItem(viewer, body.fromPostId)}
        and exists (select 1 from posts where posts.id = ${body.postId} and posts.owner_id <> ${viewer.userId!}
          and ${visiblePublishedCondition(viewer, now)})
      ${SWIPE_UPSERT}
      returning 1 as n`,
  );
  if (written.length === 0) {
    await refuseFromPost(tx, viewer, body.fromPostId);
    throw errors.notFound();
  }
}

/**
 * One swipe, in one transaction. Right: counted against today's allowance (refused at the limit
 * with 'swipe_limit', nothing changed), then the spec's like rule (a mutual like mails both
 * people). Left: the item is passed for 30 days. Either way it is the member's latest swipe.
 */
export async function swipe(deps: SwipeDeps, viewer: Viewer, body: SwipeBody, now: Date): Promise<SwipeResult> {
  const notices = new Notices();
  const result = await deps.database.db.transaction(async (tx): Promise<SwipeResult> => {
    if (body.direction === 'right') {
      const { post, allowance } = await countRightSwipe(tx, viewer, body, now);
      const { matched } = await likeLocked(tx, notices, deps.publicUrl, viewer, post, now);
      return { direction: body.direction, matched, allowance };
    }
    await pass(tx, viewer, body, now);
    return { direction: body.direction, matched: false, allowance: await allowanceOf(tx, viewer, now) };
  });
  await notices.announce(deps.hub ?? null);
  return result;
}

/**
 * Takes back the member's latest swipe (of the last half hour): a pass is forgotten; a like is
 * unliked and, when it was today's, its right swipe is given back. The card returns to the deck.
 */
export async function undoSwipe(database: Database, viewer: Viewer, now: Date): Promise<UndoResult> {
  const me = viewer.userId!;
  return database.db.transaction(async (tx) => {
    const since = new Date(now.getTime() - UNDO_WINDOW_MS).toISOString();
    // Locks in the order a right swipe takes them (the pair's like lock, then the swipe's row),
    // so that an undo racing a swipe of the same card cannot deadlock with it.
    await tx.execute(
      sql`select case when l.direction = 'right' then ${pairLockSql(me)} end from (
          select post_id, direction from swipes where user_id = ${me} and created_at > ${since}::timestamptz order by created_at desc limit 1
        ) l join posts on posts.id = l.post_id`,
    );
    const [last] = await rowsOf<{ post_id: string; direction: 'left' | 'right'; day: string }>(
      tx,
      sql`select post_id, direction, day from swipes where user_id = ${me} and created_at > ${since}::timestamptz
        order by created_at desc limit 1 for update`,
    );
    if (!last) throw new AppError(409, 'nothing_to_undo');
    await tx.execute(sql`delete from swipes where user_id = ${me} and post_id = ${last.post_id}`);
    if (last.direction === 'right') {
      await unlikeInTx(tx, me, last.post_id);
      await tx.execute(sql`update swipe_counts set rights = rights - 1 where user_id = ${me} and day = ${last.day} and rights > 0`);
    }
    return { postId: last.post_id, direction: last.direction, allowance: await allowanceOf(tx, viewer, now) };
  });
}

/**
 * The deck for one of my items: the next cards, today's allowance, and whether undo can act. At
 * the daily limit it deals none and says so ('limit_reached'): every right swipe on them would be
 * refused, and passing alone is not what the deck is for (decision 0026).
 */
export async function deckFor(db: Tx, viewer: Viewer, postId: string, now: Date): Promise<Deck> {
  const mine = await ownItem(db, viewer, postId, now);
  const since = new Date(now.getTime() - UNDO_WINDOW_MS).toISOString();
  const allowance = await allowanceOf(db, viewer, now);
  const limitReached = allowance.limit !== null && allowance.used >= allowance.limit;
  const [items, undo] = await Promise.all([
    limitReached ? [] : dealCards(db, viewer, mine, now),
    rowsOf<{ n: number }>(
      db,
      sql`select 1 as n from swipes where user_id = ${viewer.userId} and created_at > ${since}::timestamptz limit 1`,
    ),
  ]);
  const { distanceKm: _d, ...post } = toHit(mine, now);
  const status = limitReached ? 'limit_reached' : items.length > 0 ? 'dealing' : 'no_more_cards';
  return { post, status, items, allowance, canUndo: undo.length > 0 };
}
