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
}

const textArray = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;
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
    parts.push(sql`earth_box(${o}, ${m}::float8) @> posts.earth_pt and earth_distance(${o}, posts.earth_pt) <= ${m}::float8`);
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

export function categoryCondition(p: Plan): SQL | null {
  const c = p.filters.category;
  return c?.length ? sql`posts.categories && ${textArray(c)}` : null;
}

const andAll = (...parts: (SQL | null | undefined)[]) => {
  const kept = parts.filter((x): x is SQL => !!x);
  return kept.length ? sql.join(kept, sql` and `) : sql`true`;
};

// ---------------------------------------------------------------------------------------------
// Pages. Every sort is a keyset over a total order ending in the id, so paging never repeats or
// skips an item while the data stands still.

const cardSelect = (p: Plan) => sql`posts.id, posts.title, posts.state, posts.cash_value_cents, posts.condition,
  posts.categories, posts.suburb, posts.au_state, posts.open_to_selling, posts.open_to_swap_anything,
  posts.published_at, posts.created_at, posts.boosted_until,
  (select pi.storage_key from post_images pi where pi.post_id = posts.id order by pi.position asc limit 1) as image_key,
  ${p.origin ? sql`earth_distance(${originPoint(p.origin)}, posts.earth_pt) / 1000.0` : sql`null::float8`} as distance_km`;

