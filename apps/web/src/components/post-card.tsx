import { AspectRatio, Badge, Box, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconMapPin, IconPhotoOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import type { PostCard as PostCardData } from '@swapu/shared/api';
import { formatDistance, formatMoney } from '../lib/format';
import { useDates } from '../lib/clock';

/** A card as lists show it; search results add how far away it is, suggestions a line of why. */
export type PostCardItem = PostCardData & { distanceKm?: number | null };

/** How wide a card's photo is drawn at each breakpoint of PostGrid (2, 3, 4, then 5 columns). */
const CARD_SIZES = '(min-width: 88em) 240px, (min-width: 62em) 25vw, (min-width: 48em) 33vw, 50vw';

/**
 * `load`: 'priority' for the first card (the likely largest paint on a phone: fetched first),
 * 'eager' for the rest of the first row, 'lazy' below the fold. `onOpen`: told when the card is
 * followed to the post.
 */
export function PostCard({
  post,
  note,
  load = 'lazy',
  onOpen,
}: {
  post: PostCardItem;
  note?: ReactNode;
  load?: 'priority' | 'eager' | 'lazy';
  onOpen?: () => void;
}) {
  const { t, i18n } = useTranslation(['posts', 'common']);
  const dates = useDates();
  return (
    // Named by what it shows (price, title, place, age): a name of the title alone would leave out
    // words a person sees and may speak to reach it (WCAG 2.5.3, decision 0037).
    <Link to={`/viewPost/${post.id}`} className="swapu-card-link" data-testid="post-card" onClick={onOpen}>
      <Card padding={0} h="100%" style={{ overflow: 'hidden' }}>
        <Box pos="relative">
          <AspectRatio ratio={1}>
            {post.thumbUrl ? (
              <Image
                src={post.thumbUrl}
                srcSet={post.thumbSrcSet ?? undefined}
                sizes={CARD_SIZES}
                width={480}
                height={480}
                h="auto"
                alt=""
                loading={load === 'lazy' ? 'lazy' : 'eager'}
                fetchPriority={load === 'priority' ? 'high' : 'auto'}
                decoding="async"
                fit="cover"
              />
            ) : (
              <Stack align="center" justify="center" bg="sand.1" c="sand.9" gap={4}>
                <IconPhotoOff size={32} aria-hidden="true" />
                <Text fz="xs">{t('card.noPhoto')}</Text>
              </Stack>
            )}
          </AspectRatio>
          {post.distanceKm != null && (
            <Badge
              pos="absolute"
              left={8}
              bottom={8}
              variant="white"
              c="dark.6"
              size="sm"
              tt="none"
              leftSection={<IconMapPin size={12} aria-hidden="true" />}
              data-testid="post-distance"
            >
              {t('card.distance', { distance: formatDistance(post.distanceKm, i18n.language) })}
            </Badge>
          )}
        </Box>
        {post.boosted && (
          <Badge pos="absolute" top={8} left={8} color="yellow" c="dark" variant="filled" size="sm">
            {t('card.boosted')}
          </Badge>
        )}
        <Stack gap={4} p="sm">
          <Text fw={800} fz="lg" c="swapu.8">
            {formatMoney(post.cashValueCents, i18n.language)}
          </Text>
          <Text fw={600} fz="sm" lineClamp={2} lh={1.3} c="dark.7" data-user-content>
            {post.title}
          </Text>
          <Group gap={4} c="dimmed" wrap="nowrap">
            <IconMapPin size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
            <Text fz="xs" truncate>
              {[post.suburb, post.auState].filter(Boolean).join(', ')}
            </Text>
          </Group>
          {note}
          <Group gap={6} justify="space-between" wrap="nowrap">
            <Text fz="xs" c="dimmed" title={dates.dateTime(post.publishedAt)}>
              {dates.relative(post.publishedAt)}
            </Text>
            {post.openToSelling && (
              <Badge size="xs" variant="light" color="swapu">
                {t('card.openToSelling')}
              </Badge>
            )}
          </Group>
        </Stack>
      </Card>
    </Link>
  );
}
