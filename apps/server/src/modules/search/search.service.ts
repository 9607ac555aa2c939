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
}

const english = (w: string) => sql`plainto_tsquery('english'::regconfig, ${w})`;

export async function buildTextQuery(database: Database, q: string | undefined): Promise<TextQuery> {
  const words = queryWords(q);
  if (!words.length) return { tsquery: null, corrections: [] };
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
      if (r.n < RARE_WORD_MATCHES) {
        const candidates = await rows<{ term: string; ndoc: number }>(
          database.db,
          sql`select term, ndoc from search_terms order by term <-> ${w} limit 12`,
        );
        fixes = pickCorrections(
          w,
          candidates.filter((c) => c.ndoc > r.n),
        );
      }
      return { word: w, fixes };
    }),
  );
  const kept = analysed.filter((a): a is { word: string; fixes: string[] } => a !== null);
  if (!kept.length) return { tsquery: null, corrections: [] };
  const parts = kept.map((a) => {
    const alts = [english(a.word), ...a.fixes.map(english)];
    return alts.length === 1 ? alts[0]! : sql`(${sql.join(alts, sql` || `)})`;
  });
  return {
    tsquery: sql`(${sql.join(parts, sql` && `)})`,
    corrections: kept.filter((a) => a.fixes.length).map((a) => ({ from: a.word, to: a.fixes })),
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
}

/** The grids of the cell lexemes written by posts_search_fields (migration 0013), finest first. */
const CELL_GRIDS = [
  { name: 'g1', deg: 0.05 },
  { name: 'g2', deg: 0.25 },
  { name: 'g3', deg: 1.25 },
];
const MAX_CELLS = 36;
/** A radius estimated to hold this many live items or more is not narrowed by cells. */
export const CELLS_BELOW_ITEMS = 70_000;

/** The cells of the finest grid covering a circle in at most MAX_CELLS, as tsquery text. */
export function cellsQuery(o: { lat: number; lng: number }, km: number): string | null {
  const dLat = km / 111.2;
  const dLng = km / (111.2 * Math.max(0.05, Math.cos((o.lat * Math.PI) / 180)));
  for (const g of CELL_GRIDS) {
    const x0 = Math.floor((Math.max(-90, o.lat - dLat) + 90) / g.deg);
    const x1 = Math.floor((Math.min(90, o.lat + dLat) + 90) / g.deg);
    const y0 = Math.floor((o.lng - dLng + 180) / g.deg);
    const y1 = Math.floor((o.lng + dLng + 180) / g.deg);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS) continue;
    const cells: string[] = [];
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) cells.push(`'${g.name}x${x}y${y}'`);
    return cells.join(' | ');
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// How many live items a radius holds, estimated from a random sample of their positions.

const GEO_SAMPLE_SIZE = 20_000;
const GEO_SAMPLE_TTL_MS = 10 * 60_000;

interface GeoSample {
  at: number;
  lat: Float64Array;
  lng: Float64Array;
  categories: string[][];
  /** Estimated live items with a position. */
  live: number;
}
const geoSamples = new WeakMap<Database, Promise<GeoSample>>();

