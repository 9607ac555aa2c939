import { storeEvents } from '../analytics/index';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { SEARCH_RANK_WINDOW, hasSearchTerm, type SearchFilters, type SearchQuery, type SearchResult } from '@swapu/shared/search';
import type { Database, Tx } from '../../db/client';
import { errors } from '../../lib/errors';
import { changedRows, rowsOf } from '../../lib/sql-rows';
import { seesEarly, type Viewer } from '../../lib/viewer';
import { toHit } from '../posts/index';
import { estimateWithin, forgetPositionSample, geoSample, publishedBetween, sampleWithin } from './position-sample';
import { EARLIER_WINDOW_MONTHS, featuredRanked, recentFirst } from './rank-windows';
import { monthsBefore, windowMonths } from './time-lexemes';
import { andAll, baseCondition, categoryCondition } from './search-conditions';
import { countAndFacets, onlyWords } from './search-counts';
import { featuredPlain, keysetPage, type PageRequest, type SearchPage } from './search-pages';
import { bestCells, CELLS_BELOW_ITEMS, resolveOrigin } from './search-places';
import type { SearchPlan } from './search-plan';
import { buildTextQuery, forgetWordStats } from './search-text';
import { decodeSearchCursor, encodeSearchCursor } from './search.query';

/**
 * The search planner: validates a search, works out what its SQL needs (words, place, cells,
 * windows), and runs the page and the counts side by side. Each part has its own file: words
 * (search-text), places and cells (search-places, position-sample), conditions, pages, rank
 * windows and counts.
 */

/** Drops the cached sample and word statistics (tests that add many items at once; the next search reloads them). */
export function forgetSearchStats(database: Database) {
  forgetPositionSample(database);
  forgetWordStats(database);
}

/** Ends boosts that ran out (which drops their 'boosted' lexeme). */
export async function clearExpiredBoosts(db: Tx, now: Date): Promise<number> {
  return changedRows(
    db,
    sql`update posts set boosted_until = null where boosted_until is not null and boosted_until <= ${now.toISOString()}::timestamptz`,
  );
}

/** One page in the query's sort: ranked windows for words under "featured", else a keyset. */
function pageOf(q: PageRequest, sort: SearchQuery['sort']): Promise<SearchPage> {
  if (sort === 'featured') return q.p.text.tsquery ? featuredRanked(q) : featuredPlain(q);
  return keysetPage(q, sort);
}

/** What "wants what I have" compares against: the person's own live items. */
async function myWants(db: Tx, userId: string): Promise<{ categories: string[]; keywords: string[] }> {
  const [r] = await rowsOf<{ categories: string[] | null; keywords: string[] | null }>(
    db,
    sql`select array(select distinct unnest(categories) from posts where owner_id = ${userId} and state = 'published') as categories,
      array(select distinct lower(unnest(keywords)) from posts where owner_id = ${userId} and state = 'published') as keywords`,
  );
  return { categories: r?.categories ?? [], keywords: r?.keywords ?? [] };
}

