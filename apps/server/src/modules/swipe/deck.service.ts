import { sql, type SQL } from 'drizzle-orm';
import {
  DECK_SIZE,
  SIMILAR_VALUE_RATIO,
  SWIPE_PASS_DAYS,
  type DeckCard,
  type Pairing,
  type SampleDeck,
  type SwipeReason,
} from '@swapu/shared/engagement';
import type { PostCard } from '@swapu/shared/api';
import { EARLY_ACCESS_MS } from '@swapu/shared/constants';
import type { Tx } from '../../db/client';
import { AppError, errors } from '../../lib/errors';
import { rowsOf } from '../../lib/sql-rows';
import { GUEST, seesEarly, visiblePublishedCondition, type Viewer } from '../../lib/viewer';
import { assistedSql } from '../assist/index';
import { cardColumnsSql, toHit, type RawCardRow } from '../posts/index';
import { windowWeeks, textArray } from '../search/index';
import { FRESH_DAYS, scorePair, type ScoredItem } from './score';

/**
 * The Swap Swipe deck (issue 18, decision 0026). Candidates come from a few index-backed sources
 * — items in my item's wish categories, items whose owners wish for my item's categories, my wish
 * keywords, the nearest items, items of similar value, the newest — each capped, so a deck costs
 * the same at a million listings as at a thousand. They are then ranked by `scorePair`, Swap
 * Assist first among equal scores, then the newest.
 */

/** Candidates per source. */
const PER_SOURCE = 60;

/** A listing with what the card shows and what scoring reads. */
export type ScoredRow = RawCardRow & {
  owner_id: string;
  owner_name: string;
  keywords: string[];
  wish_categories: string[];
  wish_keywords: string[];
  lat: number | null;
  lng: number | null;
  assisted: boolean;
};

/** The columns of a ScoredRow over `posts` joined to its owner as `u` (the deck and goal suggestions). */
export const scoredColumns = (now: Date) => sql`${cardColumnsSql(null)}, posts.owner_id, u.display_name as owner_name, posts.keywords,
  posts.wish_categories, posts.wish_keywords, posts.lat, posts.lng, ${assistedSql(sql`posts`, now)} as assisted`;

/** What the deck's ranking reads of a candidate (no card yet). */
export type Candidate = Pick<
  ScoredRow,
  | 'id'
  | 'title'
  | 'categories'
  | 'keywords'
  | 'wish_categories'
  | 'wish_keywords'
  | 'cash_value_cents'
  | 'lat'
  | 'lng'
  | 'published_at'
  | 'assisted'
>;

export function toScored(r: Candidate): ScoredItem {
  return {
    id: r.id,
    title: r.title,
    categories: r.categories,
    keywords: r.keywords,
    wishCategories: r.wish_categories,
    wishKeywords: r.wish_keywords,
    valueCents: r.cash_value_cents ?? 0,
    lat: r.lat,
    lng: r.lng,
    publishedAt: new Date(r.published_at),
  };
}

/** Scored rows of these ids, as far as `visible` allows. */
export async function loadScored(db: Tx, ids: string[], visible: SQL, now: Date): Promise<ScoredRow[]> {
  if (ids.length === 0) return [];
  return rowsOf<ScoredRow>(
    db,
    sql`select ${scoredColumns(now)} from posts join users u on u.id = posts.owner_id
      where posts.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and ${visible}`,
  );
}

/** A card for `theirs` as seen from `mine`; without one (the guests' sample) only its freshness speaks. */
export function deckCard(theirs: ScoredRow, mine: ScoredRow | null, now: Date): DeckCard & { assisted: boolean } {
  const { distanceKm: _d, ...card } = toHit(theirs, now);
  const scored = mine ? scorePair(toScored(mine), toScored(theirs), now) : { score: 0, reasons: freshness(theirs, now), distanceKm: null };
  return {
    ...card,
    distanceKm: scored.distanceKm,
    score: scored.score,
    reasons: scored.reasons,
    ownerId: theirs.owner_id,
    ownerName: theirs.owner_name,
    assisted: theirs.assisted,
  };
}

const freshness = (r: ScoredRow, now: Date): SwipeReason[] =>
  now.getTime() - new Date(r.published_at).getTime() <= FRESH_DAYS * 86_400_000 ? [{ kind: 'fresh' }] : [];

