import { CATEGORIES, CONDITIONS, DELIVERY_OPTIONS } from './constants';
import { SEARCH_SORTS, type SearchSort } from './constants';
import type { SearchFilters } from './search';

/**
 * The /search page's URL (spec: "category, keyword and distance are passed as inputs") and the
 * API's query, translated both ways. URL names are the product's (`keyword`, `distance`, prices in
 * dollars); API names are the contract's (`q`, `radiusKm`, cents). Unknown values are dropped, so
 * a hand-edited link still opens a search.
 */
export interface SearchUrlState extends SearchFilters {
  sort?: SearchSort;
}

const inList = <T extends string>(list: readonly T[], raw: string | null): T[] | undefined => {
  const out = (raw ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v): v is T => (list as readonly string[]).includes(v));
  return out.length ? [...new Set(out)] : undefined;
};
const int = (raw: string | null, min: number, max: number): number | undefined => {
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};
const coord = (raw: string | null, lim: number) => {
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && Math.abs(n) <= lim ? n : undefined;
};
const on = (raw: string | null) => (raw === '1' || raw === 'true' ? true : undefined);

/** The /search URL's parameters → filters and sort. */
export function parseSearchUrl(params: URLSearchParams): SearchUrlState {
  const minDollars = int(params.get('min'), 0, 1_000_000);
  const maxDollars = int(params.get('max'), 0, 1_000_000);
  const lat = coord(params.get('lat'), 90);
  const lng = coord(params.get('lng'), 180);
  const both = lat !== undefined && lng !== undefined;
  const state: SearchUrlState = {
    q: params.get('keyword')?.trim() || undefined,
    category: inList(CATEGORIES, params.get('category')),
    condition: inList(CONDITIONS, params.get('condition')),
    minCents: minDollars === undefined ? undefined : minDollars * 100,
    maxCents: maxDollars === undefined ? undefined : maxDollars * 100,
    near: params.get('near')?.trim() || undefined,
    lat: both ? lat : undefined,
    lng: both ? lng : undefined,
    radiusKm: int(params.get('distance'), 1, 500),
    delivery: (DELIVERY_OPTIONS as readonly string[]).includes(params.get('delivery') ?? '')
      ? (params.get('delivery') as SearchFilters['delivery'])
      : undefined,
    openToSelling: on(params.get('selling')),
    openToSwapAnything: on(params.get('anything')),
    wantsMine: on(params.get('wants')),
    sort: (SEARCH_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as SearchSort) : undefined,
  };
  return Object.fromEntries(Object.entries(state).filter(([, v]) => v !== undefined)) as SearchUrlState;
}

/** Filters and sort → the /search URL's query string (with its leading "?", or "" when empty). */
export function searchUrlQuery(s: SearchUrlState): string {
  const p = new URLSearchParams();
  if (s.q) p.set('keyword', s.q);
  if (s.category?.length) p.set('category', s.category.join(','));
  if (s.radiusKm !== undefined) p.set('distance', String(s.radiusKm));
  if (s.near) p.set('near', s.near);
  if (s.lat !== undefined && s.lng !== undefined) {
    p.set('lat', s.lat.toFixed(4));
    p.set('lng', s.lng.toFixed(4));
  }
  if (s.condition?.length) p.set('condition', s.condition.join(','));
  if (s.minCents !== undefined) p.set('min', String(Math.round(s.minCents / 100)));
  if (s.maxCents !== undefined) p.set('max', String(Math.round(s.maxCents / 100)));
  if (s.delivery) p.set('delivery', s.delivery);
  if (s.openToSelling) p.set('selling', '1');
  if (s.openToSwapAnything) p.set('anything', '1');
  if (s.wantsMine) p.set('wants', '1');
  if (s.sort && s.sort !== 'featured') p.set('sort', s.sort);
  const text = p.toString();
  return text ? `?${text}` : '';
}

/** Filters and sort → GET /api/v1/search's query parameters (strings, lists comma-separated). */
export function searchApiParams(s: SearchUrlState & { cursor?: string; limit?: number }): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (k: string, v: unknown) => {
    if (v === undefined || v === null || v === '' || v === false) return;
    out[k] = Array.isArray(v) ? v.join(',') : String(v);
  };
  put('q', s.q);
  put('category', s.category?.length ? s.category : undefined);
  put('condition', s.condition?.length ? s.condition : undefined);
  put('minCents', s.minCents);
  put('maxCents', s.maxCents);
  put('near', s.near);
  put('lat', s.lat);
  put('lng', s.lng);
  put('radiusKm', s.radiusKm);
  put('delivery', s.delivery);
  put('openToSelling', s.openToSelling ? 'true' : undefined);
  put('openToSwapAnything', s.openToSwapAnything ? 'true' : undefined);
  put('wantsMine', s.wantsMine ? 'true' : undefined);
  put('sort', s.sort);
  put('cursor', s.cursor);
  put('limit', s.limit);
  return out;
}
