import { sql } from 'drizzle-orm';
import { SWIPES_FREE_PER_DAY } from '@swapu/shared/constants';
import type { Deck, SwipeAllowance, SwipeBody, SwipeResult, UndoResult } from '@swapu/shared/engagement';
import { swipeDay } from '@swapu/shared/purchases';
import type { Database, Tx } from '../../db/client';
import type { Hub } from '../../lib/hub';
import { AppError, errors } from '../../lib/errors';
import { rowsOf } from '../../lib/sql-rows';
import { visiblePublishedCondition, type Viewer } from '../../lib/viewer';
import { likeInTx, unlikeInTx } from '../likes/likes.service';
import { Notices } from '../notifications/notify';
import { toHit } from '../posts/post-card';
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
 * Counts one right swipe against today, in one conditional upsert: the row's lock makes
 * concurrent swipes queue, and each re-reads the count, so none passes the allowance (free
 * swipes plus today's bought ones). A subscriber's swipes are counted without a limit.
 */
async function countRightSwipe(tx: Tx, viewer: Viewer, now: Date): Promise<SwipeAllowance> {
  const me = viewer.userId!;
  const day = swipeDay(now);
  const at = now.toISOString();
  const limit = viewer.subscriber
    ? sql``
    : sql`where swipe_counts.rights < ${SWIPES_FREE_PER_DAY} + coalesce((select e.extra from swipe_extras e where e.user_id = ${me} and e.day = ${day}), 0)`;
  const counted = await rowsOf<{ rights: number; extra: number | null }>(
    tx,
    sql`insert into swipe_counts (user_id, day, rights, updated_at) values (${me}, ${day}, 1, ${at}::timestamptz)
      on conflict (user_id, day) do update set rights = swipe_counts.rights + 1, updated_at = excluded.updated_at
      ${limit}
      returning rights, (select e.extra from swipe_extras e where e.user_id = ${me} and e.day = ${day}) as extra`,
  );
  const [row] = counted;
  if (!row) throw new AppError(409, 'swipe_limit');
  // The allowance after this swipe, as allowanceOf would read it (the row is locked until commit).
  const extra = row.extra ?? 0;
  return {
    day,
    used: row.rights,
    limit: viewer.subscriber ? null : SWIPES_FREE_PER_DAY + extra,
    extra,
    subscriber: viewer.subscriber,
  };
}

/** A card a member may pass: a visible published item of someone else. */
async function passable(tx: Tx, viewer: Viewer, postId: string, now: Date) {
  const [row] = await rowsOf<{ owner_id: string }>(
    tx,
    sql`select posts.owner_id from posts where posts.id = ${postId} and ${visiblePublishedCondition(viewer, now)}`,
  );
  if (!row || row.owner_id === viewer.userId) throw errors.notFound();
}

/**
 * One swipe, in one transaction. Right: counted against today's allowance (refused at the limit
 * with 'swipe_limit', nothing changed), then the spec's like rule (a mutual like mails both
 * people). Left: the item is passed for 30 days. Either way it is the member's latest swipe.
 */
export async function swipe(deps: SwipeDeps, viewer: Viewer, body: SwipeBody, now: Date): Promise<SwipeResult> {
  const me = viewer.userId!;
  const notices = new Notices();
  const result = await deps.database.db.transaction(async (tx) => {
    await ownItem(tx, viewer, body.fromPostId, now);
    let matched = false;
    let allowance: SwipeAllowance | null = null;
    if (body.direction === 'right') {
      allowance = await countRightSwipe(tx, viewer, now);
      matched = (await likeInTx(tx, notices, deps.publicUrl, viewer, body.postId, now)).matched;
    } else {
      await passable(tx, viewer, body.postId, now);
    }
    await tx.execute(
      sql`insert into swipes (user_id, post_id, from_post_id, direction, day, created_at)
        values (${me}, ${body.postId}, ${body.fromPostId}, ${body.direction}, ${swipeDay(now)}, ${now.toISOString()}::timestamptz)
        on conflict (user_id, post_id) do update set from_post_id = excluded.from_post_id, direction = excluded.direction,
          day = excluded.day, created_at = excluded.created_at`,
    );
    return { direction: body.direction, matched, allowance: allowance ?? (await allowanceOf(tx, viewer, now)) };
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

/** The deck for one of my items: the next cards, today's allowance, and whether undo can act. */
export async function deckFor(db: Tx, viewer: Viewer, postId: string, now: Date): Promise<Deck> {
  const mine = await ownItem(db, viewer, postId, now);
  const since = new Date(now.getTime() - UNDO_WINDOW_MS).toISOString();
  const [items, allowance, undo] = await Promise.all([
    dealCards(db, viewer, mine, now),
    allowanceOf(db, viewer, now),
    rowsOf<{ n: number }>(
      db,
      sql`select 1 as n from swipes where user_id = ${viewer.userId} and created_at > ${since}::timestamptz limit 1`,
    ),
  ]);
  const { distanceKm: _d, ...post } = toHit(mine, now);
  return { post, items, allowance, canUndo: undo.length > 0 };
}
