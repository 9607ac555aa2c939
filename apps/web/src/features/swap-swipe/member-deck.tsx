import { Alert, Anchor, Button, Card, Group, Image, List, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCards, IconHeartSearch, IconPhotoOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PostCard } from '@swapu/shared/api';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { NotFound } from '../../components/not-found';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { AllowanceMeter } from './allowance-meter';
import { DeckLimit, LimitPanel } from './limit-panel';
import { MatchModal } from './match-modal';
import { CardLinks } from './swipe-card';
import { SwipeDeck } from './swipe-deck';
import { useDeck } from './use-swipe';
import classes from './swap-swipe.module.css';

/** The item the deck is for, with the way back to choosing another. */
function MyItem({ post }: { post: PostCard }) {
  const { t, i18n } = useTranslation('swapSwipe');
  return (
    <Card padding="xs" px="sm" data-testid="swipe-my-item">
      <Group gap="sm" wrap="nowrap">
        {post.thumbUrl ? (
          <Image src={post.thumbUrl} alt="" w={48} h={48} radius="md" style={{ flexShrink: 0 }} />
        ) : (
          <ThemeIcon size={48} radius="md" variant="light" color="gray" style={{ flexShrink: 0 }}>
            <IconPhotoOff size={22} />
          </ThemeIcon>
        )}
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fz={11} c="dimmed" fw={700} tt="uppercase" lts={0.4}>
            {t('deck.swappingYour')}
          </Text>
          <Text fw={700} truncate>
            {post.title}
          </Text>
          <Text fz="sm" fw={700} c="swapu.8">
            {formatMoney(post.cashValueCents, i18n.language)}
          </Text>
        </Stack>
        <Anchor component={Link} to={paths.swapSwipe} fz="sm" fw={600} style={{ flexShrink: 0 }}>
          {t('deck.change')}
        </Anchor>
      </Group>
    </Card>
  );
}

/** Nothing left to suggest: 'We could not find any matches results', and what to do next. */
function DeckEmpty({ postId, onRetry, failed }: { postId: string; onRetry: () => void; failed: boolean }) {
  const { t } = useTranslation(['swapSwipe', 'errors']);
  if (failed) return <LoadError titled onRetry={onRetry} />;
  return (
    <Card padding="xl" data-testid="swipe-empty">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconHeartSearch size={32} />
        </ThemeIcon>
        <Title order={2} fz="lg" role="status">
          {t('errors:no_matches')}
        </Title>
        <Text fz="sm" c="dimmed" maw={360}>
          {t('deck.emptyHint')}
        </Text>
        <Stack gap="xs" w="100%" maw={300}>
          <Button component={Link} to={paths.editPost(postId)}>
            {t('deck.emptyWishes')}
          </Button>
          <Button component={Link} to={paths.swapSwipe} variant="light">
            {t('deck.emptyOther')}
          </Button>
          <Button component={Link} to={paths.search} variant="subtle">
            {t('deck.emptySearch')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

/** A card-shaped placeholder while cards load. */
export function DeckSkeleton() {
  return (
    <div className={classes.stage}>
      <Skeleton radius="lg" h={440} />
    </div>
  );
}

/**
 * /swap-swipe/{currentPage}: the deck for one of my items. The item and today's right swipes sit
 * beside the deck on a wide screen, above it on a phone.
 */
export function MemberDeck({ postId }: { postId: string }) {
  const { t } = useTranslation(['swapSwipe', 'errors']);
  const d = useDeck(postId);

  if (d.deck.isError) {
    const e = d.deck.error;
    if (e instanceof ApiError && e.status === 404) return <NotFound />;
    if (e instanceof ApiError && e.code === 'swipe_own_post') {
      return (
        <Alert color="orange" title={t('errors:swipe_own_post')} maw={520} mx="auto">
          <Button component={Link} to={paths.swapSwipe} size="xs" variant="light" color="orange" mt="xs">
            {t('deck.pickOwn')}
          </Button>
        </Alert>
      );
    }
    return <LoadError titled onRetry={() => void d.deck.refetch()} />;
  }
  const data = d.deck.data;
  return (
    <div className={classes.layout}>
      <Stack gap="sm" className={classes.side}>
        <Anchor component={Link} to={paths.swapSwipe} fz="sm" c="dimmed" visibleFrom="md">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden="true" />
            {t('deck.back')}
          </Group>
        </Anchor>
        <Title order={1} fz={{ base: 22, md: 28 }} visibleFrom="md">
          {t('title')}
        </Title>
        {data ? <MyItem post={data.post} /> : <Skeleton h={82} radius="lg" />}
        {data ? <AllowanceMeter allowance={data.allowance} pending={d.pendingRights} /> : <Skeleton h={32} />}
        <Card padding="md" visibleFrom="md" bg="sand.0">
          <Group gap="xs" mb={6}>
            <IconCards size={18} aria-hidden="true" />
            <Text fw={700} fz="sm">
              {t('deck.howTitle')}
            </Text>
          </Group>
          <List size="sm" spacing={4} c="dimmed">
            <List.Item>{t('deck.howRight')}</List.Item>
            <List.Item>{t('deck.howLeft')}</List.Item>
            <List.Item>{t('deck.howMatch')}</List.Item>
          </List>
        </Card>
      </Stack>
      <div>
        {!data ? (
          <DeckSkeleton />
        ) : (
          <SwipeDeck
            cards={data.items}
            onSwipe={d.swipe}
            onUndo={d.undo}
            canUndo={data.canUndo && !d.undoPending}
            keyboard={!d.limitReached && !d.match}
            cardLinks={(card) => <CardLinks card={card} fromPostId={postId} />}
            empty={
              d.dealingStopped ? (
                <DeckLimit onAllowance={d.setAllowance} />
              ) : d.exhausted || d.refillFailed ? (
                <DeckEmpty postId={postId} failed={d.refillFailed} onRetry={d.retry} />
              ) : (
                <Stack gap="xs" align="center">
                  <Skeleton radius="lg" h={440} />
                  <Text fz="sm" c="dimmed" role="status">
                    {t('deck.loadingMore')}
                  </Text>
                </Stack>
              )
            }
          />
        )}
      </div>
      {data && (
        <>
          <LimitPanel opened={d.limitReached} onClose={d.closeLimit} onAllowance={d.setAllowance} />
          <MatchModal mine={data.post} theirs={d.match} onClose={d.closeMatch} />
        </>
      )}
    </div>
  );
}
