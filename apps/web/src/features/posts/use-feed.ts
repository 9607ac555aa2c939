import { useInfiniteQuery } from '@tanstack/react-query';
import { type CategorySlug, POSTS_LIMIT_DEFAULT } from '@swapu/shared/constants';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { keyOf } from '../../lib/query-keys';

export interface FeedFilter {
  category?: CategorySlug | undefined;
  q?: string | undefined;
}

export const fetchFeed = (filter: FeedFilter, cursor?: string) =>
  call(endpoints.feed, { query: { limit: POSTS_LIMIT_DEFAULT, cursor, category: filter.category, q: filter.q } });

/** Newest visible posts, 10 at a time ("load more" fetches the next page). */
export function useFeed(filter: FeedFilter = {}) {
  return useInfiniteQuery({
    queryKey: keyOf(endpoints.feed, { query: filter, variant: 'pages' }),
    queryFn: ({ pageParam }) => fetchFeed(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
