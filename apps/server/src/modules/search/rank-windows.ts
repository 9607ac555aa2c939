import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_RANK_WINDOW } from '@swapu/shared/search';
import type { Database } from '../../db/client';
import { rowsOf } from '../../lib/sql-rows';
import type { RawCardRow } from '../posts/index';
import { andAll, boostedOnly, iso, notBoostedNow, ts } from './search-conditions';
import { cardSelect, cardsFor, type PageRequest, type SearchPage } from './search-pages';
import type { SearchPlan } from './search-plan';
import { MAX_WINDOW_DAYS, MAX_WINDOW_WEEKS, monthsBefore, windowDays, windowMonths, windowWeeks } from './time-lexemes';
import { publishedBetween, type GeoSample } from './position-sample';
import { EARLY_ACCESS_MS } from '@swapu/shared/constants';

/**
 * Relevance: a search with words, sorted "featured", is ranked within windows of the newest
 * matches (decision 0011), so ranking never has to score every match of a common word.
 */

/** ts_rank weights for D, C, B, A: title (A) counts most, then keywords (B), then description (C). */
const RANK_WEIGHTS = '{0.05,0.2,0.5,1.0}';

/**
 * "Featured" with keywords: boosted matches first, then the rest; each ranked by relevance within
 * windows of the SEARCH_RANK_WINDOW newest matches, so ranking never has to score every match of
 * a common word (decision 0011). The window a page came from travels in the cursor.
 */
export async function featuredRanked({ database, p, where, limit, cursor }: PageRequest): Promise<SearchPage> {
  let ph: 'b' | 'n' = cursor?.ph ?? 'b';
  let wb = cursor?.wb;
  let k = cursor?.k;
  const picked: (Candidate & { ph: 'b' | 'n'; wb: [string, string] | undefined })[] = [];
  // The first page reads its first boosted window and its first unboosted one at once.
  let first = ph === 'b' && !wb ? await firstWindows(database, p, where, limit) : null;
  const firstCards = first?.cards;
  const seen = new Map<string, string[]>();
  for (const c of [...(first?.boosted ?? []), ...(first?.unboosted ?? [])]) seen.set(c.id, c.categories);
  for (let guard = 0; guard < 50; guard++) {
    let window: Candidate[];
    if (ph === 'b') window = first && !wb ? first.boosted : await windowCandidates(database, p, boostedOnly(p, where), wb, false);
    else if (first?.unboosted && !wb) window = first.unboosted;
    else window = await windowCandidates(database, p, andAll(where, notBoostedNow(p.now)), wb, true);
    if (ph === 'n') first = null;
    for (const c of window) seen.set(c.id, c.categories);
    const ordered = [...window].sort(byRank);
    const after = k ? ordered.filter((c) => byRank(c, { rank: Number(k![0]), at: String(k![1]), id: String(k![2]) }) > 0) : ordered;
    picked.push(...after.slice(0, limit + 1 - picked.length).map((c) => ({ ...c, ph, wb })));
    if (picked.length > limit) break;
    // This window is used up: the next one starts after its oldest item, if it was full.
    if (window.length >= SEARCH_RANK_WINDOW) {
      const oldest = window.at(-1)!;
      wb = [oldest.at, oldest.id];
      k = undefined;
      continue;
    }
    if (ph === 'b') {
      ph = 'n';
      wb = undefined;
      k = undefined;
      continue;
    }
    break;
  }
  const page = picked.slice(0, limit);
  const ids = page.map((c) => c.id);
  const cards =
    firstCards && ids.every((id) => firstCards.has(id)) ? ids.map((id) => firstCards.get(id)!) : await cardsFor(database, p, ids);
  const last = page.at(-1);
  return {
    rows: cards,
    next:
      picked.length > limit && last
        ? { s: 'featured', ph: last.ph, ...(last.wb ? { wb: last.wb } : {}), k: [last.rank, last.at, last.id] }
        : null,
    seen: [...seen.values()],
  };
}

interface Candidate {
  id: string;
  /** published_at, ISO. */
  at: string;
  rank: number;
  categories: string[];
}

type RankedRow = { id: string; published_at: Date | string; rank: number; categories: string[] };
const toCandidate = (r: RankedRow): Candidate => ({ id: r.id, at: iso(r.published_at), rank: Number(r.rank), categories: r.categories });