/** Best score first; Swap Assist first among equal scores (modules/assist/ranking.ts); then the newest. */
type Ranked = { score: number; assisted: boolean; publishedAt: string; id: string };
export const byRank = (a: Ranked, b: Ranked) =>
  b.score - a.score || Number(b.assisted) - Number(a.assisted) || b.publishedAt.localeCompare(a.publishedAt) || b.id.localeCompare(a.id);

const stripAssisted = ({ assisted: _a, ...card }: DeckCard & { assisted: boolean }): DeckCard => card;

/**
 * The member's own published item the deck is for: someone else's item, or one not published,
 * is refused ('swipe_own_post'); an unknown id is not found.
 */
export async function ownItem(db: Tx, viewer: Viewer, postId: string, now: Date): Promise<ScoredRow> {
  const [row] = await rowsOf<ScoredRow & { state: string }>(
    db,
    sql`select ${scoredColumns(now)} from posts join users u on u.id = posts.owner_id where posts.id = ${postId}`,
  );
  if (!row) throw errors.notFound();
  if (row.owner_id !== viewer.userId || row.state !== 'published') throw new AppError(403, 'swipe_own_post');
  return row;
}

/**
 * What a member may be dealt, as far as the listing itself says: visible to them, not theirs.
 * Outside early access that means published a day ago or more (their own items, which early
 * access lets them see, are never dealt): said as a bound on published_at too, so that a walk of
 * posts_feed_idx starts a day down instead of reading the day's listings one by one.
 */
function shown(viewer: Viewer, now: Date): SQL {
  const early = seesEarly(viewer)
    ? sql``
    : sql` and posts.published_at <= ${new Date(now.getTime() - EARLY_ACCESS_MS).toISOString()}::timestamptz`;
  return sql`${visiblePublishedCondition(viewer, now)} and posts.owner_id <> ${viewer.userId!}${early}`;
}

/**
 * The member's swipes that keep a card out of the deck (every right swipe, the passes of the last
 * 30 days): read once per deck, as the `swiped` part of the candidates' statement.
 */
function swipedSql(viewer: Viewer, now: Date): SQL {
  const passedSince = new Date(now.getTime() - SWIPE_PASS_DAYS * 86_400_000).toISOString();
  return sql`select s.post_id from swipes s where s.user_id = ${viewer.userId!}
    and (s.direction = 'right' or s.created_at > ${passedSince}::timestamptz)`;
}

/**
 * And as far as the member's history says: not in `swiped` (looked up in a hash of it), not liked
 * (a probe of post_likes_post_liker_uq for each row a source reads; OFFSET 0 keeps it a probe: as
 * a join, for a member with few likes, the planner may scan the whole index, none leading with
 * liked_by_id, once per source). A probe of swipes instead picks its index from the statistics,
 * and for a member who swiped since the last ANALYZE it may be swipes_user_time_idx, reading all
 * their recent swipes for every row.
 */
function unseen(viewer: Viewer, id: SQL): SQL {
  return sql`${id} not in (select post_id from swiped)
    and not exists (select 1 from post_likes l where l.post_id = ${id} and l.liked_by_id = ${viewer.userId!} offset 0)`;
}

/** Newest first, NULLS LAST as posts_feed_idx is built: otherwise PostgreSQL cannot walk the index. */
const NEWEST = sql`posts.published_at desc nulls last, posts.id desc nulls last`;

/** The weeks a search-index source reads first (then the months, then the rest; see candidateIds). */
const RECENT_WEEKS = 2;

/**
 * Value buckets (migration 0027): a listing's search vector holds 'vb' + floor(ln(cents) / ln(1.1)),
 * one bucket per 10 % of value. The buckets a range of values falls in, widened by a hair so that
 * a value sitting on a bucket's edge, which float rounding here and in PostgreSQL might put on
 * either side, is never left out (the range itself is checked on the rows).
 */
export const VALUE_BUCKET_BASE = 1.1;
export function valueBuckets(lowCents: number, highCents: number): number[] {
  const at = (c: number) => Math.log(Math.max(1, c)) / Math.log(VALUE_BUCKET_BASE);
  const out: number[] = [];
  for (let b = Math.max(0, Math.floor(at(lowCents) - 1e-9)); b <= Math.floor(at(highCents) + 1e-9); b++) out.push(b);
  return out;
}

