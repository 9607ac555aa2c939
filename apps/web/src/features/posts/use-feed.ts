import { useInfiniteQuery } from '@tanstack/react-query';
import type { PostList } from '@swapu/shared/api';
import { POSTS_LIMIT_DEFAULT } from '@swapu/shared/constants';
import { api, qs } from '../../lib/api';

export interface FeedFilter {
  category?: string | undefined;
  q?: string | undefined;
}

export const fetchFeed = (filter: FeedFilter, cursor?: string) =>
  api<PostList>(`/api/v1/posts${qs({ limit: POSTS_LIMIT_DEFAULT, cursor, category: filter.category, q: filter.q })}`);

/** Newest visible posts, 10 at a time ("load more" fetches the next page). */
export function useFeed(filter: FeedFilter = {}) {
  return useInfiniteQuery({
    queryKey: ['posts', 'feed', filter],
    queryFn: ({ pageParam }) => fetchFeed(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
