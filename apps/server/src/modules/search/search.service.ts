import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import {
  SEARCH_RANK_WINDOW,
  SEARCH_TOTAL_CAP,
  hasSearchTerm,
  type SearchFilters,
  type SearchHit,
  type SearchQuery,
  type SearchResult,
} from '@swapu/shared/search';
import type { Database, Tx } from '../../db/client';
import { errors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { visiblePublishedCondition, type Viewer } from '../../lib/viewer';
import { toCard } from '../posts/posts.service';
import {
  decodeSearchCursor,
  encodeSearchCursor,
  pickCorrections,
  queryWords,
  type SearchCursor,
} from './search.query';

/** ts_rank weights for D, C, B, A: title (A) counts most, then keywords (B), then description (C). */
const RANK_WEIGHTS = '{0.05,0.2,0.5,1.0}';
/** A word with fewer live matches than this is also looked up as a typo. */
const RARE_WORD_MATCHES = 3;

export interface Origin {
  label: string;
  lat: number;
  lng: number;
}

type Row = Record<string, unknown>;
async function rows<T = Row>(db: Tx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

// ---------------------------------------------------------------------------------------------
// Text: stemmed words, each widened with its likely spellings when it is (nearly) unknown.

export interface TextQuery {
  /** The tsquery expression (one AND of per-word ORs), or null when no word is searchable. */
  tsquery: SQL | null;
  corrections: { from: string; to: string[] }[];
  /**
   * For a one-word search, how many items at least use the word or its corrections: the word's
   * share in the column statistics, or the corrections' counts in the word list. Null otherwise.
   */
  leastMatches: number | null;
}

// ---------------------------------------------------------------------------------------------
// How many items use a word, from the statistics ANALYZE keeps of the search vector: the share of
// rows holding each of its most common lexemes (every word that could be "500+" is among them).

const WORD_STATS_TTL_MS = 10 * 60_000;
interface WordStats {
  at: number;
  shares: Map<string, number>;
  rows: number;
}
const wordStatsCache = new WeakMap<Database, Promise<WordStats>>();

async function loadWordStats(database: Database): Promise<WordStats> {
  const [found, [table]] = await Promise.all([
    rows<{ e: string; f: number }>(
      database.db,
      sql`select u.e, u.f from pg_stats s,
          unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as u(e, f)
        where s.schemaname = current_schema() and s.tablename = 'posts' and s.attname = 'search_vector' and u.e is not null`,
    ),
    rows<{ n: number }>(database.db, sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'posts'::regclass`),
  ]);
  return { at: Date.now(), shares: new Map(found.map((r) => [r.e, Number(r.f)])), rows: table?.n ?? 0 };
}

const wordStats = (database: Database) => cachedFor(wordStatsCache, database, WORD_STATS_TTL_MS, loadWordStats);

/**
 * What `load` works out for a database, kept for `ttlMs` (the position sample, the word
 * statistics): concurrent searches share one load, and a failed load is not kept.
 */
async function cachedFor<T extends { at: number }>(
  cache: WeakMap<Database, Promise<T>>,
  database: Database,
  ttlMs: number,
  load: (database: Database) => Promise<T>,
): Promise<T> {
  const cached = cache.get(database);
  if (cached) {
    const s = await cached;
    if (Date.now() - s.at < ttlMs) return s;
  }
  const next = load(database);
  cache.set(database, next);
  next.catch(() => cache.delete(database));
  return next;
}

/** Items using every lexeme of `tsqueryText` ("'vintag'", "'t' & 'shirt'"), by the statistics. */
function statsMatches(stats: WordStats, tsqueryText: string): number {
  const lexemes = [...tsqueryText.matchAll(/'((?:[^']|'')+)'/g)].map((m) => m[1]!.replace(/''/g, "'"));
  if (!lexemes.length) return 0;
  return lexemes.reduce((n, l) => n * (stats.shares.get(l) ?? 0), stats.rows);
}

const english = (w: string) => sql`plainto_tsquery('english'::regconfig, ${w})`;

export async function buildTextQuery(database: Database, q: string | undefined): Promise<TextQuery> {
  const words = queryWords(q);
  if (!words.length) return { tsquery: null, corrections: [], leastMatches: null };
  const statsLoaded = wordStats(database);
  statsLoaded.catch(() => undefined);
  const analysed = await Promise.all(
    words.map(async (w) => {
      // How many live items use the word (up to a few): planned with the word itself, so the
      // planner picks the GIN index for rare words and a short scan for common ones.
      const [r] = await rows<{ lexemes: string; n: number }>(
        database.db,
        sql`select ${english(w)}::text as lexemes,
          (select count(*)::int from (select 1 from posts
             where posts.state = 'published' and posts.search_vector @@ ${english(w)}
             limit ${RARE_WORD_MATCHES}) s) as n`,
      );
      if (!r || r.lexemes === '') return null; // a stop word ("the", "and"): not searched
      let fixes: string[] = [];
      let fixMatches = 0;
      if (r.n < RARE_WORD_MATCHES) {
        const candidates = await rows<{ term: string; ndoc: number }>(
          database.db,
          sql`select term, ndoc from search_terms order by term <-> ${w} limit 12`,
        );
        const usable = candidates.filter((c) => c.ndoc > r.n);
        fixes = pickCorrections(w, usable);
        fixMatches = Math.max(0, ...usable.filter((c) => fixes.includes(c.term)).map((c) => c.ndoc));
      }
      return { word: w, fixes, lexemes: r.lexemes, fixMatches };
    }),
  );
  const kept = analysed.filter((a): a is { word: string; fixes: string[]; lexemes: string; fixMatches: number } => a !== null);
  if (!kept.length) return { tsquery: null, corrections: [], leastMatches: null };
  const leastMatches = kept.length === 1 ? Math.max(statsMatches(await statsLoaded, kept[0]!.lexemes), kept[0]!.fixMatches) : null;
  const parts = kept.map((a) => {
    const alts = [english(a.word), ...a.fixes.map(english)];
    return alts.length === 1 ? alts[0]! : sql`(${sql.join(alts, sql` || `)})`;
  });
  return {
    tsquery: sql`(${sql.join(parts, sql` && `)})`,
    corrections: kept.filter((a) => a.fixes.length).map((a) => ({ from: a.word, to: a.fixes })),
    leastMatches,
  };
}

// ---------------------------------------------------------------------------------------------
// Where distances are measured from.

const LOCATION_LABEL = 'Your location';

/** "Newtown", "2042", "Newtown 2042" or "Newtown, NSW 2042" → the locality's coordinates. */
export async function resolveNear(db: Tx, near: string): Promise<Origin | null> {
  const postcode = near.match(/\b(\d{4})\b/)?.[1];
  const name = near
    .replace(/\b\d{4}\b/, '')
    .replace(/\b(NSW|VIC|QLD|SA|WA|TAS|NT|ACT)\b/i, '')
    .replace(/[,]+/g, ' ')
    .trim()
    .toLowerCase();
  if (!postcode && !name) return null;
  const [r] = await rows<{ suburb: string; postcode: string; au_state: string; lat: number; lng: number }>(
    db,
    sql`select suburb, postcode, au_state, lat, lng from localities
      where ${postcode ? sql`postcode = ${postcode}` : sql`true`}
        and ${name ? sql`lower(suburb) = ${name}` : sql`true`}
      order by suburb limit 1`,
  );
  return r ? { label: `${r.suburb} ${r.au_state} ${r.postcode}`, lat: r.lat, lng: r.lng } : null;
}

async function resolveOrigin(db: Tx, viewer: Viewer, f: SearchFilters): Promise<Origin | null> {
  if (f.lat !== undefined && f.lng !== undefined) return { label: LOCATION_LABEL, lat: f.lat, lng: f.lng };
  if (f.near) {
    const found = await resolveNear(db, f.near);
    if (!found) throw errors.badRequest('address_invalid', { near: 'address_invalid' });
    return found;
  }
  if (!viewer.userId) return null;
  const [me] = await rows<{ suburb: string | null; au_state: string | null; postcode: string | null; lat: number | null; lng: number | null }>(
    db,
    sql`select suburb, au_state, postcode, lat, lng from users where id = ${viewer.userId}`,
  );
  if (!me || me.lat === null || me.lng === null) return null;
  return { label: [me.suburb, me.au_state, me.postcode].filter(Boolean).join(' '), lat: me.lat, lng: me.lng };
}

// ---------------------------------------------------------------------------------------------
// The filters, as SQL over the unaliased `posts` table.

export interface Plan {
  viewer: Viewer;
  now: Date;
  filters: SearchFilters;
  text: TextQuery;
  origin: Origin | null;
  /** The signed-in person's own categories and keywords ("wants what I have"). */
  mine: { categories: string[]; keywords: string[] } | null;
  /** How many live items the radius holds, estimated from the position sample. */
  radiusItems?: number;
  /** The place cells that narrow the radius inside the search index, when they are worth it. */
  radiusCells?: string | null;
  /** The cells for the radius beside 'boosted' (the boosted phase), always worth it. */
  boostedCells?: string | null;
  /**
   * Only a radius, holding few items: they are all read through the cells, then ordered. The
   * planner cannot know how few the cells hold, and walking a sort's index through them would
   * read the whole country's items one by one.
   */
  fewInPlace?: boolean;
  /**
   * Rank windows look among the last this-many weeks' matches first (week lexemes, migration
   * 0016; 0 for none): a one-word search whose word enough items use that a few weeks hold two
   * windows of them.
   */
  weeksFirst?: number;
}

/** The grids of the cell lexemes written by posts_search_fields (migration 0013), finest first. */
const CELL_GRIDS = [
  { name: 'g1', deg: 0.05 },
  { name: 'g2', deg: 0.25 },
  { name: 'g3', deg: 1.25 },
];
const MAX_CELLS = 36;
/**
 * A radius alone estimated to hold this many live items or more is not narrowed by cells: reading
 * its items through them costs about 4 µs an item (rows scattered over the table), where walking
 * the newest items and keeping those inside costs about 1.2 µs for each item walked, 20 / share
 * of them. The two meet near 2,500 items out of a million (measured at 1,000,000 listings: the
 * 3,300 items within 50 km of Canberra took 17 ms through cells, 9 ms by walking).
 */
export const CELLS_BELOW_ITEMS = 2_500;

/** A rectangle of cells of one grid that covers a circle. */
export interface CellCover {
  grid: (typeof CELL_GRIDS)[number];
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}
const coverSize = (c: CellCover) => (c.x1 - c.x0 + 1) * (c.y1 - c.y0 + 1);

/** The covers of a circle in at most MAX_CELLS cells, finest grid first. */
export function cellCovers(o: { lat: number; lng: number }, km: number): CellCover[] {
  const dLat = km / 111.2;
  const dLng = km / (111.2 * Math.max(0.05, Math.cos((o.lat * Math.PI) / 180)));
  const out: CellCover[] = [];
  for (const grid of CELL_GRIDS) {
    const cover = {
      grid,
      x0: Math.floor((Math.max(-90, o.lat - dLat) + 90) / grid.deg),
      x1: Math.floor((Math.min(90, o.lat + dLat) + 90) / grid.deg),
      y0: Math.floor((o.lng - dLng + 180) / grid.deg),
      y1: Math.floor((o.lng + dLng + 180) / grid.deg),
    };
    if (coverSize(cover) <= MAX_CELLS) out.push(cover);
  }
  return out;
}

/** A cover as tsquery text: one OR of its cell lexemes. */
export function coverQuery(c: CellCover): string {
  const cells: string[] = [];
  for (let x = c.x0; x <= c.x1; x++) for (let y = c.y0; y <= c.y1; y++) cells.push(`'${c.grid.name}x${x}y${y}'`);
  return cells.join(' | ');
}

/** The cells of the finest grid covering a circle in at most MAX_CELLS, as tsquery text. */
export function cellsQuery(o: { lat: number; lng: number }, km: number): string | null {
  const first = cellCovers(o, km)[0];
  return first ? coverQuery(first) : null;
}

/**
 * What one cell costs, in heap rows, when the cells narrow other index conditions (words,
 * categories, 'boosted'): GIN advances every cell of the OR to each candidate the other conditions
 * find, about 25 ns a cell and candidate, where fetching and rechecking one row costs about 3.5 µs
 * (measured at 1,000,000 listings: "guitar" and 25 cells of 0.25° took 6.5 ms to scan, with 4 cells
 * of 1.25° 3.5 ms, for 6% more rows).
 */
const CELL_COST_ROWS_PER_LIVE = 1 / 140;

/**
 * The cover of a circle that is cheapest to scan. Alone, the cells cost the rows they hold, so the
 * finest cover wins. Beside other conditions every cell also costs an advance per candidate, so a
 * coarser cover with a few more rows but far fewer cells wins; the rows each cover holds come from
 * the position sample.
 */
export async function bestCells(database: Database, o: { lat: number; lng: number }, km: number, alone: boolean): Promise<string | null> {
  const covers = cellCovers(o, km);
  if (covers.length <= 1 || alone) return covers[0] ? coverQuery(covers[0]) : null;
  const s = await geoSample(database);
  if (!s.lat.length) return coverQuery(covers[0]!);
  return memo(s, `cells:${o.lat}:${o.lng}:${km}`, () => coverQuery(cheapestCover(s, covers)));
}

function cheapestCover(s: GeoSample, covers: CellCover[]): CellCover {
  const scale = s.live / s.lat.length;
  let best = covers[0]!;
  let bestCost = Infinity;
  for (const c of covers) {
    const lat0 = c.x0 * c.grid.deg - 90;
    const lat1 = (c.x1 + 1) * c.grid.deg - 90;
    const lng0 = c.y0 * c.grid.deg - 180;
    const lng1 = (c.y1 + 1) * c.grid.deg - 180;
    let inside = 0;
    for (let i = 0; i < s.lat.length; i++) {
      const la = s.lat[i]!;
      const ln = s.lng[i]!;
      if (la >= lat0 && la < lat1 && ln >= lng0 && ln < lng1) inside++;
    }
    const cost = inside * scale + coverSize(c) * s.live * CELL_COST_ROWS_PER_LIVE;
    if (cost < bestCost) {
      bestCost = cost;
      best = c;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// How many live items a radius holds, estimated from a random sample of their positions.

const GEO_SAMPLE_SIZE = 20_000;
const GEO_SAMPLE_TTL_MS = 10 * 60_000;

interface GeoSample {
  at: number;
  lat: Float64Array;
  lng: Float64Array;
  /** cos(lat) of each point, for the haversine. */
  cosLat: Float64Array;
  categories: string[][];
  /** When each point went live (epoch ms). */
  publishedMs: Float64Array;
  /** Estimated live items with a position. */
  live: number;
  /** What was worked out from this sample for a place (it is fixed until the next sample). */
  memo: Map<string, unknown>;
}

/** `compute()` for this sample and key, worked out once (a few hundred places at most are kept). */
function memo<T>(s: GeoSample, key: string, compute: () => T): T {
  if (s.memo.has(key)) return s.memo.get(key) as T;
  if (s.memo.size >= 500) s.memo.clear();
  const value = compute();
  s.memo.set(key, value);
  return value;
}
const geoSamples = new WeakMap<Database, Promise<GeoSample>>();

async function loadGeoSample(database: Database): Promise<GeoSample> {
  const [stat] = await rows<{ n: number }>(database.db, sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'posts'::regclass`);
  const tuples = stat?.n ?? 0;
  const pct = tuples <= GEO_SAMPLE_SIZE * 2 ? 100 : Math.max(0.01, Math.min(100, (100 * GEO_SAMPLE_SIZE) / tuples));
  const found = await rows<{ lat: number; lng: number; categories: string[]; ms: number }>(
    database.db,
    pct >= 100
      ? sql`select lat, lng, categories, extract(epoch from published_at)::float8 * 1000 as ms from posts where state = 'published' and lat is not null and lng is not null`
      : sql`select lat, lng, categories, extract(epoch from published_at)::float8 * 1000 as ms from posts tablesample system (${sql.raw(pct.toFixed(4))}) where state = 'published' and lat is not null and lng is not null`,
  );
  return {
    at: Date.now(),
    lat: Float64Array.from(found, (r) => r.lat),
    lng: Float64Array.from(found, (r) => r.lng),
    cosLat: Float64Array.from(found, (r) => Math.cos(r.lat * RAD)),
    categories: found.map((r) => r.categories),
    publishedMs: Float64Array.from(found, (r) => Number(r.ms)),
    memo: new Map(),
    live: found.length * (100 / pct),
  };
}

/** Drops the cached sample and word statistics (tests that add many items at once; the next search reloads them). */
export function forgetSearchStats(database: Database) {
  geoSamples.delete(database);
  wordStatsCache.delete(database);
}

const geoSample = (database: Database) => cachedFor(geoSamples, database, GEO_SAMPLE_TTL_MS, loadGeoSample);

const RAD = Math.PI / 180;

/** Great-circle distance (km) from `o` to the sampled point `i` (haversine). */
function sampleDistance(s: GeoSample, i: number, o: Origin, cos0: number): number {
  const dLat = (s.lat[i]! - o.lat) * RAD;
  const dLng = (s.lng[i]! - o.lng) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + cos0 * s.cosLat[i]! * Math.sin(dLng / 2) ** 2;
  return (2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(a)))) / 1000;
}

/** Great-circle distance (km) from `o` to each sampled point. */
function sampleDistances(s: GeoSample, o: Origin): Float64Array {
  const cos0 = Math.cos(o.lat * RAD);
  const d = new Float64Array(s.lat.length);
  for (let i = 0; i < s.lat.length; i++) d[i] = sampleDistance(s, i, o, cos0);
  return d;
}

/** Indexes of the sample's points within `km` of `o`. */
function sampleWithin(s: GeoSample, o: Origin, km: number): number[] {
  return memo(s, `within:${o.lat}:${o.lng}:${km}`, () => scanWithin(s, o, km));
}

function scanWithin(s: GeoSample, o: Origin, km: number): number[] {
  const cos0 = Math.cos(o.lat * RAD);
  // No point further in latitude alone than km can be within km: most are skipped on that.
  const maxDLat = (km * 1000) / EARTH_M / RAD;
  const out: number[] = [];
  for (let i = 0; i < s.lat.length; i++) {
    if (Math.abs(s.lat[i]! - o.lat) > maxDLat) continue;
    if (sampleDistance(s, i, o, cos0) <= km) out.push(i);
  }
  return out;
}

/** Estimated live items within `km` of `o`. */
export async function estimateWithin(database: Database, o: Origin, km: number): Promise<number> {
  const s = await geoSample(database);
  if (!s.lat.length) return 0;
  return (sampleWithin(s, o, km).length / s.lat.length) * s.live;
}

/**
 * Totals and facets of a search that is only a radius and/or categories holding far more than
 * SEARCH_TOTAL_CAP items, estimated from the position sample instead of read: counting 501 of
 * them means reading 10,000 rows of a city, or building a bitmap of the 30,000 toys, to say
 * "500+".
 */
async function sampledCounts(database: Database, p: Plan): Promise<Pick<SearchResult, 'total' | 'totalExact' | 'facets' | 'facetsExact'> | null> {
  const f = p.filters;
  const onlyPlaceOrCategory =
    (f.radiusKm !== undefined || !!f.category?.length) && !p.text.tsquery && !p.mine && !f.condition?.length &&
    f.minCents === undefined && f.maxCents === undefined && !f.delivery && !f.openToSelling && !f.openToSwapAnything;
  if (!onlyPlaceOrCategory) return null;
  if (f.radiusKm !== undefined && (!p.origin || (p.radiusItems ?? 0) < 3 * SEARCH_TOTAL_CAP)) return null;
  const s = await geoSample(database);
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

export const textArray = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;
const originPoint = (o: Origin) => sql`ll_to_earth(${o.lat}::float8, ${o.lng}::float8)`;

/** The radius of earthdistance's sphere (its earth() function), in metres. */
const EARTH_M = 6_378_168;
/** The straight-line length through the earth cube (what `<->` measures) of a great-circle distance in metres. */
export const chordOf = (m: number) => 2 * EARTH_M * Math.sin(Math.min(Math.PI / 2, m / (2 * EARTH_M)));

/**
 * Within `m` metres of `o`, as the chord through the cube's distance operator. earth_distance()
 * says the same, but it is a SQL function PostgreSQL does not inline, and running it costs about
 * 8 µs a row: more than the rest of reading a row that the search index found.
 */
export const withinSql = (o: Origin, m: number) => sql`(posts.earth_pt <-> ${originPoint(o)}) <= ${chordOf(m)}::float8`;

/** Kilometres from `o`, from the chord (see withinSql). */
const distanceKmSql = (o: Origin) => sql`(${2 * EARTH_M}::float8 * asin(least(1::float8, (posts.earth_pt <-> ${originPoint(o)}) / ${2 * EARTH_M}::float8)) / 1000.0)`;

/** Every condition but the category: what facets count over. */
export function baseCondition(p: Plan): SQL {
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
    // 150,000 cell entries costs 30 ms to build.
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
export function categoryCondition(p: Plan): SQL | null {
  const c = p.filters.category;
  return c?.length ? sql`posts.search_vector @@ ${c.map((slug) => `'cat${slug.replace(/-/g, '')}'`).join(' | ')}::tsquery` : null;
}

const andAll = (...parts: (SQL | null | undefined)[]) => {
  const kept = parts.filter((x): x is SQL => !!x);
  return kept.length ? sql.join(kept, sql` and `) : sql`true`;
};

// ---------------------------------------------------------------------------------------------
// Pages. Every sort is a keyset over a total order ending in the id, so paging never repeats or
// skips an item while the data stands still.

/** The columns of a card, with its distance from `origin` when there is one. */
export const cardColumnsSql = (origin: Origin | null) => sql`posts.id, posts.title, posts.state, posts.cash_value_cents, posts.condition,
  posts.categories, posts.suburb, posts.au_state, posts.open_to_selling, posts.open_to_swap_anything,
  posts.published_at, posts.created_at, posts.boosted_until,
  (select pi.storage_key from post_images pi where pi.post_id = posts.id order by pi.position asc limit 1) as image_key,
  ${origin ? distanceKmSql(origin) : sql`null::float8`} as distance_km`;
const cardSelect = (p: Plan) => cardColumnsSql(p.origin);

/** A card's columns as raw SQL returns them (see cardSelect). */
export interface CardRow {
  id: string;
  title: string;
  state: string;
  cash_value_cents: number | null;
  condition: string;
  categories: string[];
  suburb: string | null;
  au_state: string | null;
  open_to_selling: boolean;
  open_to_swap_anything: boolean;
  published_at: Date | string;
  created_at: Date | string;
  boosted_until: Date | string | null;
  image_key: string | null;
  distance_km: number | string | null;
}

const asDate = (d: Date | string | null) => (d === null ? null : d instanceof Date ? d : new Date(d));

export function toHit(r: CardRow, now: Date): SearchHit {
  const card = toCard(
    {
      id: r.id,
      title: r.title,
      state: r.state,
      cashValueCents: r.cash_value_cents,
      condition: r.condition,
      categories: r.categories,
      suburb: r.suburb,
      auState: r.au_state,
      openToSelling: r.open_to_selling,
      openToSwapAnything: r.open_to_swap_anything,
      publishedAt: asDate(r.published_at),
      createdAt: asDate(r.created_at)!,
      boostedUntil: asDate(r.boosted_until),
      imageKey: r.image_key,
    },
    now,
  );
  const { state: _state, ...rest } = card;
  const km = r.distance_km === null ? null : Number(r.distance_km);
  return { ...rest, distanceKm: km === null ? null : Math.round(km * 10) / 10 };
}

interface PageOut {
  rows: CardRow[];
  next: SearchCursor | null;
  /** The categories of every match the page looked at (its rank windows, or its rows). */
  seen: string[][];
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const ts = (v: string | number) => sql`${String(v)}::timestamptz`;

/**
 * The sort-specific pieces of a keyset page. The page is found by an inner query that selects
 * only ids and the sort key (`k0`), so card columns (first photo, distance) are computed for the
 * page's rows alone, never for every candidate a sort had to look at.
 */
interface KeysetSpec {
  order: SQL;
  /** The sort key's expression, selected as k0. */
  keyExpr: SQL;
  /** ORDER BY over the inner query's alias `k` (k0, kid). */
  outerOrder: SQL;
  after: (k: (string | number)[]) => SQL;
  key: (r: CardRow & { k0: string }) => (string | number)[];
}

function keysetSpec(p: Plan, sort: SearchQuery['sort']): KeysetSpec {
  switch (sort) {
    case 'price_asc':
    case 'lowest_price':
      return {
        order: sql`posts.cash_value_cents asc, posts.id asc`,
        keyExpr: sql`posts.cash_value_cents::text`,
        outerOrder: sql`k.k0::int asc, k.kid asc`,
        after: (k) => sql`(posts.cash_value_cents, posts.id) > (${Number(k[0])}::int, ${String(k[1])})`,
        key: (r) => [Number(r.k0), r.id],
      };
    case 'price_desc':
      return {
        order: sql`posts.cash_value_cents desc, posts.id desc`,
        keyExpr: sql`posts.cash_value_cents::text`,
        outerOrder: sql`k.k0::int desc, k.kid desc`,
        after: (k) => sql`(posts.cash_value_cents, posts.id) < (${Number(k[0])}::int, ${String(k[1])})`,
        key: (r) => [Number(r.k0), r.id],
      };
    case 'closest': {
      const o = originPoint(p.origin!);
      // `<->` on the earth cube is the chord length: the GiST index returns nearest first, and it
      // orders exactly as the great-circle distance does.
      return {
        order: sql`(posts.earth_pt <-> ${o}) asc, posts.id asc`,
        keyExpr: sql`(posts.earth_pt <-> ${o})::text`,
        outerOrder: sql`k.k0::float8 asc, k.kid asc`,
        after: (k) =>
          sql`((posts.earth_pt <-> ${o}) > ${String(k[0])}::float8 or ((posts.earth_pt <-> ${o}) = ${String(k[0])}::float8 and posts.id > ${String(k[1])}))`,
        key: (r) => [r.k0, r.id],
      };
    }
    default:
      return {
        // NULLS LAST, as posts_feed_idx is built, so the index can be walked in order.
        order: sql`posts.published_at desc nulls last, posts.id desc nulls last`,
        keyExpr: sql`posts.published_at`,
        outerOrder: sql`k.k0 desc, k.kid desc`,
        after: (k) => sql`(posts.published_at, posts.id) < (${ts(k[0]!)}, ${String(k[1])})`,
        key: (r) => [iso(r.published_at), r.id],
      };
  }
}

/** FROM posts WHERE `where`; fenced (OFFSET 0) for a radius of few items (see Plan.fewInPlace). */
const fromPosts = (p: Plan, where: SQL) => (p.fewInPlace ? sql`from (select * from posts where ${where} offset 0) posts` : sql`from posts where ${where}`);

/** Up to `n` rows in the sort's order, after the key `k` when given. */
async function fetchKeyset(
  database: Database,
  p: Plan,
  spec: KeysetSpec,
  where: SQL,
  n: number,
  k: (string | number)[] | undefined,
): Promise<(CardRow & { k0: string })[]> {
  return rows<CardRow & { k0: string }>(
    database.db,
    sql`select ${cardSelect(p)}, k.k0 from (
        select posts.id as kid, ${spec.keyExpr} as k0 ${fromPosts(p, andAll(where, k ? spec.after(k) : null))}
        order by ${spec.order} limit ${n}
      ) k join posts on posts.id = k.kid
      order by ${spec.outerOrder}`,
  );
}

/**
 * The boosted phase: boosted items carry the lexeme 'boosted' (migration 0013), so the GIN index
 * intersects them with the words, categories and places. 'boosted' is written first: GIN steps
 * through its conditions in the order written, and starting from the rarest spares the others most
 * of their work. A radius is always narrowed by cells here, even a crowded one: beside the few
 * boosted items they cost little, where checking the distance of every boosted item reads them all.
 */
const boostedOnly = (p: Plan, where: SQL) =>
  sql`posts.search_vector @@ 'boosted'::tsquery and ${where}
    ${!p.radiusCells && p.boostedCells ? sql`and posts.search_vector @@ ${p.boostedCells}::tsquery` : sql``}
    and posts.boosted_until > ${p.now.toISOString()}::timestamptz`;

/** Ends boosts that ran out (which drops their 'boosted' lexeme). */
export async function clearExpiredBoosts(db: Tx, now: Date): Promise<number> {
  const res = (await db.execute(
    sql`update posts set boosted_until = null where boosted_until is not null and boosted_until <= ${now.toISOString()}::timestamptz`,
  )) as unknown as { rowCount?: number; affectedRows?: number };
  return res.rowCount ?? res.affectedRows ?? 0;
}

const notBoostedNow = (now: Date) => sql`(posts.boosted_until is null or posts.boosted_until <= ${now.toISOString()}::timestamptz)`;

/**
 * "Featured" without keywords: boosted items first (newest first), then everything else
 * newest first.
 */
async function featuredPlain(database: Database, p: Plan, where: SQL, limit: number, cursor: SearchCursor | undefined): Promise<PageOut> {
  const spec = keysetSpec(p, 'recent');
  let ph: 'b' | 'n' = cursor?.ph ?? 'b';
  let k = cursor?.k;
  const out: (CardRow & { k0: string; ph: 'b' | 'n' })[] = [];
  const unboosted = andAll(where, notBoostedNow(p.now));
  if (ph === 'b' && !k) {
    // The first page: its boosted items and the first unboosted ones in one statement.
    out.push(
      ...(await rows<CardRow & { k0: string; ph: 'b' | 'n' }>(
        database.db,
        sql`select ${cardSelect(p)}, k.k0, k.ph from (
            select * from (
              (select posts.id as kid, ${spec.keyExpr} as k0, 'b' as ph from posts where ${boostedOnly(p, where)} order by ${spec.order} limit ${limit + 1})
              union all
              (select posts.id as kid, ${spec.keyExpr} as k0, 'n' as ph ${fromPosts(p, unboosted)} order by ${spec.order} limit ${limit + 1})
            ) k order by k.ph asc, ${spec.outerOrder} limit ${limit + 1}
          ) k join posts on posts.id = k.kid
          order by k.ph asc, ${spec.outerOrder}`,
      )),
    );
  } else {
    for (;;) {
      const found = await fetchKeyset(database, p, spec, ph === 'b' ? boostedOnly(p, where) : unboosted, limit + 1 - out.length, k);
      out.push(...found.map((r) => ({ ...r, ph })));
      if (out.length > limit || ph === 'n') break;
      ph = 'n';
      k = undefined;
    }
  }
  const pageRows = out.slice(0, limit);
  const last = pageRows.at(-1);
  return {
    rows: pageRows,
    next: out.length > limit && last ? { s: 'featured', ph: last.ph, k: spec.key(last) } : null,
    seen: out.map((r) => r.categories),
  };
}

/**
 * "Featured" with keywords: boosted matches first, then the rest; each ranked by relevance within
 * windows of the SEARCH_RANK_WINDOW newest matches, so ranking never has to score every match of
 * a common word (decision 0011). The window a page came from travels in the cursor.
 */
async function featuredRanked(database: Database, p: Plan, where: SQL, limit: number, cursor: SearchCursor | undefined): Promise<PageOut> {
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
  const cards = firstCards && ids.every((id) => firstCards.has(id)) ? ids.map((id) => firstCards.get(id)!) : await cardsFor(database, p, ids);
  const last = page.at(-1);
  return {
    rows: cards,
    next: picked.length > limit && last ? { s: 'featured', ph: last.ph, ...(last.wb ? { wb: last.wb } : {}), k: [last.rank, last.at, last.id] } : null,
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

/** The month lexemes a window starting at `top` asks first, and where they end. */
function windowMonths(top: Date): { months: string; olderMonth: Date } {
  const olderMonth = new Date(Date.UTC(top.getUTCFullYear(), top.getUTCMonth() - 1, 1));
  const nextMonth = new Date(Date.UTC(top.getUTCFullYear(), top.getUTCMonth() + 1, 1));
  return { months: [nextMonth, top, olderMonth].map((m) => `'${monthLexeme(m)}'`).join(' | '), olderMonth };
}

const DAY_MS = 86_400_000;

/** The ISO year and week of a UTC instant, as the week lexeme writes it ('202648'). */
export function isoWeek(d: Date): string {
  const day = d.getUTCDay() || 7; // Monday 1 … Sunday 7
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 4 - day));
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return `${year}${String(week).padStart(2, '0')}`;
}

/** The most weeks a window asks first: four weeks back never reach before the months' start. */
const MAX_WINDOW_WEEKS = 4;

/** The week lexemes of `top`'s week and the `count - 1` before it, and when the first began (Monday, UTC). */
function windowWeeks(top: Date, count: number): { weeks: string; start: Date } {
  const day = top.getUTCDay() || 7;
  const monday = (back: number) => new Date(Date.UTC(top.getUTCFullYear(), top.getUTCMonth(), top.getUTCDate() - (day - 1) - 7 * back));
  const mondays = Array.from({ length: count }, (_, i) => monday(i));
  return { weeks: mondays.map((d) => `'pw${isoWeek(d)}'`).join(' | '), start: mondays.at(-1)! };
}

const monthLexeme = (d: Date) => `pm${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * A rank window: the SEARCH_RANK_WINDOW newest matches published before `wb`, newest first, with
 * their rank. Recent matches are asked first through their time lexemes (the last two weeks when
 * Plan.weeksFirst, then the newest months), so the GIN index intersects the words with the time
 * and a medium word's window costs its recent matches, not all of them; each older part is asked
 * only for the room the newer ones left (a LIMIT of zero never runs its scan). One statement.
 */
function windowSql(p: Plan, where: SQL, wb: [string, string] | undefined): SQL {
  const tsq = p.text.tsquery!;
  const n = SEARCH_RANK_WINDOW;
  const top = wb ? new Date(wb[0]) : p.now;
  const { months, olderMonth } = windowMonths(top);
  const before = wb ? sql`(posts.published_at, posts.id) < (${ts(wb[0])}, ${wb[1]})` : null;
  const older = newestRanked(tsq, andAll(where, before, sql`posts.published_at < ${olderMonth.toISOString()}::timestamptz`), n);
  const weeksBack = p.weeksFirst ? windowWeeks(top, p.weeksFirst) : null;
  // (Never true with at most MAX_WINDOW_WEEKS; the parts below must not overlap.)
  if (!weeksBack || weeksBack.start < olderMonth) {
    const recent = newestRanked(tsq, andAll(where, before, sql`posts.search_vector @@ ${months}::tsquery`), n);
    return sql`with m as (${recent}),
        o as (select * from (${older}) o0 limit (select ${n} - count(*) from m))
      select * from m union all select * from o
      order by published_at desc nulls last, id desc nulls last`;
  }
  const { weeks, start } = weeksBack;
  const lastWeeks = newestRanked(tsq, andAll(where, before, sql`posts.search_vector @@ ${weeks}::tsquery`), n);
  const restOfMonths = newestRanked(
    tsq,
    andAll(where, before, sql`posts.search_vector @@ ${months}::tsquery`, sql`posts.published_at < ${start.toISOString()}::timestamptz`),
    n,
  );
  return sql`with w as (${lastWeeks}),
      m as (select * from (${restOfMonths}) m0 limit (select ${n} - count(*) from w)),
      o as (select * from (${older}) o0 limit (select ${n} - (select count(*) from w) - (select count(*) from m)))
    select * from w union all select * from m union all select * from o
    order by published_at desc nulls last, id desc nulls last`;
}

async function windowCandidates(database: Database, p: Plan, where: SQL, wb: [string, string] | undefined, byTime: boolean): Promise<Candidate[]> {
  if (!byTime) {
    const before = wb ? sql`(posts.published_at, posts.id) < (${ts(wb[0])}, ${wb[1]})` : null;
    return (await rows<RankedRow>(database.db, newestRanked(p.text.tsquery!, andAll(where, before), SEARCH_RANK_WINDOW))).map(toCandidate);
  }
  return (await rows<RankedRow>(database.db, windowSql(p, where, wb))).map(toCandidate);
}

/**
 * The `n` newest rows matching `where`, with their rank. The rank is computed for those rows alone,
 * after the sort: in the sorted query's own columns it would be computed for every match the sort
 * looked at (2,300 for a medium word's months, 1.5 µs each).
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
  p: Plan,
  where: SQL,
  limit: number,
): Promise<{ boosted: Candidate[]; unboosted: Candidate[] | null; cards: Map<string, CardRow> }> {
  // The same statement brings the cards of the rows that lead by rank (boosted first), which are
  // this page's rows: one round trip less. The page itself is still picked by byRank.
  const found = await rows<RankedRow & { b: boolean; card: CardRow | null }>(
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

/** Card rows for these ids, in this order. */
async function cardsFor(database: Database, p: Plan, ids: string[]): Promise<CardRow[]> {
  if (!ids.length) return [];
  const found = await rows<CardRow>(database.db, sql`select ${cardSelect(p)} from posts where posts.id = any(${textArray(ids)})`);
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is CardRow => !!r);
}

/** Beyond this, a ring covers the whole country: no box at all. */
const RING_MAX_KM = 4500;

/**
 * "Closest to me" without scoring every match by distance: the nearest items lie within a ring
 * around the origin that should hold enough of them, sized from the position sample and the
 * planner's estimate of how many items the other filters keep. The ring is written as place cells,
 * which the GIN index intersects with the words and categories; the exact distance orders what it
 * holds, and a ring that turns out too small is tripled until it is not.
 */
async function closestRows(
  database: Database,
  p: Plan,
  spec: KeysetSpec,
  where: SQL,
  n: number,
  k: (string | number)[] | undefined,
): Promise<(CardRow & { k0: string })[]> {
  const o = p.origin!;
  const s = await geoSample(database);
  const estimated = (await plannedRows(database, where)) ?? s.live;
  const share = Math.min(1, Math.max(1e-6, estimated / Math.max(1, s.live)));
  // Items needed inside the ring: those before the cursor, plus this page, three times over.
  const afterKm = k ? Number(k[0]) / 1000 : 0;
  const before = k ? await estimateWithin(database, o, afterKm) : 0;
  const wanted = before + (3 * n) / share;
  let km = Math.max(1, afterKm * 1.05, radiusHolding(s, o, wanted) * 1.1);
  const cap = p.filters.radiusKm;
  for (;;) {
    // The ring, when the other filters keep few items, is the place cells around it (GIN
    // intersects them with the words); when they keep most, it is the GiST box itself (the cells,
    // coarser than a small ring, would hold far more rows than the few it needs). A ring too wide
    // for either is the whole country.
    const cells = km >= RING_MAX_KM || (cap !== undefined && km >= cap) ? null : cellsQuery(o, km);
    const whole = cells === null;
    const ring = whole
      ? null
      : share > 0.2
        ? sql`earth_box(${originPoint(o)}, ${km * 1000}::float8) @> posts.earth_pt`
        : sql`posts.search_vector @@ ${cells}::tsquery`;
    const found = await fetchKeyset(database, p, spec, andAll(where, ring, sql`posts.earth_pt is not null`), n, k);
    // The cells hold the circle of radius km (and corners beyond it, where rows may be missing):
    // only rows inside the circle are surely in order. k0 is the chord, so compare chords.
    const chord = chordOf(km * 1000);
    const within = whole ? found : found.filter((r) => Number(r.k0) <= chord);
    if (whole || within.length >= n) return within;
    km *= 3;
  }
}

/** The radius (km) around `o` that holds about `items` live items, from the position sample. */
function radiusHolding(s: GeoSample, o: Origin, items: number): number {
  if (!s.lat.length || items >= s.live) return RING_MAX_KM;
  const d = sampleDistances(s, o);
  d.sort();
  const idx = Math.min(d.length - 1, Math.ceil((items / s.live) * d.length));
  return d[idx]!;
}

async function page(database: Database, p: Plan, sort: SearchQuery['sort'], where: SQL, limit: number, cursor: SearchCursor | undefined): Promise<PageOut> {
  if (sort === 'featured') {
    return p.text.tsquery ? featuredRanked(database, p, where, limit, cursor) : featuredPlain(database, p, where, limit, cursor);
  }
  const spec = keysetSpec(p, sort);
  const found = sort === 'closest' ? await closestRows(database, p, spec, where, limit + 1, cursor?.k) : await fetchKeyset(database, p, spec, where, limit + 1, cursor?.k);
  const pageRows = found.slice(0, limit);
  const last = pageRows.at(-1);
  return { rows: pageRows, next: found.length > limit && last ? { s: sort, k: spec.key(last) } : null, seen: found.map((r) => r.categories) };
}

// ---------------------------------------------------------------------------------------------
// Totals and facets: counted exactly up to SEARCH_TOTAL_CAP, never over every match.

/** The planner's estimate of the rows matching `where`. */
async function plannedRows(database: Database, where: SQL): Promise<number | null> {
  const [plan] = await rows<{ 'QUERY PLAN': unknown }>(database.db, sql`explain (format json) select 1 from posts where ${where}`);
  const raw = plan?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return parsed[0]?.Plan['Plan Rows'] ?? null;
}

/** Words and nothing else: no category, place, "wants what I have" or other filter. */
function onlyWords(p: Pick<Plan, 'text' | 'filters' | 'mine'>): boolean {
  const f = p.filters;
  return (
    !!p.text.tsquery && !f.category?.length && f.radiusKm === undefined && !p.mine && !f.condition?.length &&
    f.minCents === undefined && f.maxCents === undefined && !f.delivery && !f.openToSelling && !f.openToSwapAnything
  );
}

/** A words-only search the statistics say matches this many items or more is surely "500+". */
const SURELY_MORE_THAN_CAP = 5 * SEARCH_TOTAL_CAP;

/**
 * Totals and facets of a search that is one word the column statistics (or, for a corrected typo,
 * the word list) say far more than SEARCH_TOTAL_CAP items use: at five times the cap the
 * estimate would have to be five times too high. Counting 501 of a medium word's matches means
 * building a bitmap of all 16,000 of them; instead the total is "500+" and the facets come from
 * the matches the page looked at (its rank windows), scaled.
 */
async function estimatedWordCounts(
  database: Database,
  p: Plan,
  pageSeen: () => Promise<string[][]>,
): Promise<Pick<SearchResult, 'total' | 'totalExact' | 'facets' | 'facetsExact'> | null> {
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

async function countAndFacets(
  database: Database,
  p: Plan,
  pageSeen: () => Promise<string[][]>,
): Promise<Pick<SearchResult, 'total' | 'totalExact' | 'facets' | 'facetsExact'>> {
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
  // would unpack each row's search vector, 3 µs a row.
  const limit = cat ? 2 * (cap + 1) : cap + 1;
  const inCat = cat ? sql`(posts.categories && ${textArray(p.filters.category!)})` : null;
  const read = inCat
    ? sql`select categories, in_cat from (
        select posts.categories, ${inCat} as in_cat,
          count(*) filter (where ${inCat}) over (rows between unbounded preceding and current row) as seen
        from posts where ${base}) w
      where seen <= ${cap + 1} limit ${limit}`
    : sql`select posts.categories, true as in_cat from posts where ${base} limit ${limit}`;
  const facetRows = await rows<{ slug: string | null; n: number; n_cat: number }>(
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
    const [c] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from (select 1 from posts where ${base} and ${cat} limit ${cap + 1}) s`);
    total = c?.n ?? 0;
  }
  const facets = facetRows
    .filter((r): r is { slug: string; n: number; n_cat: number } => r.slug !== null)
    .map((r) => ({ slug: r.slug, count: r.n }))
    .sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug));
  return { total: Math.min(total, cap), totalExact: total <= cap, facets, facetsExact: exhausted };
}