/** "Any of these", said with the search vector's D-weight lexemes ('cat…', 'wcat…', 'vb…'). */
function lexemesSql(prefix: string, values: string[]): SQL {
  const words = values.map((v) => `'${prefix}${v.replace(/-/g, '').replace(/['\\]/g, '\\$&')}'`);
  return sql`posts.search_vector @@ ${words.join(' | ')}::tsquery`;
}

const monthLexeme = (d: Date) => `'pm${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}'`;

/**
 * The candidate ids for `mine`: each source capped at PER_SOURCE, all through an index, in one
 * statement (measured with `npm run bench:swipe`: 1,000,000 listings, 1,000,000 likes).
 *
 * - Every ordered source says NULLS LAST, as posts_feed_idx is built, so that it can walk the
 *   index (without it each source sorted all its matches: seconds at a million listings).
 * - The member's swipes are read once (`swiped`); sources look rows up in a hash of them.
 * - The sources the search index can answer (my wish categories, as its 'cat…' lexemes, and my
 *   wish keywords) go back in time in windows, as search's rank windows do (decision 0011): the
 *   matches of the last RECENT_WEEKS weeks, then those of this month and the last, each found
 *   inside the search index through the week and month lexemes, sorted, and checked against the
 *   member's history newest first until the source is full; only for the room those left, the
 *   older matches (a LIMIT of zero never runs its scan). Walking posts_feed_idx from the top
 *   instead reads every listing above the PER_SOURCE-th dealable match: for a member who has
 *   swiped through the top of a popular category, tens of thousands of rows (the planner cannot
 *   know; OFFSET 0 holds it to the window). The ids are those of one ordered query per source:
 *   nothing is published after `now`, and the lexemes cover every day since the windows' start.
 */
async function candidates(db: Tx, viewer: Viewer, mine: ScoredRow, now: Date): Promise<Candidate[]> {
  const listed = shown(viewer, now);
  const ok = sql`${listed} and ${unseen(viewer, sql`posts.id`)}`;
  const { weeks, start: weeksStart } = windowWeeks(now, RECENT_WEEKS);
  const monthsStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const months = [now, monthsStart].map(monthLexeme).join(' | ');
  const parts: SQL[] = [];
  const add = (query: SQL) => {
    const name = sql.raw(`c${parts.length}`);
    parts.push(sql`${name} as (${query})`);
    return name;
  };
  const newest = (match: SQL) => add(sql`select posts.id from posts where ${ok} and ${match} order by ${NEWEST} limit ${PER_SOURCE}`);
  /**
   * `match`, which `lexemes` says through the search index: by windows back in time. `rowCheck`
   * is what the lexemes say only roughly (a value range, said by its buckets), checked on the
   * window's rows; written so that the planner does not AND in another index for it (a bitmap of
   * every listing in a category costs more than the window it would narrow).
   */
  const byWindows = (match: SQL, lexemes: SQL, rowCheck: SQL = sql`true`) => {
    const windowed = (when: SQL, room: SQL) =>
      add(sql`select w.id from (select posts.id from posts where ${listed} and ${lexemes} and ${rowCheck} and ${when} order by ${NEWEST} offset 0) w
        where ${unseen(viewer, sql`w.id`)} limit ${room}`);
    const lastWeeks = windowed(sql`posts.search_vector @@ ${weeks}::tsquery`, sql`${PER_SOURCE}`);
    const lastMonths = windowed(
      sql`posts.search_vector @@ ${months}::tsquery and posts.published_at < ${weeksStart.toISOString()}::timestamptz`,
      sql`(select ${PER_SOURCE} - count(*) from ${lastWeeks})`,
    );
    add(sql`select posts.id from posts where ${ok} and ${match} and posts.published_at < ${monthsStart.toISOString()}::timestamptz
      order by ${NEWEST} limit (select ${PER_SOURCE} - (select count(*) from ${lastWeeks}) - count(*) from ${lastMonths})`);
  };
  if (mine.wish_categories.length)
    byWindows(sql`posts.categories && ${textArray(mine.wish_categories)}`, lexemesSql('cat', mine.wish_categories));
  if (mine.categories.length) byWindows(sql`posts.wish_categories && ${textArray(mine.categories)}`, lexemesSql('wcat', mine.categories));
  const words = mine.wish_keywords
    .map((k) => k.trim())
    .filter(Boolean)
    .slice(0, 10);
  if (words.length) {
    const match = sql`posts.search_vector @@ (${sql.join(
      words.map((w) => sql`plainto_tsquery('english'::regconfig, ${w})`),
      sql` || `,
    )})`;
    byWindows(match, match);
  }
  if (mine.lat !== null && mine.lng !== null)
    add(sql`select posts.id from posts where ${ok} and posts.earth_pt is not null
      order by posts.earth_pt <-> ll_to_earth(${mine.lat}::float8, ${mine.lng}::float8) limit ${PER_SOURCE}`);
  const value = mine.cash_value_cents ?? 0;
  if (value > 0) {
    const low = Math.max(1, Math.floor(value * (1 - SIMILAR_VALUE_RATIO)));
    const high = Math.ceil(value * (1 + SIMILAR_VALUE_RATIO));
    byWindows(
      sql`posts.cash_value_cents between ${low} and ${high}`,
      lexemesSql('vb', valueBuckets(low, high).map(String)),
      // `+ 0`: an expression, so checked on the rows, never through posts_price_idx.
      sql`posts.cash_value_cents + 0 between ${low} and ${high}`,
    );
  }
  newest(sql`true`);
  // What scoring reads of each candidate, in the same statement; the card (photo, owner) only for the dealt ones.
  return rowsOf<Candidate>(
    db,
    sql`with swiped as materialized (${swipedSql(viewer, now)}), ${sql.join(parts, sql`, `)}
      select posts.id, posts.title, posts.categories, posts.keywords, posts.wish_categories, posts.wish_keywords,
        posts.cash_value_cents, posts.lat, posts.lng, posts.published_at, ${assistedSql(sql`posts`, now)} as assisted
      from posts where posts.id in (${sql.join(
        parts.map((_, i) => sql`select id from ${sql.raw(`c${i}`)}`),
        sql` union all `,
      )})`,
  );
}