async function loadGeoSample(database: Database): Promise<GeoSample> {
  const [stat] = await rows<{ n: number }>(database.db, sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'posts'::regclass`);
  const tuples = stat?.n ?? 0;
  const pct = tuples <= GEO_SAMPLE_SIZE * 2 ? 100 : Math.max(0.01, Math.min(100, (100 * GEO_SAMPLE_SIZE) / tuples));
  const found = await rows<{ lat: number; lng: number; categories: string[] }>(
    database.db,
    pct >= 100
      ? sql`select lat, lng, categories from posts where state = 'published' and lat is not null and lng is not null`
      : sql`select lat, lng, categories from posts tablesample system (${sql.raw(pct.toFixed(4))}) where state = 'published' and lat is not null and lng is not null`,
  );
  return {
    at: Date.now(),
    lat: Float64Array.from(found, (r) => r.lat),
    lng: Float64Array.from(found, (r) => r.lng),
    categories: found.map((r) => r.categories),
    live: found.length * (100 / pct),
  };
}

/** Drops the cached sample (tests that add many items at once; the next search reloads it). */
export function forgetGeoSample(database: Database) {
  geoSamples.delete(database);
}

async function geoSample(database: Database): Promise<GeoSample> {
  const cached = geoSamples.get(database);
  if (cached) {
    const s = await cached;
    if (Date.now() - s.at < GEO_SAMPLE_TTL_MS) return s;
  }
  const next = loadGeoSample(database);
  geoSamples.set(database, next);
  next.catch(() => geoSamples.delete(database));
  return next;
}

/** Great-circle distance (km) from `o` to each sampled point. */
function sampleDistances(s: GeoSample, o: Origin): Float64Array {
  const rad = Math.PI / 180;
  const cos0 = Math.cos(o.lat * rad);
  const d = new Float64Array(s.lat.length);
  for (let i = 0; i < s.lat.length; i++) {
    const dLat = (s.lat[i]! - o.lat) * rad;
    const dLng = (s.lng[i]! - o.lng) * rad;
    const a = Math.sin(dLat / 2) ** 2 + cos0 * Math.cos(s.lat[i]! * rad) * Math.sin(dLng / 2) ** 2;
    d[i] = 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
  }
  return d;
}

/** Indexes of the sample's points within `km` of `o`. */
function sampleWithin(s: GeoSample, o: Origin, km: number): number[] {
  const out: number[] = [];
  sampleDistances(s, o).forEach((d, i) => {
    if (d <= km) out.push(i);
  });
  return out;
}

/** Estimated live items within `km` of `o`. */
export async function estimateWithin(database: Database, o: Origin, km: number): Promise<number> {
  const s = await geoSample(database);
  if (!s.lat.length) return 0;
  return (sampleWithin(s, o, km).length / s.lat.length) * s.live;
}

/**
 * Totals and facets of a search that is only a radius holding far more than SEARCH_TOTAL_CAP
 * items, estimated from the position sample instead of read: counting 501 of them means reading
 * 10,000 rows of a city, to say "500+".
 */
async function sampledCounts(database: Database, p: Plan): Promise<Pick<SearchResult, 'total' | 'totalExact' | 'facets' | 'facetsExact'> | null> {
  const f = p.filters;
  const onlyRadius =
    f.radiusKm !== undefined && p.origin && !p.text.tsquery && !f.category?.length && !p.mine && !f.condition?.length &&
    f.minCents === undefined && f.maxCents === undefined && !f.delivery && !f.openToSelling && !f.openToSwapAnything;
  if (!onlyRadius || (p.radiusItems ?? 0) < 3 * SEARCH_TOTAL_CAP) return null;
  const s = await geoSample(database);
  const inside = sampleWithin(s, p.origin!, f.radiusKm!);
  if (inside.length < 30) return null; // too few sampled points to say anything
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
    const m = f.radiusKm * 1000;
    const o = originPoint(p.origin);
    // The cells around the circle narrow the search inside the GIN index, which intersects them
    // with the words or categories cheaply (it skips through the long cell lists); the exact
    // distance then keeps the circle. A radius alone that holds many items (the position sample
    // says how many) or is too wide for a handful of cells is a plain filter: the planner then
    // walks the sort's index, which finds a page of a common place at once, where a bitmap of
    // 150,000 cell entries costs 30 ms to build.
    const narrowing = !!p.text.tsquery || !!f.category?.length || !!p.mine || (p.radiusItems ?? 0) < CELLS_BELOW_ITEMS;
    const cells = narrowing ? cellsQuery(p.origin, f.radiusKm) : null;
    if (cells) parts.push(sql`posts.search_vector @@ ${cells}::tsquery`);
    parts.push(sql`earth_distance(${o}, posts.earth_pt) <= ${m}::float8`);
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
  ${origin ? sql`earth_distance(${originPoint(origin)}, posts.earth_pt) / 1000.0` : sql`null::float8`} as distance_km`;
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
        select posts.id as kid, ${spec.keyExpr} as k0 from posts
        where ${andAll(where, k ? spec.after(k) : null)}
        order by ${spec.order} limit ${n}
      ) k join posts on posts.id = k.kid
      order by ${spec.outerOrder}`,
  );
}

/**
 * The boosted phase: boosted items carry the lexeme 'boosted' (migration 0013), so the GIN index
 * intersects them with the words, categories and places; posts_boosted_idx can serve it too.
 */
const boostedOnly = (now: Date, where: SQL) =>
  sql`${where} and posts.search_vector @@ 'boosted'::tsquery and posts.boosted_until > ${now.toISOString()}::timestamptz`;

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
  for (;;) {
    const phaseWhere = ph === 'b' ? boostedOnly(p.now, where) : andAll(where, notBoostedNow(p.now));
    const found = await fetchKeyset(database, p, spec, phaseWhere, limit + 1 - out.length, k);
    out.push(...found.map((r) => ({ ...r, ph })));
    if (out.length > limit || ph === 'n') break;
    ph = 'n';
    k = undefined;
  }
  const pageRows = out.slice(0, limit);
  const last = pageRows.at(-1);
  return {
    rows: pageRows,
    next: out.length > limit && last ? { s: 'featured', ph: last.ph, k: spec.key(last) } : null,
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
  for (let guard = 0; guard < 50; guard++) {
    const window =
      ph === 'b' ? await windowCandidates(database, p, boostedOnly(p.now, where), wb, false) : await windowCandidates(database, p, andAll(where, notBoostedNow(p.now)), wb, true);
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
  const cards = await cardsFor(database, p, page.map((c) => c.id));
  const last = page.at(-1);
  return {
    rows: cards,
    next: picked.length > limit && last ? { s: 'featured', ph: last.ph, ...(last.wb ? { wb: last.wb } : {}), k: [last.rank, last.at, last.id] } : null,
  };
}

interface Candidate {
  id: string;
  /** published_at, ISO. */
  at: string;
  rank: number;
}

/** Relevance order: rank, then newer, then id (all descending). Negative when a comes first. */
function byRank(a: Candidate, b: Candidate): number {
  if (a.rank !== b.rank) return b.rank - a.rank;
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

const monthLexeme = (d: Date) => `pm${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * A rank window: the SEARCH_RANK_WINDOW newest matches published before `wb`, newest first, with
 * their rank. The newest two months are asked first through their month lexemes, so the GIN index
 * intersects the words with the months and a medium word's window costs its last two months of
 * matches, not all of them; only a window those months cannot fill looks further back.
 */
async function windowCandidates(database: Database, p: Plan, where: SQL, wb: [string, string] | undefined, byMonths: boolean): Promise<Candidate[]> {
  const tsq = p.text.tsquery!;
  const top = wb ? new Date(wb[0]) : p.now;
  const olderMonth = new Date(Date.UTC(top.getUTCFullYear(), top.getUTCMonth() - 1, 1));
  const nextMonth = new Date(Date.UTC(top.getUTCFullYear(), top.getUTCMonth() + 1, 1));
  const months = [nextMonth, top, olderMonth].map((m) => `'${monthLexeme(m)}'`).join(' | ');
  const before = wb ? sql`(posts.published_at, posts.id) < (${ts(wb[0])}, ${wb[1]})` : null;
  const fetch = (extra: SQL, n: number) =>
    rows<{ id: string; published_at: Date | string; rank: number }>(
      database.db,
      sql`select posts.id, posts.published_at, ts_rank(${RANK_WEIGHTS}::float4[], posts.search_vector, ${tsq}) as rank from posts
        where ${andAll(where, before, extra)}
        order by posts.published_at desc nulls last, posts.id desc nulls last limit ${n}`,
    );
  if (!byMonths) return (await fetch(sql`true`, SEARCH_RANK_WINDOW)).map((r) => ({ id: r.id, at: iso(r.published_at), rank: Number(r.rank) }));
  const recent = await fetch(sql`posts.search_vector @@ ${months}::tsquery`, SEARCH_RANK_WINDOW);
  const rest =
    recent.length < SEARCH_RANK_WINDOW
      ? await fetch(sql`posts.published_at < ${olderMonth.toISOString()}::timestamptz`, SEARCH_RANK_WINDOW - recent.length)
      : [];
  return [...recent, ...rest].map((r) => ({ id: r.id, at: iso(r.published_at), rank: Number(r.rank) }));
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
  const [plan] = await rows<{ 'QUERY PLAN': unknown }>(database.db, sql`explain (format json) select 1 from posts where ${where}`);
  const raw = plan?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  const estimated = parsed[0]?.Plan['Plan Rows'] ?? s.live;
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
    const chord = 2 * 6_371_000 * Math.sin((km * 1000) / (2 * 6_371_000));
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
  return { rows: pageRows, next: found.length > limit && last ? { s: sort, k: spec.key(last) } : null };
}

// ---------------------------------------------------------------------------------------------
// Totals and facets: counted exactly up to SEARCH_TOTAL_CAP, never over every match.

async function countAndFacets(database: Database, p: Plan): Promise<Pick<SearchResult, 'total' | 'totalExact' | 'facets' | 'facetsExact'>> {
  const sampled = await sampledCounts(database, p);
  if (sampled) return sampled;
  const base = baseCondition(p);
  const cat = categoryCondition(p);
  const cap = SEARCH_TOTAL_CAP;
  // One read serves the facets (every category, the category filter ignored) and, when the
  // filter's categories are most of what the rest matches (a word's own category, usually), the
  // total too: twice the cap is read so that the filtered count can reach "500+" within it.
  const limit = cat ? 2 * (cap + 1) : cap + 1;
  const facetRows = await rows<{ slug: string | null; n: number; n_cat: number }>(
    database.db,
    sql`with s as (select posts.categories, ${cat ? sql`(${cat})` : sql`true`} as in_cat from posts where ${base} limit ${limit})
      select null::text as slug, count(*)::int as n, (count(*) filter (where in_cat))::int as n_cat from s
      union all
      select slug, count(*)::int as n, 0 as n_cat from s cross join lateral unnest(s.categories) as slug group by slug`,
  );
  const head = facetRows.find((r) => r.slug === null);
  const sample = head?.n ?? 0;
  const exhausted = sample < limit;
  let total = cat ? (head?.n_cat ?? 0) : sample;
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
  const radiusItems = filters.radiusKm !== undefined && origin ? await estimateWithin(database, origin, filters.radiusKm) : undefined;
  // Only stop words ("the") and nothing else to go on: nothing to search for.
  if (!text.tsquery && !filters.category?.length && filters.radiusKm === undefined && !filters.wantsMine) {
    throw errors.badRequest('search_term_required');
  }
  return { viewer, now, filters, text, origin, mine, radiusItems };
}

export async function search(database: Database, viewer: Viewer, now: Date, query: SearchQuery): Promise<SearchResult> {
  const started = performance.now();
  const cursor = query.cursor ? decodeSearchCursor(query.cursor, query.sort) : undefined;
  const plan = await planSearch(database, viewer, now, query, { sort: query.sort });
  const where = andAll(baseCondition(plan), categoryCondition(plan), query.sort === 'lowest_price' ? sql`posts.open_to_selling` : null);
  const [result, counts] = await Promise.all([
    page(database, plan, query.sort, where, query.limit, cursor),
    // Counts belong to the first page; later pages keep the first page's figures.
    cursor ? Promise.resolve(null) : countAndFacets(database, { ...plan, filters: query.sort === 'lowest_price' ? { ...plan.filters, openToSelling: true } : plan.filters }),
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
