import { desc, eq, max, sql } from 'drizzle-orm';
import type { DeckCard } from '@swapu/shared/engagement';
import type { Tx } from '../../db/client';
import { goalSteps, posts, users } from '../../db/schema/index';
import { rowsOf } from '../../lib/sql-rows';
import { visiblePublishedCondition, type Viewer } from '../../lib/viewer';
import { toHit } from '../posts/index';
import { textArray } from '../search/index';
import { scorePair, scoredColumns, toScored, type ScoredRow } from '../swipe/index';
import { itemTitleKey, stepUpRange } from './goal-progress';
import { ownGoal } from './goals.service';

/** Suggestions shown under a goal. */
export const GOAL_SUGGESTIONS_MAX = 6;
/** Candidates read before scoring (newest first). */
const CANDIDATES_MAX = 200;

type Row = ScoredRow;
const columns = scoredColumns;
const scored = toScored;

/**
 * The goal's current item as the scoring sees it. My own listing when I hold it (the start item,
 * or my listing again of an item I received); otherwise the received item as it was listed, with
 * no wishes of mine and my own place.
 */
async function currentAsMine(db: Tx, userId: string, goalId: string, currentPostId: string, valueCents: number, now: Date) {
  const [current] = await rowsOf<Row>(
    db,
    sql`select ${columns(now)} from posts join users u on u.id = posts.owner_id where posts.id = ${currentPostId}`,
  );
  if (!current) return null;
  let held: Row | undefined = current.owner_id === userId ? current : undefined;
  if (!held) {
    const [moved] = await db
      .select({ at: max(goalSteps.createdAt) })
      .from(goalSteps)
      .where(eq(goalSteps.goalId, goalId));
    const since = moved?.at ?? new Date(0);
    const mine = await rowsOf<Row>(
      db,
      sql`select ${columns(now)} from posts join users u on u.id = posts.owner_id
        where posts.owner_id = ${userId} and posts.state = 'published' and posts.created_at >= ${since.toISOString()}::timestamptz
        order by posts.created_at desc limit 100`,
    );
    held = mine.find((p) => itemTitleKey(p.title) !== '' && itemTitleKey(p.title) === itemTitleKey(current.title));
  }
  const base = scored(held ?? current);
  if (held) return { ...base, valueCents };
  const [me] = await db.select({ lat: users.lat, lng: users.lng }).from(users).where(eq(users.id, userId));
  return { ...base, wishCategories: [], wishKeywords: [], valueCents, lat: me?.lat ?? null, lng: me?.lng ?? null };
}

/**
 * Items within reach that move a goal up (issue 18): others' published items this member may see
 * (early access respected), worth 10–50 % more than the goal's current item, whose owners wish
 * for what that item is (its category, or a wish keyword in its title or keywords). Ranked as the
 * Swap Swipe deck ranks (scorePair), Swap Assist first among equals, then items of the goal's
 * category, then the newest. Nothing for a goal that is not active.
 */
export async function goalSuggestions(db: Tx, viewer: Viewer, goalId: string, now: Date): Promise<{ items: DeckCard[] }> {
  const userId = viewer.userId!;
  const g = await ownGoal(db, userId, goalId);
  if (g.state !== 'active') return { items: [] };
  const [last] = await db
    .select({ value: goalSteps.valueCents })
    .from(goalSteps)
    .where(eq(goalSteps.goalId, g.id))
    .orderBy(desc(goalSteps.createdAt), desc(goalSteps.id))
    .limit(1);
  const [start] = last ? [] : await db.select({ value: posts.cashValueCents }).from(posts).where(eq(posts.id, g.currentPostId));
  const value = last?.value ?? start?.value ?? 0;
  if (value <= 0) return { items: [] };
  const mine = await currentAsMine(db, userId, g.id, g.currentPostId, value, now);
  if (!mine) return { items: [] };
  const range = stepUpRange(value);
  const hay = [mine.title, ...mine.keywords].join(' ').toLowerCase();
  const wanted = mine.categories.length ? sql`posts.wish_categories && ${textArray([...mine.categories])}` : sql`false`;
  const rows = await rowsOf<Row>(
    db,
    sql`select ${columns(now)} from posts join users u on u.id = posts.owner_id
      where ${visiblePublishedCondition(viewer, now)} and posts.owner_id <> ${userId} and u.deleted_at is null
        and posts.cash_value_cents between ${range.min} and ${range.max}
        and (${wanted} or exists (select 1 from unnest(posts.wish_keywords) w
          where btrim(w) <> '' and position(lower(btrim(w)) in ${hay}) > 0))
      order by posts.published_at desc, posts.id desc limit ${CANDIDATES_MAX}`,
  );
  const inGoal = (r: Row) => (g.goalCategory && r.categories.includes(g.goalCategory) ? 1 : 0);
  const cards = rows.map((r) => {
    const s = scorePair(mine, scored(r), now);
    const { distanceKm: _d, ...card } = toHit(r, now);
    return {
      card: { ...card, distanceKm: s.distanceKm, score: s.score, reasons: s.reasons, ownerId: r.owner_id, ownerName: r.owner_name },
      row: r,
    };
  });
  cards.sort(
    (a, b) =>
      b.card.score - a.card.score ||
      Number(b.row.assisted) - Number(a.row.assisted) ||
      inGoal(b.row) - inGoal(a.row) ||
      b.card.publishedAt.localeCompare(a.card.publishedAt) ||
      b.card.id.localeCompare(a.card.id),
  );
  return { items: cards.slice(0, GOAL_SUGGESTIONS_MAX).map((c) => c.card) };
}
