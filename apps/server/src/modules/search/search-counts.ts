import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_TOTAL_CAP, type SearchResult } from '@swapu/shared/search';
import type { Database } from '../../db/client';
import { rowsOf } from '../../lib/sql-rows';
import { geoSample, memo, publishedBetween, sampleWithin, type GeoSample } from './position-sample';
import { baseCondition, categoryCondition, textArray } from './search-conditions';
import type { SearchPlan } from './search-plan';
import { monthsBefore, windowMonths } from './time-lexemes';

/** Totals and facets: counted exactly up to SEARCH_TOTAL_CAP, never over every match. */

type Counts = Pick<SearchResult, 'total' | 'totalExact' | 'facets' | 'facetsExact'>;

/** The planner's estimate of the rows matching `where`. */
export async function plannedRows(database: Database, where: SQL): Promise<number | null> {
  const [plan] = await rowsOf<{ 'QUERY PLAN': unknown }>(database.db, sql`explain (format json) select 1 from posts where ${where}`);
  const raw = plan?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return parsed[0]?.Plan['Plan Rows'] ?? null;
}

/** Words and nothing else: no category, place, "wants what I have" or other filter. */
export function onlyWords(p: Pick<SearchPlan, 'text' | 'filters' | 'mine'>): boolean {
  return !!p.text.tsquery && !p.filters.category?.length && p.filters.radiusKm === undefined && noOtherFilters(p);
}

/** No filter beyond words, categories and a place: condition, value, delivery, selling, "wants what I have". */
function noOtherFilters(p: Pick<SearchPlan, 'filters' | 'mine'>): boolean {
  const f = p.filters;
  return (
    !p.mine &&
    !f.condition?.length &&
    f.minCents === undefined &&
    f.maxCents === undefined &&
    !f.delivery &&
    !f.openToSelling &&
    !f.openToSwapAnything
  );
}

/** A words-only search the statistics say matches this many items or more is surely "500+". */
const SURELY_MORE_THAN_CAP = 5 * SEARCH_TOTAL_CAP;

/**
 * Totals and facets of a search that is one word the column statistics (or, for a corrected typo,
 * the word list) say far more than SEARCH_TOTAL_CAP items use: at five times the cap the
 * estimate would have to be five times too high. Counting 501 of a medium word's matches means
 * building a bitmap of all of them; instead the total is "500+" and the facets come from
 * the matches the page looked at (its rank windows), scaled.
 */
async function estimatedWordCounts(database: Database, p: SearchPlan, pageSeen: () => Promise<string[][]>): Promise<Counts | null> {
  if (!onlyWords(p)) return null;
  const estimated = p.text.leastMatches;
  if (estimated === null || estimated < SURELY_MORE_THAN_CAP) return null;
  const seen = await pageSeen();
  if (!seen.length) return null;
  const perCategory = new Map<string, number>();
  for (const cats of seen) for (const c of cats) perCategory.set(c, (perCategory.get(c) ?? 0) + 1);
  const scale = estimated / seen.length;
  const facets = [...perCategory]
    .map(([slug, n]) => ({ slug, count: Math.round(n * scale) }))
    .sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug));
  return { total: SEARCH_TOTAL_CAP, totalExact: false, facets, facetsExact: false };
}