/**
 * How long a ranked deck is dealt from before it is ranked again: listings published since, and
 * changes in Swap Assist or freshness, reach the deck within this. What was swiped, liked, sold
 * or hidden since leaves it at once (checked on every deal).
 */
export const DECK_TTL_MS = 10 * 60_000;

/** How many decks' worth of the kept deck's first ids a deal looks at before it looks at all of them. */
const DEAL_HEAD = 3;

/** Every candidate for `mine`, ranked on what scoring reads, best first. */
async function rankedIds(db: Tx, viewer: Viewer, mine: ScoredRow, now: Date): Promise<string[]> {
  const from = toScored(mine);
  return (await candidates(db, viewer, mine, now))
    .map((c) => ({
      id: c.id,
      score: scorePair(from, toScored(c), now).score,
      assisted: c.assisted,
      publishedAt: new Date(c.published_at).toISOString(),
    }))
    .sort(byRank)
    .map((r) => r.id);
}

/**
 * The next `size` cards of the member's ranked deck for `mine` (swipe_decks), in rank order: only
 * those still dealable (visible, not theirs, not swiped, not liked). None when the deck is older
 * than DECK_TTL_MS or was ranked for an earlier version of the item. `head` limits the look to
 * the deck's first ids: PostgreSQL cannot know that unnest() gives them in order, so it checks
 * every id it is given before it sorts; the cards' columns are read for the dealt ones only.
 */
