// A synthetic marketplace want graph for the swap-chain bench (issue 19, decision 0027),
// generated deterministically from a seed: members with 1–30 listings each, log-normal values,
// likes skewed toward popular categories, the liker's own interests and similar values.
import type { ChainItemInput, WantEdgeInput } from '../apps/server/src/modules/chains/engine/graph';

/** mulberry32: a small, fast, seeded 32-bit generator. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => {
    const u = Math.max(next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
  };
  const int = (k: number) => Math.floor(next() * k);
  return { next, normal, int };
}

export interface MarketOptions {
  seed: number;
  members: number;
  listings: number;
  likes: number;
  categories: number;
  /** Share of Swap Assist listings. */
  assistedShare: number;
}

export const MARKET_DEFAULTS: MarketOptions = {
  seed: 19,
  members: 10_000,
  listings: 100_000,
  likes: 1_000_000,
  categories: 40,
  assistedShare: 0.05,
};

export interface Market {
  items: ChainItemInput[];
  likes: WantEdgeInput[];
  /** Category per item (for drawing extra likes in the same way). */
  category: Int32Array;
  /** Draws one more like (not yet among `likes`), as the generator does. */
  drawLike: () => WantEdgeInput;
}

/** Cumulative Zipf weights (exponent s) over k ranks, for sampling by binary search. */
function zipf(k: number, s: number): Float64Array {
  const cum = new Float64Array(k);
  let t = 0;
  for (let i = 0; i < k; i++) cum[i] = t += 1 / Math.pow(i + 1, s);
  for (let i = 0; i < k; i++) cum[i]! /= t;
  return cum;
}
function pick(cum: Float64Array, u: number): number {
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cum[mid]! < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function generateMarket(opts: Partial<MarketOptions> = {}): Market {
  const o = { ...MARKET_DEFAULTS, ...opts };
  const r = rng(o.seed);
  // listings per member: 1–30, skewed toward few (mean about 10), then adjusted to the exact total
  const counts = new Int32Array(o.members);
  let total = 0;
  for (let m = 0; m < o.members; m++) {
    counts[m] = 1 + Math.floor(29 * Math.pow(r.next(), 1.9));
    total += counts[m]!;
  }
  while (total !== o.listings) {
    const m = r.int(o.members);
    if (total < o.listings && counts[m]! < 30) {
      counts[m]!++;
      total++;
    } else if (total > o.listings && counts[m]! > 1) {
      counts[m]!--;
      total--;
    }
  }
  const catCum = zipf(o.categories, 1.0);
  // each category has its own typical value (median $20 to $400), values log-normal around it
  const catMu = Float64Array.from({ length: o.categories }, () => Math.log(2000 + r.next() * 38_000));
  // each member lists mostly in two categories of their own and likes mostly three of their own
  const memberCats: Int32Array[] = [];
  const memberInterests: Int32Array[] = [];
  for (let m = 0; m < o.members; m++) {
    memberCats.push(Int32Array.from({ length: 2 }, () => pick(catCum, r.next())));
    memberInterests.push(Int32Array.from({ length: 3 }, () => pick(catCum, r.next())));
  }
  const items: ChainItemInput[] = [];
  const itemOwner = new Int32Array(o.listings);
  const category = new Int32Array(o.listings);
  const value = new Float64Array(o.listings);
  let i = 0;
  for (let m = 0; m < o.members; m++) {
    for (let k = 0; k < counts[m]!; k++) {
      const c = r.next() < 0.8 ? memberCats[m]![r.int(2)]! : pick(catCum, r.next());
      const v = Math.max(100, Math.round(Math.exp(catMu[c]! + 0.9 * r.normal()) / 100) * 100);
      items.push({ id: `i${i}`, ownerId: `m${m}`, valueCents: v, assisted: r.next() < o.assistedShare });
      itemOwner[i] = m;
      category[i] = c;
      value[i] = v;
      i++;
    }
  }
  // items of each category sorted by value, for "similar value" draws
  const byCat: Int32Array[] = [];
  const valsByCat: Float64Array[] = [];
  for (let c = 0; c < o.categories; c++) {
    const ids: number[] = [];
    for (let x = 0; x < o.listings; x++) if (category[x] === c) ids.push(x);
    ids.sort((a, b) => value[a]! - value[b]!);
    byCat.push(Int32Array.from(ids));
    valsByCat.push(Float64Array.from(ids, (x) => value[x]!));
  }
  // members' activity: a few like a lot (Zipf over a random order of members)
  const activityCum = zipf(o.members, 0.6);
  const activityOrder = Int32Array.from({ length: o.members }, (_, k) => k);
  for (let k = o.members - 1; k > 0; k--) {
    const j = r.int(k + 1);
    [activityOrder[k], activityOrder[j]] = [activityOrder[j]!, activityOrder[k]!];
  }
  const firstItem = new Int32Array(o.members + 1);
  for (let m = 0; m < o.members; m++) firstItem[m + 1] = firstItem[m]! + counts[m]!;

  const seen = new Set<number>();
  const draw = (): [number, number] => {
    for (;;) {
      const m = activityOrder[pick(activityCum, r.next())]!;
      const q = firstItem[m]! + r.int(counts[m]!);
      const u = r.next();
      const c = u < 0.6 ? memberInterests[m]![r.int(3)]! : u < 0.8 ? category[q]! : pick(catCum, r.next());
      const list = byCat[c]!;
      if (list.length === 0) continue;
      // a value near the liker's own (log-normal spread of ±25 %), then a near neighbour by value
      const target = value[q]! * Math.exp(0.25 * r.normal());
      const vals = valsByCat[c]!;
      let lo = 0;
      let hi = vals.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (vals[mid]! < target) lo = mid + 1;
        else hi = mid;
      }
      const pos = Math.min(vals.length - 1, Math.max(0, lo + Math.round(r.normal() * 3)));
      const p = list[pos]!;
      if (itemOwner[p] === m) continue;
      const key = q * o.listings + p;
      if (seen.has(key)) continue;
      seen.add(key);
      return [q, p];
    }
  };
  const likes: WantEdgeInput[] = new Array<WantEdgeInput>(o.likes);
  for (let k = 0; k < o.likes; k++) {
    const [q, p] = draw();
    likes[k] = { from: `i${q}`, to: `i${p}` };
  }
  const drawLike = () => {
    const [q, p] = draw();
    return { from: `i${q}`, to: `i${p}` };
  };
  return { items, likes, category, drawLike };
}