export async function countAndFacets(database: Database, p: SearchPlan, pageSeen: () => Promise<string[][]>): Promise<Counts> {
  const sampled = (await sampledCounts(database, p)) ?? (await estimatedWordCounts(database, p, pageSeen));
  if (sampled) return sampled;
  const base = baseCondition(p);
  const cat = categoryCondition(p);
  const cap = SEARCH_TOTAL_CAP;
  // One read serves the facets (every category, the category filter ignored) and, when the
  // filter's categories are most of what the rest matches (a word's own category, usually), the
  // total too: up to twice the cap is read so that the filtered count can reach "500+" within
  // it, and the read stops as soon as it has (a running count whose run condition ends the scan).
  // Rows are told in or out of the filter by their categories array: testing the category lexeme
  // would unpack each row's search vector (decision 0011, "Measurements").
  const limit = cat ? 2 * (cap + 1) : cap + 1;
  const inCat = cat ? sql`(posts.categories && ${textArray(p.filters.category!)})` : null;
  const matches = countedMatches(p, base, inCat, await newestMonthsHoldEnough(database, p));
  const read = inCat
    ? sql`select categories, in_cat from (
        select m.categories, m.in_cat,
          count(*) filter (where m.in_cat) over (rows between unbounded preceding and current row) as seen
        from ${matches} m) w
      where seen <= ${cap + 1} limit ${limit}`
    : sql`select m.categories, m.in_cat from ${matches} m limit ${limit}`;
  const facetRows = await rowsOf<{ slug: string | null; n: number; n_cat: number }>(
    database.db,
    sql`with s as (${read})
      select null::text as slug, count(*)::int as n, (count(*) filter (where in_cat))::int as n_cat from s
      union all
      select slug, count(*)::int as n, 0 as n_cat from s cross join lateral unnest(s.categories) as slug group by slug`,
  );
  const head = facetRows.find((r) => r.slug === null);
  const sample = head?.n ?? 0;
  let total = cat ? (head?.n_cat ?? 0) : sample;
  // Every match was read, unless the read stopped at the limit or at "500+" in the filter.
  const exhausted = sample < limit && !(cat && total > cap);
  if (cat && !exhausted && total <= cap) {
    // The filter's categories are a minority of the matches: count them on their own.
    const [c] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from (select 1 from posts where ${base} and ${cat} limit ${cap + 1}) s`,
    );
    total = c?.n ?? 0;
  }
  const facets = facetRows
    .filter((r): r is { slug: string; n: number; n_cat: number } => r.slug !== null)
    .map((r) => ({ slug: r.slug, count: r.n }))
    .sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug));
  return { total: Math.min(total, cap), totalExact: total <= cap, facets, facetsExact: exhausted };
}

/**
 * The rows a count reads (their categories, and whether they are in the category filter). When the
 * newest months should hold a good part of "500+" (a third at least), their matches come first,
 * then those of each of the two months before, then the rest of the table: the read stops at
 * "500+", and a part it no longer needs never runs its scan. Rows are stored roughly in the order
 * they went live, so a month's lexeme narrows the GIN scan to one stretch of the table: "guitar"
 * within 50 km of Sydney counted to "500+" in 6 ms among the newest months against 26 ms over the
 * whole table at 5,000,000 listings, and "tent" within 25 km of Melbourne, which needs the month
 * before as well, in about 11 ms against 15. A month costs about 5 ms there whatever it holds
 * (its lexeme's own list is read), so when the newest months should hold few of the matches
 * they would only add to the whole table's scan (two medium words: 2.8 ms more on 5 ms), and the
 * matches are read in one scan (decision 0011, "Measurements").
 */
function countedMatches(p: SearchPlan, base: SQL, inCat: SQL | null, byMonths: boolean): SQL {
  const cols = sql`posts.categories, ${inCat ?? sql`true`} as in_cat`;
  if (!byMonths) return sql`(select ${cols} from posts where ${base})`;
  const { months, olderMonth } = windowMonths(p.now);
  const earlier = monthsBefore(olderMonth, EARLIER_MONTHS);
  const parts = [
    sql`(select ${cols} from posts where ${base} and posts.search_vector @@ ${months}::tsquery)`,
    ...earlier.map((m) => sql`(select ${cols} from posts where ${base} and posts.search_vector @@ ${m.lexeme}::tsquery)`),
    sql`(select ${cols} from posts where ${base} and posts.published_at < ${earlier.at(-1)!.start.toISOString()}::timestamptz)`,
  ];
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/** The months before the newest months a count asks one at a time before the rest of the table. */
const EARLIER_MONTHS = 2;

/**
 * Whether the newest months (windowMonths) should hold a third of SEARCH_TOTAL_CAP or more: the
 * words' estimated matches, times the share of the position sample inside the radius and
 * published in those months. Then those months and the two before should hold "500+".
 */
async function newestMonthsHoldEnough(database: Database, p: SearchPlan): Promise<boolean> {
  const wanted = SEARCH_TOTAL_CAP / (1 + EARLIER_MONTHS);
  if (!p.text.tsquery || p.text.estimatedMatches <= wanted) return false;
  const s = await geoSample(database);
  if (!s.publishedMs.length) return false;
  const since = windowMonths(p.now).olderMonth.getTime();
  const recent = publishedBetween(s, since) / s.publishedMs.length;
  const f = p.filters;
  const inPlace = f.radiusKm !== undefined && p.origin ? sampleWithin(s, p.origin, f.radiusKm).length / s.lat.length : 1;
  return p.text.estimatedMatches * inPlace * recent > wanted;
}

/**
 * Totals and facets of a search that is only a radius and/or categories holding far more than
 * SEARCH_TOTAL_CAP items, estimated from the position sample instead of read: counting 501 of
 * them means reading a whole city's rows, or building a bitmap of a whole category, to say "500+".
 */
async function sampledCounts(database: Database, p: SearchPlan): Promise<Counts | null> {
  const f = p.filters;
  const onlyPlaceOrCategory = (f.radiusKm !== undefined || !!f.category?.length) && !p.text.tsquery && noOtherFilters(p);
  if (!onlyPlaceOrCategory) return null;
  if (f.radiusKm !== undefined && (!p.origin || (p.radiusItems ?? 0) < 3 * SEARCH_TOTAL_CAP)) return null;
  const s = await geoSample(database);
  // Worked out once per place and categories for this sample: the loops over its 20,000 points
  // took 1–2 ms of the event loop on every such search.
  const place = f.radiusKm !== undefined ? `${p.origin!.lat}:${p.origin!.lng}:${f.radiusKm}` : 'all';
  return memo(s, `counts:${place}:${[...(f.category ?? [])].sort().join(',')}`, () => sampleCounts(s, p));
}

function sampleCounts(s: GeoSample, p: SearchPlan): Counts | null {
  const f = p.filters;
  const inside = f.radiusKm !== undefined ? sampleWithin(s, p.origin!, f.radiusKm) : s.categories.map((_, i) => i);
  const wanted = new Set<string>(f.category ?? []);
  const matching = wanted.size ? inside.filter((i) => s.categories[i]?.some((c) => wanted.has(c))) : inside;
  // Too few sampled points to say anything, or too few matches to be sure of "500+".
  if (inside.length < 30 || matching.length < 30 || matching.length * (s.live / s.lat.length) < 3 * SEARCH_TOTAL_CAP) return null;
  const scale = s.live / s.lat.length;
  const perCategory = new Map<string, number>();
  for (const i of inside) for (const c of s.categories[i] ?? []) perCategory.set(c, (perCategory.get(c) ?? 0) + 1);
  const facets = [...perCategory]
    .map(([slug, n]) => ({ slug, count: Math.round(n * scale) }))
    .sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug));
  return { total: SEARCH_TOTAL_CAP, totalExact: false, facets, facetsExact: false };
}
