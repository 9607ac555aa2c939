import { z } from 'zod';
import { PostCardSchema } from './api';
import { CATEGORIES, CONDITIONS, DELIVERY_OPTIONS } from './constants';
import { SEARCH_RADIUS_MAX_KM, SEARCH_SORTS } from './constants';
export { SEARCH_RADIUS_MAX_KM, SEARCH_SORTS };
export type { SearchSort } from './constants';
export { hasSearchTerm } from './input-rules';

/**
 * Search and discovery (issue 5): the public contract of GET /api/v1/search, the suggest box,
 * saved searches and /suggested. The web app's URL uses its own friendlier names
 * (`searchUrlToQuery` / `searchQueryToUrl` translate both ways).
 */

export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;
/** Results are counted exactly up to this many; beyond it the total is "500+" (decision 0011). */
export const SEARCH_TOTAL_CAP = 500;
/** Relevance ("featured") ranks the newest matches in windows of this many (decision 0011). */
export const SEARCH_RANK_WINDOW = 150;
export const SAVED_SEARCHES_MAX = 20;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** Comma-separated list of values from a fixed set ("a,b"); an unknown value is a 400. */
function listOf<T extends readonly [string, ...string[]]>(values: T) {
  return z
    .string()
    .max(2000)
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values)).max(values.length))
    .optional();
}

const num = z.coerce.number().finite();

/** The filters of a search, shared by GET /search, saved searches and the URL. */
export const SearchFiltersSchema = z.object({
  /** Keywords: stemmed, typo-tolerant, title above keywords above description. */
  q: z.string().trim().max(100).optional(),
  /** One or more category slugs, comma-separated (an item in any of them matches). */
  category: listOf(CATEGORIES),
  condition: listOf(CONDITIONS),
  /** Estimated value range, in cents. */
  minCents: z.coerce.number().int().min(0).max(100_000_000).optional(),
  maxCents: z.coerce.number().int().min(0).max(100_000_000).optional(),
  /** A suburb or postcode ("Newtown", "2042", "Newtown 2042") resolved to coordinates. */
  near: z.string().trim().min(1).max(80).optional(),
  /** The browser's position (both or neither); wins over `near`. */
  lat: num.min(-90).max(90).optional(),
  lng: num.min(-180).max(180).optional(),
  radiusKm: z.coerce.number().int().min(1).max(SEARCH_RADIUS_MAX_KM).optional(),
  delivery: z.enum(DELIVERY_OPTIONS).optional(),
  openToSelling: flag,
  openToSwapAnything: flag,
  /** Items whose wishes match the signed-in person's own live items. */
  wantsMine: flag,
});
export type SearchFilters = z.infer<typeof SearchFiltersSchema>;

export const SearchQuerySchema = SearchFiltersSchema.extend({
  sort: z.enum(SEARCH_SORTS).default('featured'),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;
export type SearchQueryInput = z.input<typeof SearchQuerySchema>;

export const SearchHitSchema = PostCardSchema.extend({
  /** Kilometres from the search origin, when the search has one. */
  distanceKm: z.number().nullable(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchFacetSchema = z.object({ slug: z.string(), count: z.number().int() });

export const SearchResultSchema = z.object({
  items: z.array(SearchHitSchema),
  nextCursor: z.string().nullable(),
  /** Exact when `totalExact`; otherwise at least this many (SEARCH_TOTAL_CAP). */
  total: z.number().int(),
  totalExact: z.boolean(),
  /**
   * Results per category, ignoring the category filter (so a person can switch). Exact when
   * `facetsExact`; otherwise counted over the first SEARCH_TOTAL_CAP + 1 matches.
   */
  facets: z.array(SearchFacetSchema),
  /**
   * True when the facet counts cover every match (otherwise the first SEARCH_TOTAL_CAP + 1, twice
   * that with a category filter, or an estimate from a sample of positions for a search that is
   * only a wide radius).
   */
  facetsExact: z.boolean(),
  /** Words the typo tolerance added: "bycicle" → ["bicycle"]. */
  corrections: z.array(z.object({ from: z.string(), to: z.array(z.string()) })),
  /** Where distances are measured from, when the search has a place. */
  origin: z.object({ label: z.string(), lat: z.number(), lng: z.number() }).nullable(),
  /** Server time for the whole search, in milliseconds. */
  tookMs: z.number(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SuggestQuerySchema = z.object({ q: z.string().trim().max(100).default('') });
export const SuggestResultSchema = z.object({
  /** Whole queries to offer: the typed words with the last one completed. */
  completions: z.array(z.string()),
  /** Categories whose name matches the typed text. */
  categories: z.array(z.string()),
  tookMs: z.number(),
});
export type SuggestResult = z.infer<typeof SuggestResultSchema>;

/** The same filters as a JSON body (lists as arrays, flags as booleans): saved searches. */
export const SearchFiltersBodySchema = SearchFiltersSchema.omit({ wantsMine: true }).extend({
  category: z.array(z.enum(CATEGORIES)).max(CATEGORIES.length).optional(),
  condition: z.array(z.enum(CONDITIONS)).max(CONDITIONS.length).optional(),
  openToSelling: z.boolean().optional(),
  openToSwapAnything: z.boolean().optional(),
});
export type SearchFiltersBody = z.infer<typeof SearchFiltersBodySchema>;

export const SavedSearchInputSchema = z.object({
  name: z.string().trim().min(1).max(80),
  filters: SearchFiltersBodySchema,
});
export const SavedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The filters as stored (already parsed: arrays and booleans). */
  filters: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  /** New matching items notified so far. */
  hits: z.number().int(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;
export const SavedSearchListSchema = z.object({ items: z.array(SavedSearchSchema) });

export const SUGGESTION_REASONS = ['interest', 'wish', 'liked', 'nearby', 'wants_yours'] as const;
export type SuggestionReason = (typeof SUGGESTION_REASONS)[number];
export const SuggestedItemSchema = SearchHitSchema.extend({
  reason: z.enum(SUGGESTION_REASONS),
  /** What the reason refers to: a category slug, a keyword, or a suburb. */
  because: z.string().nullable(),
});
export type SuggestedItem = z.infer<typeof SuggestedItemSchema>;
export const SuggestedListSchema = z.object({ items: z.array(SuggestedItemSchema) });
