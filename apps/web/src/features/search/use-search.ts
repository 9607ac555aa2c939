import { useInfiniteQuery } from '@tanstack/react-query';
import type { SearchResult } from '@swapu/shared/search';
import { searchApiParams, type SearchUrlState } from '@swapu/shared/search-url';
import { api, qs } from '../../lib/api';

/** GET /api/v1/search for these filters, one page. */
export const fetchSearch = (state: SearchUrlState & { limit?: number }, cursor?: string, init?: RequestInit) =>
  api<SearchResult>(`/api/v1/search${qs(searchApiParams({ ...state, cursor }))}`, init);

/**
 * Search results page by page. Only the first page carries the counts, facets, corrections and
 * origin (later pages say total -1), so the page reads those from `pages[0]`.
 */
export function useSearch(state: SearchUrlState, enabled = true) {
  return useInfiniteQuery({
    queryKey: ['search', 'results', searchApiParams(state)],
    queryFn: ({ pageParam, signal }) => fetchSearch(state, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}