async function dealtFromDeck(db: Tx, viewer: Viewer, mine: ScoredRow, now: Date, size: number, head: number | null): Promise<ScoredRow[]> {
  const me = viewer.userId!;
  const passedSince = new Date(now.getTime() - SWIPE_PASS_DAYS * 86_400_000).toISOString();
  const builtSince = new Date(now.getTime() - DECK_TTL_MS).toISOString();
  const ids = head === null ? sql`sd.post_ids` : sql`sd.post_ids[1:${head}]`;
  return rowsOf<ScoredRow>(
    db,
    sql`select ${scoredColumns(now)} from (
        select d.id, d.ord from swipe_decks sd cross join lateral unnest(${ids}) with ordinality as d(id, ord) join posts on posts.id = d.id
        where sd.user_id = ${me} and sd.from_post_id = ${mine.id}
          and sd.built_at > ${builtSince}::timestamptz and sd.built_at <= ${now.toISOString()}::timestamptz
          and sd.item_updated_at = (select p.updated_at from posts p where p.id = ${mine.id})
          and ${shown(viewer, now)}
          and not exists (select 1 from swipes s where s.user_id = ${me} and s.post_id = d.id
            and (s.direction = 'right' or s.created_at > ${passedSince}::timestamptz))
          and not exists (select 1 from post_likes l where l.post_id = d.id and l.liked_by_id = ${me})
        order by d.ord limit ${size}
      ) dealt join posts on posts.id = dealt.id join users u on u.id = posts.owner_id
      order by dealt.ord`,
  );
}

/** Keeps `ids` as the member's ranked deck for `mine`, ranked now for the item as it is. */
async function keepDeck(db: Tx, viewer: Viewer, mine: ScoredRow, ids: string[], now: Date): Promise<void> {
  await db.execute(
    sql`insert into swipe_decks (user_id, from_post_id, post_ids, item_updated_at, built_at)
      select ${viewer.userId!}, p.id, ${textArray(ids)}, p.updated_at, ${now.toISOString()}::timestamptz from posts p where p.id = ${mine.id}
      on conflict (user_id, from_post_id) do update set post_ids = excluded.post_ids,
        item_updated_at = excluded.item_updated_at, built_at = excluded.built_at`,
  );
}

/**
 * The next cards for my item, best first. Ranking every candidate is the costly part of a deck
 * (a statement over the index-backed sources), so it is done once and kept (swipe_decks): later
 * decks deal the next cards from it, skipping what was swiped, liked or hidden since. The deck
 * is ranked again when it is older than DECK_TTL_MS, when the item changed, or when fewer than
 * `size` of its cards are left; then the cards of the best `size` are loaded for those alone.
 */
export async function dealCards(db: Tx, viewer: Viewer, mine: ScoredRow, now: Date, size = DECK_SIZE): Promise<DeckCard[]> {
  // The deck's head holds the next cards unless this session swiped through most of it.
  let rows = await dealtFromDeck(db, viewer, mine, now, size, DEAL_HEAD * size);
  if (rows.length < size) rows = await dealtFromDeck(db, viewer, mine, now, size, null);
  if (rows.length < size) {
    const ids = await rankedIds(db, viewer, mine, now);
    await keepDeck(db, viewer, mine, ids, now);
    const top = ids.slice(0, size);
    const order = new Map(top.map((id, i) => [id, i]));
    rows = (await loadScored(db, top, sql`true`, now)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }
  return rows.map((r) => stripAssisted(deckCard(r, mine, now)));
}

/** The guests' live sample deck on /swap-swipe: the newest public items with a photo. */
export async function sampleDeck(db: Tx, now: Date): Promise<SampleDeck> {
  const rows = await rowsOf<ScoredRow>(
    db,
    sql`select ${scoredColumns(now)} from posts join users u on u.id = posts.owner_id
      where ${visiblePublishedCondition(GUEST, now)} and exists (select 1 from post_images pi where pi.post_id = posts.id)
      order by posts.published_at desc, posts.id desc limit ${DECK_SIZE}`,
  );
  return { items: rows.map((r) => stripAssisted(deckCard(r, null, now))) };
}

/** One pairing, my item against a suggested one: public, so both must be visible to the viewer. */
export async function pairing(db: Tx, viewer: Viewer, postId: string, counterId: string, now: Date): Promise<Pairing> {
  const rows = await loadScored(db, [postId, counterId], visiblePublishedCondition(viewer, now), now);
  const mine = rows.find((r) => r.id === postId);
  const theirs = rows.find((r) => r.id === counterId);
  if (!mine || !theirs || postId === counterId) throw errors.notFound();
  const { distanceKm: _d, ...post } = toHit(mine, now);
  return { post: post satisfies PostCard, counter: stripAssisted(deckCard(theirs, mine, now)) };
}
