import { Alert, Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { PostCard } from '@swapu/shared/api';
import { useTranslation } from '../../i18n/react';
import { PostGrid, PostGridSkeleton } from '../../components/post-grid';
import { type FeedFilter, useFeed } from './use-feed';

/** A paged list of posts with loading, empty, error and end states; `onOpen` as PostGrid's. */
export function PostFeed({
  filter,
  empty,
  onOpen,
}: {
  filter?: FeedFilter;
  empty?: ReactNode;
  onOpen?: (post: PostCard, position: number) => void;
}) {
  const { t } = useTranslation();
  const feed = useFeed(filter);
  if (feed.isPending) return <PostGridSkeleton />;
  if (feed.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t('errors:generic')}>
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{t('states.errorHint')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void feed.refetch()}>
            {t('actions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  const posts = feed.data.pages.flatMap((p) => p.items);
  if (posts.length === 0)
    return (
      empty ?? (
        <Center py="xl">
          <Stack align="center" gap={4}>
            <IconMoodEmpty size={40} color="var(--mantine-color-sand-6)" aria-hidden="true" />
            <Title order={3}>{t('home.emptyTitle')}</Title>
            <Text c="dimmed">{t('home.emptyText')}</Text>
          </Stack>
        </Center>
      )
    );
  return (
    <Stack gap="lg">
      <PostGrid posts={posts} onOpen={onOpen} />
      <Center>
        {feed.hasNextPage ? (
          <Button variant="light" size="md" loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
            {t('actions.loadMore')}
          </Button>
        ) : (
          <Text c="dimmed" fz="sm">
            {t('home.end')}
          </Text>
        )}
      </Center>
      {feed.isFetchNextPageError && (
        <Text c="red" role="alert" ta="center">
          {t('errors:generic')}
        </Text>
      )}
    </Stack>
  );
}
