import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cachedFor } from '../../lib/cached-for';
import { rowsOf } from '../../lib/sql-rows';

/**
 * The position sample: a random sample of live items' positions, categories and publish times,
 * reloaded every few minutes. It estimates how many items a radius or a time holds without
 * reading them, which the planner uses to pick cells, rings and windows.
 */

export interface Point {
  lat: number;
  lng: number;
}

/** The radius of earthdistance's sphere (its earth() function), in metres. */
export const EARTH_M = 6_378_168;
/** The straight-line length through the earth cube (what `<->` measures) of a great-circle distance in metres. */
export const chordOf = (m: number) => 2 * EARTH_M * Math.sin(Math.min(Math.PI / 2, m / (2 * EARTH_M)));
export const RAD = Math.PI / 180;

const GEO_SAMPLE_SIZE = 20_000;
const GEO_SAMPLE_TTL_MS = 10 * 60_000;

export interface GeoSample {
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
export function memo<T>(s: Pick<GeoSample, 'memo'>, key: string, compute: () => T): T {
  if (s.memo.has(key)) return s.memo.get(key) as T;
  if (s.memo.size >= 500) s.memo.clear();
  const value = compute();
  s.memo.set(key, value);
  return value;
}
/** How many of the sample's points went live from `since` to `until` (epoch ms), worked out once per sample. */
export function publishedBetween(s: Pick<GeoSample, 'publishedMs' | 'memo'>, since: number, until = Number.POSITIVE_INFINITY): number {
  return memo(s, `published:${since}:${until}`, () => s.publishedMs.reduce((n, ms) => (ms >= since && ms <= until ? n + 1 : n), 0));
}
const geoSamples = new WeakMap<Database, Promise<GeoSample>>();

async function loadGeoSample(database: Database): Promise<GeoSample> {
  const [stat] = await rowsOf<{ n: number }>(
    database.db,
    sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'posts'::regclass`,
  );
  const tuples = stat?.n ?? 0;
  const pct = tuples <= GEO_SAMPLE_SIZE * 2 ? 100 : Math.max(0.01, Math.min(100, (100 * GEO_SAMPLE_SIZE) / tuples));
  const found = await rowsOf<{ lat: number; lng: number; categories: string[]; ms: number }>(
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

/** Drops the cached sample (the next search reloads it). */
export function forgetPositionSample(database: Database) {
  geoSamples.delete(database);
}

export const geoSample = (database: Database) => cachedFor(geoSamples, database, GEO_SAMPLE_TTL_MS, loadGeoSample);

/** Great-circle distance (km) from `o` to the sampled point `i` (haversine). */
function sampleDistance(s: GeoSample, i: number, o: Point, cos0: number): number {
  const dLat = (s.lat[i]! - o.lat) * RAD;
  const dLng = (s.lng[i]! - o.lng) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + cos0 * s.cosLat[i]! * Math.sin(dLng / 2) ** 2;
  return (2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(a)))) / 1000;
}

/** Great-circle distance (km) from `o` to each sampled point. */
function sampleDistances(s: GeoSample, o: Point): Float64Array {
  const cos0 = Math.cos(o.lat * RAD);
  const d = new Float64Array(s.lat.length);
  for (let i = 0; i < s.lat.length; i++) d[i] = sampleDistance(s, i, o, cos0);
  return d;
}

/** Indexes of the sample's points within `km` of `o`. */
export function sampleWithin(s: GeoSample, o: Point, km: number): number[] {
  return memo(s, `within:${o.lat}:${o.lng}:${km}`, () => scanWithin(s, o, km));
}

function scanWithin(s: GeoSample, o: Point, km: number): number[] {
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
export async function estimateWithin(database: Database, o: Point, km: number): Promise<number> {
  const s = await geoSample(database);
  if (!s.lat.length) return 0;
  return (sampleWithin(s, o, km).length / s.lat.length) * s.live;
}

/** Sorted distances kept per sample for this many origins at most (160 KB each). */
const SORTED_ORIGINS = 32;
const sortedDistances = new WeakMap<GeoSample, Map<string, Float64Array>>();

/**
 * The sample's distances from `o`, nearest first, worked out once per origin and sample: sorting
 * 20,000 distances took 1–2 ms of the event loop on every "closest" search.
 */
function sortedFrom(s: GeoSample, o: Point): Float64Array {
  let byOrigin = sortedDistances.get(s);
  if (!byOrigin) sortedDistances.set(s, (byOrigin = new Map()));
  const key = `${o.lat}:${o.lng}`;
  let d = byOrigin.get(key);
  if (!d) {
    d = sampleDistances(s, o).sort();
    if (byOrigin.size >= SORTED_ORIGINS) byOrigin.delete(byOrigin.keys().next().value!);
    byOrigin.set(key, d);
  }
  return d;
}

/** The radius (km) around `o` that holds about `items` live items (`whole` when the sample says every item). */
export function radiusHolding(s: GeoSample, o: Point, items: number, whole: number): number {
  if (!s.lat.length || items >= s.live) return whole;
  const d = sortedFrom(s, o);
  const idx = Math.min(d.length - 1, Math.ceil((items / s.live) * d.length));
  return d[idx]!;
}
