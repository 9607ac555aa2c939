import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PostCard, type PostCardItem } from './post-card';

/** The most cards a row holds (xl): their photos load at once, the rest when scrolled near. */
const FIRST_ROW = 5;

/** 2 columns on a phone, up to 5 on a wide screen. `onOpen`: a card followed, with its place in the list (from 0). */
export function PostGrid<P extends PostCardItem>({
  posts,
  note,
  onOpen,
}: {
  posts: P[];
  note?: (post: P) => ReactNode;
  onOpen?: (post: P, position: number) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4, xl: 5 }} spacing={{ base: 'sm', sm: 'md' }} data-testid="post-grid">
      {posts.map((p, i) => (
        <PostCard
          key={p.id}
          post={p}
          note={note?.(p)}
          load={i === 0 ? 'priority' : i < FIRST_ROW ? 'eager' : 'lazy'}
          onOpen={onOpen && (() => onOpen(p, i))}
        />
      ))}
    </SimpleGrid>
  );
}

export function PostGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4, xl: 5 }} spacing={{ base: 'sm', sm: 'md' }} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} padding={0}>
          <Skeleton height={0} style={{ paddingTop: '100%' }} radius={0} />
          <Stack gap={6} p="sm">
            <Skeleton height={18} width="40%" />
            <Skeleton height={12} />
            <Skeleton height={12} width="60%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