/** Relevance order: rank, then newer, then id (all descending). Negative when a comes first. */
function byRank(a: Pick<Candidate, 'id' | 'at' | 'rank'>, b: Pick<Candidate, 'id' | 'at' | 'rank'>): number {
  if (a.rank !== b.rank) return b.rank - a.rank;
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/**
 * Days are not asked first when the fewest of them would hold more than this many rank windows of
 * a word: the planner then walks the newest items (posts_feed_idx), which finds a window of a word
 * most items use after a few hundred rows, where the days' matches would all be read ("pick" at
 * 5,000,000 listings: 0.4 ms walking, 7 ms through two days' 6,800 matches).
 */
export const WALK_ABOVE_WINDOWS = 4;

/**
 * Which recent days or weeks a one-word search's rank windows ask first (SearchPlan.daysFirst,
 * weeksFirst): the fewest days that should hold two windows of the word (`leastMatches` times the
 * position sample's share of items from those days), else the fewest weeks. Days count only the
 * items the viewer sees (early access hides the last 24 hours from all but subscribers and admins),
 * or a guest's first days would hold a third of what the sample promised. A word so common that
 * two days hold more than WALK_ABOVE_WINDOWS windows of it takes weeks, where the planner walks
 * the newest items instead.
 */
export function recentFirst(
  leastMatches: number,
  s: Pick<GeoSample, 'publishedMs' | 'memo'>,
  now: Date,
  early: boolean,
): { daysFirst: number; weeksFirst: number } {
  const wanted = 2 * SEARCH_RANK_WINDOW;
  const none = { daysFirst: 0, weeksFirst: 0 };
  if (leastMatches < wanted || !s.publishedMs.length) return none;
  const share = (recent: number) => (leastMatches * recent) / s.publishedMs.length;
  const until = Math.floor((now.getTime() - (early ? 0 : EARLY_ACCESS_MS)) / 60_000) * 60_000;
  for (let count = 2; count <= MAX_WINDOW_DAYS; count++) {
    const since = windowDays(now, count, now)?.start.getTime();
    if (since === undefined) break;
    const held = share(publishedBetween(s, since, until));
    if (held > WALK_ABOVE_WINDOWS * SEARCH_RANK_WINDOW) break;
    if (held >= wanted) return { daysFirst: count, weeksFirst: 0 };
  }
  for (let count = 2; count <= MAX_WINDOW_WEEKS; count++) {
    const since = windowWeeks(now, count).start.getTime();
    if (share(publishedBetween(s, since)) >= wanted) return { daysFirst: 0, weeksFirst: count };
  }
  return none;
}

/**
 * How many months before the newest months a window asks one at a time when SearchPlan.earlierMonths
 * says they should hold a window: a month's lexeme narrows the GIN scan to its stretch of the table
 * and the window reads that month's matches alone ("vintage sofa": 2 ms and ~60 rows a month,
 * against 5.5 ms and 785 rows fetched for all older matches, at 5,000,000 listings). For a rare
 * word they would only add scans (1.1 ms each, against 1.8 ms for all its older matches).
 */
export const EARLIER_WINDOW_MONTHS = 2;

/**
 * A rank window: the SEARCH_RANK_WINDOW newest matches published before `wb`, newest first, with
 * their rank. Recent matches are asked first through their time lexemes (the last few days when
 * SearchPlan.daysFirst, or weeks when SearchPlan.weeksFirst, then the newest months, then each
 * earlier month when SearchPlan.earlierMonths), so the GIN index intersects the words with the
 * time and a medium word's window costs its recent matches, not all of them; each older part is
 * asked only for the room the newer ones left (a LIMIT of zero never runs its scan). One statement.
 *
 * Each part after the first is a MATERIALIZED CTE, planned for its own LIMIT: under the room-left
 * LIMIT, whose value the planner cannot know, it plans for a tenth of it, and for a rare word then
 * walks posts_feed_idx hoping to meet a few matches soon (1.25 million rows, 2.1 s, for a brand's
 * 114 older matches at 5,000,000 listings) instead of reading its few hundred matches through the
 * search index (decision 0011).
 */
function windowSql(p: SearchPlan, where: SQL, wb: [string, string] | undefined): SQL {
  const tsq = p.text.tsquery!;
  const n = SEARCH_RANK_WINDOW;
  const top = wb ? new Date(wb[0]) : p.now;
  const { months, olderMonth } = windowMonths(top);
  const before = wb ? sql`(posts.published_at, posts.id) < (${ts(wb[0])}, ${wb[1]})` : null;
  const part = (...conditions: SQL[]) => newestRanked(tsq, andAll(where, before, ...conditions), n);
  // The recent days or weeks asked first: days only where every item holds its day lexeme
  // (windowDays; a later page's window may start before that).
  const daysBack = p.daysFirst ? windowDays(top, p.daysFirst, p.now) : null;
  const weeksBack = p.weeksFirst ? windowWeeks(top, p.weeksFirst) : null;
  const recent = daysBack
    ? { lexemes: daysBack.days, start: daysBack.start }
    : weeksBack && { lexemes: weeksBack.weeks, start: weeksBack.start };
  // The parts, newest first; they must not overlap (seven days or four weeks back never reach
  // before the months' start, see MAX_WINDOW_DAYS and MAX_WINDOW_WEEKS).
  const parts: SQL[] = [];
  if (recent && recent.start >= olderMonth) {
    parts.push(part(sql`posts.search_vector @@ ${recent.lexemes}::tsquery`));
    parts.push(part(sql`posts.search_vector @@ ${months}::tsquery`, sql`posts.published_at < ${recent.start.toISOString()}::timestamptz`));
  } else {
    parts.push(part(sql`posts.search_vector @@ ${months}::tsquery`));
  }
  const earlier = p.earlierMonths ? monthsBefore(olderMonth, p.earlierMonths) : [];
  for (const m of earlier) parts.push(part(sql`posts.search_vector @@ ${m.lexeme}::tsquery`));
  parts.push(part(sql`posts.published_at < ${(earlier.at(-1)?.start ?? olderMonth).toISOString()}::timestamptz`));
  return chained(parts, n);
}

/**
 * Window parts newest first, each asked only for the room the ones before it left: `t0` is the
 * first part, `t1`… the next ones (s1… planned on their own, see windowSql).
 */
function chained(parts: SQL[], n: number): SQL {
  const ctes: SQL[] = [sql`t0 as (${parts[0]!})`];
  for (let i = 1; i < parts.length; i++) {
    const taken = sql.join(
      Array.from({ length: i }, (_, j) => sql`(select count(*) from ${sql.raw(`t${j}`)})`),
      sql` - `,
    );
    ctes.push(sql`${sql.raw(`s${i}`)} as materialized (${parts[i]!})`);
    ctes.push(sql`${sql.raw(`t${i}`)} as (select * from ${sql.raw(`s${i}`)} limit (select ${n} - ${taken}))`);
  }
  const all = sql.join(
    parts.map((_, i) => sql`select * from ${sql.raw(`t${i}`)}`),
    sql` union all `,
  );
  return sql`with ${sql.join(ctes, sql`, `)}
    ${all}
    order by published_at desc nulls last, id desc nulls last`;
}

async function windowCandidates(
  database: Database,
  p: SearchPlan,
  where: SQL,
  wb: [string, string] | undefined,
  byTime: boolean,
): Promise<Candidate[]> {
  if (!byTime) {
    const before = wb ? sql`(posts.published_at, posts.id) < (${ts(wb[0])}, ${wb[1]})` : null;
    return (await rowsOf<RankedRow>(database.db, newestRanked(p.text.tsquery!, andAll(where, before), SEARCH_RANK_WINDOW))).map(
      toCandidate,
    );
  }
  return (await rowsOf<RankedRow>(database.db, windowSql(p, where, wb))).map(toCandidate);
}

/**
 * The `n` newest rows matching `where`, with their rank. The rank is computed for those rows alone,
 * after the sort: in the sorted query's own columns it would be computed for every match the sort
 * looked at (decision 0011, "Measurements").
 */
const newestRanked = (tsq: SQL, where: SQL, n: number) =>
  sql`select w.id, w.published_at, w.categories, ts_rank(${RANK_WEIGHTS}::float4[], w.search_vector, ${tsq}) as rank from (
      select posts.id, posts.published_at, posts.categories, posts.search_vector from posts where ${where}
      order by posts.published_at desc nulls last, posts.id desc nulls last limit ${n}) w`;

/**
 * The first page's first boosted window and first unboosted window in one statement (one round
 * trip; each part is planned on its own: a common word's newest matches come from walking an
 * index in date order, a rarer word's from the search index). When the boosted matches fill a
 * window, the unboosted one is not needed for this page.
 */
async function firstWindows(
  database: Database,
  p: SearchPlan,
  where: SQL,
  limit: number,
): Promise<{ boosted: Candidate[]; unboosted: Candidate[] | null; cards: Map<string, RawCardRow> }> {
  // The same statement brings the cards of the rows that lead by rank (boosted first), which are
  // this page's rows: one round trip less. The page itself is still picked by byRank.
  const found = await rowsOf<RankedRow & { b: boolean; card: RawCardRow | null }>(
    database.db,
    sql`with bo as (${newestRanked(p.text.tsquery!, boostedOnly(p, where), SEARCH_RANK_WINDOW)}),
        un as (${windowSql(p, andAll(where, notBoostedNow(p.now)), undefined)}),
        cand as (select *, true as b from bo union all select *, false as b from un),
        lead as (select id from cand order by b desc, rank desc, published_at desc nulls last, id desc nulls last limit ${limit + 1}),
        cards as (select lead.id as card_id, (select row_to_json(x) from (select ${cardSelect(p)}) x) as card
          from lead join posts on posts.id = lead.id)
      select cand.*, cards.card from cand left join cards on cards.card_id = cand.id
      order by cand.b desc, cand.published_at desc nulls last, cand.id desc nulls last`,
  );
  const cards = new Map(found.filter((r) => r.card).map((r) => [r.id, r.card!]));
  const boosted = found.filter((r) => r.b).map(toCandidate);
  if (boosted.length >= SEARCH_RANK_WINDOW) return { boosted, unboosted: null, cards };
  return { boosted, unboosted: found.filter((r) => !r.b).map(toCandidate), cards };
}
