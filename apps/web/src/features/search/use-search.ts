import { useInfiniteQuery } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { searchApiParams, type SearchUrlState } from '@swapu/shared/search-url';
import { call } from '../../lib/api';
import { keyOf } from '../../lib/query-keys';

/** One page of results for these filters. */
export const fetchSearch = (state: SearchUrlState & { limit?: number }, cursor?: string, signal?: AbortSignal) =>
  call(endpoints.search, { query: searchApiParams({ ...state, cursor }), ...(signal ? { signal } : {}) });

/**
 * Search results page by page. Only the first page carries the counts, facets, corrections and
 * origin (later pages say total -1), so the page reads those from `pages[0]`.
 */
export function useSearch(state: SearchUrlState, enabled = true) {
  return useInfiniteQuery({
    queryKey: keyOf(endpoints.search, { query: searchApiParams(state), variant: 'pages' }),
    queryFn: ({ pageParam, signal }) => fetchSearch(state, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}
