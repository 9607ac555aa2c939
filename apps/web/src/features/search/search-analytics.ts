import type { EventProps } from '@swapu/shared/analytics';
import type { SearchUrlState } from '@swapu/shared/search-url';
import { clip } from '../../lib/analytics';

/**
 * The search event of a search whose results have loaded: its words (the one free text the
 * contract keeps besides error messages), how many results, and its categories when they fit.
 * No place: where someone searches from is theirs.
 */
export function searchEvent(state: SearchUrlState, results: number): EventProps<'search'> {
  const category = state.category?.join(',');
  return {
    query: clip(state.q ?? '', 200),
    results: Math.min(results, 1_000_000),
    ...(category && category.length <= 64 ? { category } : {}),
  };
}
