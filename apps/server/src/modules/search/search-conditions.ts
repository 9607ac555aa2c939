import { sql, type SQL } from 'drizzle-orm';
import { visiblePublishedCondition } from '../../lib/viewer';
import { chordOf, EARTH_M } from './position-sample';
import type { Origin } from './search-places';
import type { SearchPlan } from './search-plan';

/** A search's filters as SQL conditions over the unaliased `posts` table. */

export const textArray = (values: string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;
export const originPoint = (o: Origin) => sql`ll_to_earth(${o.lat}::float8, ${o.lng}::float8)`;

/**
 * Within `m` metres of `o`, as the chord through the cube's distance operator. earth_distance()
 * says the same, but it is a SQL function PostgreSQL does not inline, and running it costs more
 * than the rest of reading a row that the search index found (decision 0011, "Measurements").
 */
export const withinSql = (o: Origin, m: number) => sql`(posts.earth_pt <-> ${originPoint(o)}) <= ${chordOf(m)}::float8`;

/** Kilometres from `o`, from the chord (see withinSql); null for an item without a place (least() would skip the null). */
export const distanceKmSql = (o: Origin) =>
  sql`(case when posts.earth_pt is null then null else ${2 * EARTH_M}::float8 * asin(least(1::float8, (posts.earth_pt <-> ${originPoint(o)}) / ${2 * EARTH_M}::float8)) / 1000.0 end)`;

/** Every condition but the category: what facets count over. */
export function baseCondition(p: SearchPlan): SQL {
  const f = p.filters;
  const parts: SQL[] = [visiblePublishedCondition(p.viewer, p.now)];
  if (p.text.tsquery) parts.push(sql`posts.search_vector @@ ${p.text.tsquery}`);
  if (f.condition?.length) parts.push(sql`posts.condition = any(${textArray(f.condition)})`);
  if (f.minCents !== undefined) parts.push(sql`posts.cash_value_cents >= ${f.minCents}`);
  if (f.maxCents !== undefined) parts.push(sql`posts.cash_value_cents <= ${f.maxCents}`);
  if (f.delivery) parts.push(sql`posts.delivery_option = ${f.delivery}`);
  if (f.openToSelling) parts.push(sql`posts.open_to_selling`);
  if (f.openToSwapAnything) parts.push(sql`posts.open_to_swap_anything`);
  if (f.radiusKm !== undefined && p.origin) {
    // The cells around the circle (planSearch picks the cover, see bestCells) narrow the search
    // inside the GIN index, which intersects them with the words or categories; the exact
    // distance then keeps the circle. A radius alone that holds many items (the position sample
    // says how many) or is too wide for a handful of cells is a plain filter: the planner then
    // walks the sort's index, which finds a page of a common place at once, where a bitmap of
    // a whole city's cell entries is slow to build (decision 0011, "Measurements").
    if (p.radiusCells) parts.push(sql`posts.search_vector @@ ${p.radiusCells}::tsquery`);
    parts.push(withinSql(p.origin, f.radiusKm * 1000));
  }
  if (p.mine) {
    const wants: SQL[] = [];
    if (p.mine.categories.length) wants.push(sql`posts.wish_categories && ${textArray(p.mine.categories)}`);
    if (p.mine.keywords.length) wants.push(sql`posts.wish_keywords && ${textArray(p.mine.keywords)}`);
    parts.push(wants.length ? sql`(${sql.join(wants, sql` or `)})` : sql`false`);
    parts.push(sql`posts.owner_id <> ${p.viewer.userId}`);
  }
  return sql.join(parts, sql` and `);
}

/** A category is a lexeme of the search vector too ('catbicycles', migration 0013). */
export function categoryCondition(p: SearchPlan): SQL | null {
  const c = p.filters.category;
  return c?.length ? sql`posts.search_vector @@ ${c.map((slug) => `'cat${slug.replace(/-/g, '')}'`).join(' | ')}::tsquery` : null;
}

export const andAll = (...parts: (SQL | null | undefined)[]) => {
  const kept = parts.filter((x): x is SQL => !!x);
  return kept.length ? sql.join(kept, sql` and `) : sql`true`;
};

export const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
export const ts = (v: string | number) => sql`${String(v)}::timestamptz`;

/** FROM posts WHERE `where`; fenced (OFFSET 0) for a radius of few items (see SearchPlan.fewInPlace). */
export const fromPosts = (p: SearchPlan, where: SQL) =>
  p.fewInPlace ? sql`from (select * from posts where ${where} offset 0) posts` : sql`from posts where ${where}`;

/**
 * The boosted phase: the boosted items' own search index (posts_boosted_search_idx, migration 0040,
 * partial on `boosted_until is not null`, which `boosted_until > now` implies) intersects the
 * words, categories and places among the boosted items alone; for a word most items use the
 * planner walks the boosted items newest first instead (posts_boosted_feed_idx). The 'boosted'
 * lexeme is not asked for: every row of that index holds it, and with it the planner counted the
 * boost twice (the lexeme's share times the share of `boosted_until > now`), thought a word most
 * items use would match a handful of boosted items and fetched all 11,000 of them (46 ms at
 * 5,000,000 listings) instead of walking. A radius is always narrowed by cells here, even a
 * crowded one: beside the few boosted items they cost little, where checking the distance of
 * every boosted item reads them all.
 */
export const boostedOnly = (p: SearchPlan, where: SQL) =>
  sql`posts.boosted_until > ${p.now.toISOString()}::timestamptz and ${where}
    ${!p.radiusCells && p.boostedCells ? sql`and posts.search_vector @@ ${p.boostedCells}::tsquery` : sql``}`;

export const notBoostedNow = (now: Date) => sql`(posts.boosted_until is null or posts.boosted_until <= ${now.toISOString()}::timestamptz)`;