// ---------------------------------------------------------------------------------------------

/** What "wants what I have" compares against: the person's own live items. */
async function myWants(db: Tx, userId: string): Promise<{ categories: string[]; keywords: string[] }> {
  const [r] = await rows<{ categories: string[] | null; keywords: string[] | null }>(
    db,
    sql`select array(select distinct unnest(categories) from posts where owner_id = ${userId} and state = 'published') as categories,
      array(select distinct lower(unnest(keywords)) from posts where owner_id = ${userId} and state = 'published') as keywords`,
  );
  return { categories: r?.categories ?? [], keywords: r?.keywords ?? [] };
}

/** Validates a search's filters and works out everything the SQL needs. */
export async function planSearch(database: Database, viewer: Viewer, now: Date, filters: SearchFilters, opts: { sort?: SearchQuery['sort'] } = {}): Promise<Plan> {
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
  // A word enough items use that the last few weeks should hold two windows of it: the fewest
  // weeks that do are looked at first.
  let weeksFirst = 0;
  const wanted = 2 * SEARCH_RANK_WINDOW;
  if (text.leastMatches !== null && text.leastMatches >= wanted && onlyWords({ text, filters, mine })) {
    const s = await geoSample(database);
    for (let count = 2; count <= MAX_WINDOW_WEEKS && !weeksFirst && s.publishedMs.length; count++) {
      const since = windowWeeks(now, count).start.getTime();
      const recent = memo(s, `since:${since}`, () => s.publishedMs.reduce((n, ms) => (ms >= since ? n + 1 : n), 0));
      if ((text.leastMatches * recent) / s.publishedMs.length >= wanted) weeksFirst = count;
    }
  }
  return { viewer, now, filters, text, origin, mine, radiusItems, radiusCells, boostedCells, fewInPlace, weeksFirst };
}

export async function search(database: Database, viewer: Viewer, now: Date, query: SearchQuery): Promise<SearchResult> {
  const started = performance.now();
  const cursor = query.cursor ? decodeSearchCursor(query.cursor, query.sort) : undefined;
  const plan = await planSearch(database, viewer, now, query, { sort: query.sort });
  const where = andAll(baseCondition(plan), categoryCondition(plan), query.sort === 'lowest_price' ? sql`posts.open_to_selling` : null);
  const paged = page(database, plan, query.sort, where, query.limit, cursor);
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
    await recordEvent(database.db, 'search_no_results', viewer.userId, {
      q: query.q ?? null,
      category: query.category ?? [],
      radiusKm: query.radiusKm ?? null,
      sort: query.sort,
    }, now);
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

export async function recordEvent(db: Tx, name: string, userId: string | null, props: Record<string, unknown>, now: Date) {
  await db.execute(
    sql`insert into analytics_events (id, name, user_id, props, created_at)
      values (${newId()}, ${name}, ${userId}, ${JSON.stringify(props)}::jsonb, ${now.toISOString()}::timestamptz)`,
  );
}
