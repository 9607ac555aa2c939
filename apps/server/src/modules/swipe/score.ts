import { SIMILAR_VALUE_RATIO, type SwipeReason } from '@swapu/shared/engagement';

/**
 * The one scoring function for putting another member's item in front of a member's own item
 * (issue 18, decision 0026): the Swap Swipe deck and the goal tracker's suggestions rank with it.
 * Scores come in steps (not a continuum) so that items can rank equal, and Swap Assist's rule
 * (modules/assist/ranking.ts) puts an assisted item first among equals, then the newest.
 */
export interface ScoredItem {
  id: string;
  title: string;
  categories: readonly string[];
  keywords: readonly string[];
  wishCategories: readonly string[];
  wishKeywords: readonly string[];
  valueCents: number;
  lat: number | null;
  lng: number | null;
  publishedAt: Date;
}

export const SCORE = {
  /** Their item is what my item's wishes name (category or keyword). */
  wish: 40,
  /** Their owner wishes for what my item is. */
  wantsYours: 40,
  /** Both at once: a swap both people asked for. */
  reciprocal: 20,
  /** Value within ±30 % of mine. */
  similarValue: 15,
  /** Distance steps: ≤ 10 km, ≤ 25 km, ≤ 50 km, ≤ 100 km. */
  near: [
    [10, 20],
    [25, 15],
    [50, 10],
    [100, 5],
  ] as ReadonlyArray<readonly [number, number]>,
  /** Freshness steps: listed ≤ 2 days, ≤ 7 days, ≤ 30 days ago. */
  fresh: [
    [2, 10],
    [7, 6],
    [30, 3],
  ] as ReadonlyArray<readonly [number, number]>,
} as const;

/** "near" is said on the card up to this distance. */
const SAY_NEAR_KM = 50;
/** "fresh" is said on the card up to this age. */
export const FRESH_DAYS = 7;

const words = (s: string) => s.toLowerCase();

/** The first wish keyword found in the item's title or keywords. */
function keywordHit(wishes: readonly string[], item: ScoredItem): string | undefined {
  const hay = words([item.title, ...item.keywords].join(' '));
  return wishes.find((w) => w.trim() && hay.includes(words(w.trim())));
}

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number | null; lng: number | null }, b: { lat: number | null; lng: number | null }): number | null {
  if (a.lat == null || a.lng == null || b.lat == null || b.lng == null) return null;
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const step = (table: ReadonlyArray<readonly [number, number]>, x: number) => table.find(([upTo]) => x <= upTo)?.[1] ?? 0;

export interface PairScore {
  score: number;
  reasons: SwipeReason[];
  distanceKm: number | null;
}

/** How well `theirs` suits `mine`, and why, in the order the card says it. */
export function scorePair(mine: ScoredItem, theirs: ScoredItem, now: Date): PairScore {
  const reasons: SwipeReason[] = [];
  let score = 0;

  const wishCategory = theirs.categories.find((c) => mine.wishCategories.includes(c));
  const wishKeyword = wishCategory ? undefined : keywordHit(mine.wishKeywords, theirs);
  const wantsCategory = mine.categories.find((c) => theirs.wishCategories.includes(c));
  const wantsKeyword = wantsCategory ? undefined : keywordHit(theirs.wishKeywords, mine);
  const wish = wishCategory !== undefined || wishKeyword !== undefined;
  const wants = wantsCategory !== undefined || wantsKeyword !== undefined;
  if (wants) {
    score += SCORE.wantsYours;
    reasons.push(wantsCategory ? { kind: 'wants_yours', category: wantsCategory } : { kind: 'wants_yours', keyword: wantsKeyword! });
  }
  if (wish) {
    score += SCORE.wish;
    reasons.push(wishCategory ? { kind: 'wish', category: wishCategory } : { kind: 'wish', keyword: wishKeyword! });
  }
  if (wish && wants) score += SCORE.reciprocal;

  const km = distanceKm(mine, theirs);
  if (km !== null) {
    score += step(SCORE.near, km);
    if (km <= SAY_NEAR_KM) reasons.push({ kind: 'near', km: Math.max(1, Math.round(km)) });
  }

  if (mine.valueCents > 0 && Math.abs(theirs.valueCents - mine.valueCents) <= SIMILAR_VALUE_RATIO * mine.valueCents) {
    score += SCORE.similarValue;
    reasons.push({ kind: 'similar_value' });
  }

  const ageDays = Math.max(0, (now.getTime() - theirs.publishedAt.getTime()) / 86_400_000);
  score += step(SCORE.fresh, ageDays);
  if (ageDays <= FRESH_DAYS) reasons.push({ kind: 'fresh' });

  return { score, reasons, distanceKm: km === null ? null : Math.round(km * 10) / 10 };
}