/** Validates a search's filters and works out everything the SQL needs. */
export async function planSearch(
  database: Database,
  viewer: Viewer,
  now: Date,
  filters: SearchFilters,
  opts: { sort?: SearchQuery['sort'] } = {},
): Promise<SearchPlan> {
  if (!hasSearchTerm(filters)) throw errors.badRequest('search_term_required');
  if ((filters.lat === undefined) !== (filters.lng === undefined)) throw errors.badRequest('data_invalid', { lat: 'both' });
  if (filters.minCents !== undefined && filters.maxCents !== undefined && filters.minCents > filters.maxCents) {
    throw errors.badRequest('data_invalid', { minCents: 'range' });
  }
  if (filters.wantsMine && !viewer.userId) throw errors.unauthorized('login_required');
  const [text, origin, mine] = await Promise.all([
    buildTextQuery(database, filters.q),
    resolveOrigin(database.db, viewer, filters),
    filters.wantsMine ? myWants(database.db, viewer.userId!) : Promise.resolve(null),
  ]);
  if ((filters.radiusKm !== undefined || opts.sort === 'closest') && !origin) {
    throw errors.badRequest('address_invalid', { near: 'address_invalid' });
  }
  let radiusItems: number | undefined;
  let radiusCells: string | null = null;
  let boostedCells: string | null = null;
  let fewInPlace = false;
  if (filters.radiusKm !== undefined && origin) {
    radiusItems = await estimateWithin(database, origin, filters.radiusKm);
    const others = !!text.tsquery || !!filters.category?.length;
    // Cells narrow the words or categories, or a radius holding few items (see baseCondition).
    if (others || !!mine || radiusItems < CELLS_BELOW_ITEMS) radiusCells = await bestCells(database, origin, filters.radiusKm, !others);
    fewInPlace = !!radiusCells && !others && !mine;
    boostedCells = radiusCells && others ? radiusCells : await bestCells(database, origin, filters.radiusKm, false);
  }
  // Only stop words ("the") and nothing else to go on: nothing to search for.
  if (!text.tsquery && !filters.category?.length && filters.radiusKm === undefined && !filters.wantsMine) {
    throw errors.badRequest('search_term_required');
  }
  // A word enough items use that the last few days or weeks should hold two windows of it.
  const { daysFirst, weeksFirst } =
    text.leastMatches !== null && text.leastMatches >= 2 * SEARCH_RANK_WINDOW && onlyWords({ text, filters, mine })
      ? recentFirst(text.leastMatches, await geoSample(database), now, seesEarly(viewer))
      : { daysFirst: 0, weeksFirst: 0 };
  // Words whose matches the newest months and the two before should hold a window of: a window
  // asks those months one at a time before the rest of the table (see windowSql).
  let earlierMonths = 0;
  if (text.tsquery && !weeksFirst && !daysFirst && text.estimatedMatches >= SEARCH_RANK_WINDOW) {
    const s = await geoSample(database);
    const since = monthsBefore(windowMonths(now).olderMonth, EARLIER_WINDOW_MONTHS).at(-1)!.start.getTime();
    const recent = publishedBetween(s, since);
    const inPlace =
      filters.radiusKm !== undefined && origin ? sampleWithin(s, origin, filters.radiusKm).length / Math.max(1, s.lat.length) : 1;
    if ((text.estimatedMatches * inPlace * recent) / Math.max(1, s.publishedMs.length) >= SEARCH_RANK_WINDOW)
      earlierMonths = EARLIER_WINDOW_MONTHS;
  }
  return {
    viewer,
    now,
    filters,
    text,
    origin,
    mine,
    radiusItems,
    radiusCells,
    boostedCells,
    fewInPlace,
    weeksFirst,
    daysFirst,
    earlierMonths,
  };
}

export async function search(
  database: Database,
  viewer: Viewer,
  now: Date,
  query: SearchQuery,
  /** How analytics name a member (events.service memberHash); without it the event names nobody. */
  hashMember?: (userId: string) => string,
): Promise<SearchResult> {
  const started = performance.now();
  const cursor = query.cursor ? decodeSearchCursor(query.cursor, query.sort) : undefined;
  const plan = await planSearch(database, viewer, now, query, { sort: query.sort });
  const where = andAll(baseCondition(plan), categoryCondition(plan), query.sort === 'lowest_price' ? sql`posts.open_to_selling` : null);
  const paged = pageOf({ database, p: plan, where, limit: query.limit, cursor }, query.sort);
  const [result, counts] = await Promise.all([
    paged,
    // Counts belong to the first page; later pages keep the first page's figures.
    cursor
      ? Promise.resolve(null)
      : countAndFacets(
          database,
          { ...plan, filters: query.sort === 'lowest_price' ? { ...plan.filters, openToSelling: true } : plan.filters },
          async () => (await paged).seen,
        ),
  ]);
  const items = result.rows.map((r) => toHit(r, now));
  if (!cursor && counts && counts.total === 0) {
    await storeEvents(
      database.db,
      [
        {
          name: 'search_no_results',
          sessionId: null,
          userHash: viewer.userId && hashMember ? hashMember(viewer.userId) : null,
          path: null,
          props: { q: query.q ?? null, category: query.category ?? [], radiusKm: query.radiusKm ?? null, sort: query.sort },
          at: now,
        },
      ],
      now,
    );
  }
  return {
    items,
    nextCursor: result.next ? encodeSearchCursor(result.next) : null,
    total: counts?.total ?? -1,
    totalExact: counts?.totalExact ?? true,
    facets: counts?.facets ?? [],
    facetsExact: counts?.facetsExact ?? true,
    corrections: plan.text.corrections,
    origin: plan.origin,
    tookMs: Math.round((performance.now() - started) * 100) / 100,
  };
}
