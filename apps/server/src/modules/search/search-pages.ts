import { sql, type SQL } from 'drizzle-orm';
import type { SearchQuery } from '@swapu/shared/search';
import type { Database } from '../../db/client';
import { rowsOf } from '../../lib/sql-rows';
import { cardColumnsSql, type RawCardRow } from '../posts/index';
import { chordOf, estimateWithin, geoSample, radiusHolding } from './position-sample';
import { andAll, boostedOnly, distanceKmSql, fromPosts, iso, notBoostedNow, originPoint, textArray, ts } from './search-conditions';
import { plannedRows } from './search-counts';
import { cellsQuery } from './search-places';
import type { SearchPlan } from './search-plan';
import type { SearchCursor } from './search.query';

/**
 * Pages. Every sort is a keyset over a total order ending in the id, so paging never repeats or
 * skips an item while the data stands still.
 */

/** The card's columns, with its distance from the search's origin when there is one. */
export const cardSelect = (p: SearchPlan) => cardColumnsSql(p.origin ? distanceKmSql(p.origin) : null);

/** A page of cards, where the next one starts, and what it looked at (for estimated facets). */
export interface SearchPage {
  rows: RawCardRow[];
  next: SearchCursor | null;
  /** The categories of every match the page looked at (its rank windows, or its rows). */
  seen: string[][];
}

/**
 * The sort-specific pieces of a keyset page. The page is found by an inner query that selects
 * only ids and the sort key (`k0`), so card columns (first photo, distance) are computed for the
 * page's rows alone, never for every candidate a sort had to look at.
 */
export interface KeysetSpec {
  order: SQL;
  /** The sort key's expression, selected as k0. */
  keyExpr: SQL;
  /** ORDER BY over the inner query's alias `k` (k0, kid). */
  outerOrder: SQL;
  after: (k: (string | number)[]) => SQL;
  key: (r: RawCardRow & { k0: string }) => (string | number)[];
}

export function keysetSpec(p: SearchPlan, sort: SearchQuery['sort']): KeysetSpec {
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

/** What one page of a search is asked for. */
export interface PageRequest {
  database: Database;
  p: SearchPlan;
  where: SQL;
  limit: number;
  cursor: SearchCursor | undefined;
}

/** One keyset read: up to `n` rows in the sort's order, after the key `k` when given. */
interface KeysetRead {
  database: Database;
  p: SearchPlan;
  spec: KeysetSpec;
  where: SQL;
  n: number;
  k: (string | number)[] | undefined;
}

export async function fetchKeyset({ database, p, spec, where, n, k }: KeysetRead): Promise<(RawCardRow & { k0: string })[]> {
  return rowsOf<RawCardRow & { k0: string }>(
    database.db,
    sql`select ${cardSelect(p)}, k.k0 from (
        select posts.id as kid, ${spec.keyExpr} as k0 ${fromPosts(p, andAll(where, k ? spec.after(k) : null))}
        order by ${spec.order} limit ${n}
      ) k join posts on posts.id = k.kid
      order by ${spec.outerOrder}`,
  );
}

/**
 * "Featured" without keywords: boosted items first (newest first), then everything else
 * newest first.
 */
export async function featuredPlain({ database, p, where, limit, cursor }: PageRequest): Promise<SearchPage> {
  const spec = keysetSpec(p, 'recent');
  let ph: 'b' | 'n' = cursor?.ph ?? 'b';
  let k = cursor?.k;
  const out: (RawCardRow & { k0: string; ph: 'b' | 'n' })[] = [];
  const unboosted = andAll(where, notBoostedNow(p.now));
  if (ph === 'b' && !k) {
    // The first page: its boosted items and the first unboosted ones in one statement.
    out.push(
      ...(await rowsOf<RawCardRow & { k0: string; ph: 'b' | 'n' }>(
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
      const found = await fetchKeyset({
        database,
        p,
        spec,
        where: ph === 'b' ? boostedOnly(p, where) : unboosted,
        n: limit + 1 - out.length,
        k,
      });
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

/** Card rows for these ids, in this order. */
export async function cardsFor(database: Database, p: SearchPlan, ids: string[]): Promise<RawCardRow[]> {
  if (!ids.length) return [];
  const found = await rowsOf<RawCardRow>(database.db, sql`select ${cardSelect(p)} from posts where posts.id = any(${textArray(ids)})`);
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is RawCardRow => !!r);
}

/**
 * The smallest ring. Items sit at their suburb's point, so from a busy suburb a ring of a kilometre
 * held five suburbs' items, every one read and sorted to find the nearest 21 ("condition" from
 * Fitzroy: 7,300 rows, 20 ms at 5,000,000 listings); 100 m holds the suburb's own point, and a ring
 * that holds too few is tripled anyway.
 */
const MIN_RING_KM = 0.1;

/** Beyond this, a ring covers the whole country: no box at all. */
const RING_MAX_KM = 4500;

/**
 * "Closest to me" without scoring every match by distance: the nearest items lie within a ring
 * around the origin that should hold enough of them, sized from the position sample and the
 * planner's estimate of how many items the other filters keep. The ring is written as place cells,
 * which the GIN index intersects with the words and categories; the exact distance orders what it
 * holds, and a ring that turns out too small is tripled until it is not.
 */
async function closestRows(read: KeysetRead): Promise<(RawCardRow & { k0: string })[]> {
  const { database, p, where, n, k } = read;
  const o = p.origin!;
  const s = await geoSample(database);
  const estimated = (await plannedRows(database, where)) ?? s.live;
  const share = Math.min(1, Math.max(1e-6, estimated / Math.max(1, s.live)));
  // Items needed inside the ring: those before the cursor, plus this page, three times over.
  const afterKm = k ? Number(k[0]) / 1000 : 0;
  const before = k ? await estimateWithin(database, o, afterKm) : 0;
  const wanted = before + (3 * n) / share;
  let km = Math.max(MIN_RING_KM, afterKm * 1.05, radiusHolding(s, o, wanted, RING_MAX_KM) * 1.1);
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
    const found = await fetchKeyset({ ...read, where: andAll(where, ring, sql`posts.earth_pt is not null`) });
    // The cells hold the circle of radius km (and corners beyond it, where rows may be missing):
    // only rows inside the circle are surely in order. k0 is the chord, so compare chords.
    const chord = chordOf(km * 1000);
    const within = whole ? found : found.filter((r) => Number(r.k0) <= chord);
    if (whole || within.length >= n) return within;
    km *= 3;
  }
}

/** A page of a sort other than "featured" (price, closest, recent): one keyset read. */
export async function keysetPage({ database, p, where, limit, cursor }: PageRequest, sort: SearchQuery['sort']): Promise<SearchPage> {
  const spec = keysetSpec(p, sort);
  const read: KeysetRead = { database, p, spec, where, n: limit + 1, k: cursor?.k };
  const found = sort === 'closest' ? await closestRows(read) : await fetchKeyset(read);
  const pageRows = found.slice(0, limit);
  const last = pageRows.at(-1);
  return {
    rows: pageRows,
    next: found.length > limit && last ? { s: sort, k: spec.key(last) } : null,
    seen: found.map((r) => r.categories),
  };
}