interface CardRow {
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

function toHit(r: CardRow, now: Date): SearchHit {
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

/** The sort-specific pieces of a keyset page. */
interface KeysetSpec {
  order: SQL;
  after: (k: (string | number)[]) => SQL;
  key: (r: CardRow & { sort_key?: string }) => (string | number)[];
  extraSelect?: SQL;
}

function keysetSpec(p: Plan, sort: SearchQuery['sort']): KeysetSpec {
  switch (sort) {
    case 'price_asc':
    case 'lowest_price':
      return {
        order: sql`posts.cash_value_cents asc, posts.id asc`,
        after: (k) => sql`(posts.cash_value_cents, posts.id) > (${Number(k[0])}::int, ${String(k[1])})`,
        key: (r) => [r.cash_value_cents ?? 0, r.id],
      };
    case 'price_desc':
      return {
        order: sql`posts.cash_value_cents desc, posts.id desc`,
        after: (k) => sql`(posts.cash_value_cents, posts.id) < (${Number(k[0])}::int, ${String(k[1])})`,
        key: (r) => [r.cash_value_cents ?? 0, r.id],
      };
    case 'closest': {
      const o = originPoint(p.origin!);
      // `<->` on the earth cube is the chord length: the GiST index returns nearest first, and it
      // orders exactly as the great-circle distance does.
      return {
        order: sql`(posts.earth_pt <-> ${o}) asc, posts.id asc`,
        after: (k) =>
          sql`((posts.earth_pt <-> ${o}) > ${String(k[0])}::float8 or ((posts.earth_pt <-> ${o}) = ${String(k[0])}::float8 and posts.id > ${String(k[1])}))`,
        key: (r) => [String(r.sort_key), r.id],
        extraSelect: sql`, (posts.earth_pt <-> ${o})::text as sort_key`,
      };
    }
    default:
      return {
        order: sql`posts.published_at desc, posts.id desc`,
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
  closest = false,
): Promise<(CardRow & { sort_key?: string })[]> {
  return rows<CardRow & { sort_key?: string }>(
    database.db,
    sql`select ${cardSelect(p)}${spec.extraSelect ?? sql``} from posts
      where ${andAll(where, closest ? sql`posts.earth_pt is not null` : null, k ? spec.after(k) : null)}
      order by ${spec.order} limit ${n}`,
  );
}

const boostedNow = (now: Date) => sql`posts.boosted_until > ${now.toISOString()}::timestamptz`;
const notBoostedNow = (now: Date) => sql`(posts.boosted_until is null or posts.boosted_until <= ${now.toISOString()}::timestamptz)`;

/**
 * "Featured" without keywords: boosted items first (newest first), then everything else
 * newest first.
 */
async function featuredPlain(database: Database, p: Plan, where: SQL, limit: number, cursor: SearchCursor | undefined): Promise<PageOut> {
  const spec = keysetSpec(p, 'recent');
  let ph: 'b' | 'n' = cursor?.ph ?? 'b';
  let k = cursor?.k;
  const out: (CardRow & { ph: 'b' | 'n' })[] = [];
  for (;;) {
    const phaseCond = ph === 'b' ? boostedNow(p.now) : notBoostedNow(p.now);
    const found = await fetchKeyset(database, p, spec, andAll(where, phaseCond), limit + 1 - out.length, k);
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
  const tsq = p.text.tsquery!;
  let ph: 'b' | 'n' = cursor?.ph ?? 'b';
  let wb = cursor?.wb;
  let k = cursor?.k;
  const out: (CardRow & { rank: string; ph: 'b' | 'n'; wb: [string, string] | undefined })[] = [];
  for (let guard = 0; guard < 50; guard++) {
    const phaseCond = ph === 'b' ? boostedNow(p.now) : notBoostedNow(p.now);
    const need = limit + 1 - out.length;
    const found = await rows<CardRow & { rank: string; n: number; b_at: Date | string | null; b_id: string | null }>(
      database.db,
      sql`with c as materialized (
          select posts.id, posts.published_at, posts.search_vector as sv from posts
          where ${andAll(where, phaseCond, wb ? sql`(posts.published_at, posts.id) < (${ts(wb[0])}, ${wb[1]})` : null)}
          order by posts.published_at desc, posts.id desc
          limit ${SEARCH_RANK_WINDOW}
        ),
        r as (select id, published_at, ts_rank(${RANK_WEIGHTS}::float4[], sv, ${tsq}) as rank from c),
        w as (select count(*)::int as n from c),
        b as (select published_at as b_at, id as b_id from c order by published_at asc, id asc limit 1),
        t as (
          select r.id, r.rank from r
          where ${k ? sql`(r.rank, r.published_at, r.id) < (${String(k[0])}::real, ${ts(k[1]!)}, ${String(k[2])})` : sql`true`}
          order by r.rank desc, r.published_at desc, r.id desc
          limit ${need}
        )
        select ${cardSelect(p)}, t.rank::text as rank, w.n, b.b_at, b.b_id
        from w left join b on true left join (t join posts on posts.id = t.id) on true
        order by t.rank desc nulls last, posts.published_at desc, posts.id desc`,
    );
    const hits = found.filter((r) => r.id !== null);
    out.push(...hits.map((r) => ({ ...r, ph, wb })));
    if (out.length > limit) break;
    // This window is used up: the next one starts after its oldest item, if it was full.
    const info = found[0]!;
    if (info.n >= SEARCH_RANK_WINDOW) {
      wb = [iso(info.b_at!), info.b_id!];
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
  const pageRows = out.slice(0, limit);
  const last = pageRows.at(-1);
  return {
    rows: pageRows,
    next: out.length > limit && last ? { s: 'featured', ph: last.ph, ...(last.wb ? { wb: last.wb } : {}), k: [last.rank, iso(last.published_at), last.id] } : null,
  };
}

async function page(database: Database, p: Plan, sort: SearchQuery['sort'], where: SQL, limit: number, cursor: SearchCursor | undefined): Promise<PageOut> {
  if (sort === 'featured') {
    return p.text.tsquery ? featuredRanked(database, p, where, limit, cursor) : featuredPlain(database, p, where, limit, cursor);
  }
  const spec = keysetSpec(p, sort);
  const found = await fetchKeyset(database, p, spec, where, limit + 1, cursor?.k, sort === 'closest');
  const pageRows = found.slice(0, limit);
  const last = pageRows.at(-1);
  return { rows: pageRows, next: found.length > limit && last ? { s: sort, k: spec.key(last) } : null };
}

// ---------------------------------------------------------------------------------------------
// Totals and facets: counted exactly up to SEARCH_TOTAL_CAP, never over every match.

async function countAndFacets(database: Database, p: Plan): Promise<Pick<SearchResult, 'total' | 'totalExact' | 'facets' | 'facetsExact'>> {
  const base = baseCondition(p);
  const cat = categoryCondition(p);
  const cap = SEARCH_TOTAL_CAP;
  const [facetRows, catCount] = await Promise.all([
    rows<{ slug: string | null; n: number }>(
      database.db,
      sql`with s as (select posts.categories from posts where ${base} limit ${cap + 1})
        select null::text as slug, count(*)::int as n from s
        union all
        select slug, count(*)::int as n from s cross join lateral unnest(s.categories) as slug group by slug`,
    ),
    cat
      ? rows<{ n: number }>(database.db, sql`select count(*)::int as n from (select 1 from posts where ${base} and ${cat} limit ${cap + 1}) s`)
      : Promise.resolve(null),
  ]);
  const sample = facetRows.find((r) => r.slug === null)?.n ?? 0;
  const total = catCount ? catCount[0]!.n : sample;
  const facets = facetRows
    .filter((r): r is { slug: string; n: number } => r.slug !== null)
    .map((r) => ({ slug: r.slug, count: r.n }))
    .sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug));
  return { total: Math.min(total, cap), totalExact: total <= cap, facets, facetsExact: sample <= cap };
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
  // Only stop words ("the") and nothing else to go on: nothing to search for.
  if (!text.tsquery && !filters.category?.length && filters.radiusKm === undefined && !filters.wantsMine) {
    throw errors.badRequest('search_term_required');
  }
  return { viewer, now, filters, text, origin, mine };
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
