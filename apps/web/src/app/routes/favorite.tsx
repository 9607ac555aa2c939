import { ActionIcon, Badge, Box, Button, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeartFilled, IconHeartOff } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { useFavorites, useToggleLike } from '../../features/likes/use-likes';
import { PostCard } from '../../components/post-card';
import { PostGridSkeleton } from '../../components/post-grid';
import type { FavoriteList } from '@swapu/shared/api';
import { errorCodeOf } from '../../lib/api';
import { LoadError } from '../../components/load-error';

type Favorite = FavoriteList['items'][number];

function FavoriteCard({ item }: { item: Favorite }) {
  const { t } = useTranslation(['favorites', 'posts', 'errors']);
  const unlike = useToggleLike(item.post.id);
  const gone = item.post.state !== 'published' && item.post.state !== 'reserved';
  return (
    <Box pos="relative" data-testid="favorite" style={{ opacity: gone ? 0.6 : 1 }}>
      <PostCard post={item.post} />
      {gone && (
        <Badge pos="absolute" top={8} left={8} color="gray" variant="filled" size="sm">
          {t(`posts:state.${item.post.state}`)}
        </Badge>
      )}
      <Tooltip label={t('unlike')}>
        <ActionIcon
          pos="absolute"
          top={8}
          right={8}
          radius="xl"
          size={36}
          variant="white"
          color="red"
          loading={unlike.isPending}
          aria-label={t('unlikeItem', { title: item.post.title })}
          onClick={() =>
            unlike.mutate(false, {
              onSuccess: () => notifications.show({ color: 'swapu', message: t('removed', { title: item.post.title }) }),
              onError: (e) => notifications.show({ color: 'red', message: t(`errors:${errorCodeOf(e)}`) }),
            })
          }
        >
          <IconHeartFilled size={20} />
        </ActionIcon>
      </Tooltip>
    </Box>
  );
}

export default function FavoritePage() {
  const { t } = useTranslation(['favorites', 'common', 'errors']);
  const favs = useFavorites();
  return (
    <Container size="xl" py="lg">
      <Stack gap={4} mb="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('intro')}
        </Text>
      </Stack>
      {favs.isPending && <PostGridSkeleton count={5} />}
      {favs.isError && <LoadError onRetry={() => void favs.refetch()} />}
      {favs.data && favs.data.items.length === 0 && (
        <Card padding="xl" ta="center" maw={520} mx="auto">
          <Stack align="center" gap="xs">
            <ThemeIcon size={56} radius="xl" variant="light" color="red">
              <IconHeartOff size={28} />
            </ThemeIcon>
            <Text fw={700}>{t('emptyTitle')}</Text>
            <Text fz="sm" c="dimmed">
              {t('emptyBody')}
            </Text>
            <Button component={Link} to={paths.home} variant="light" mt="xs">
              {t('browse')}
            </Button>
          </Stack>
        </Card>
      )}
      {favs.data && favs.data.items.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, xl: 5 }} spacing={{ base: 'sm', sm: 'md' }} data-testid="favorites-grid">
          {favs.data.items.map((f) => (
            <FavoriteCard key={f.post.id} item={f} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
