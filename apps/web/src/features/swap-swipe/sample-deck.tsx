import { Alert, Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCards, IconLogin } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { DeckSkeleton } from './member-deck';
import { CardLinks } from './swipe-card';
import { SwipeDeck } from './swipe-deck';
import { useSampleDeck } from './use-swipe';

/** Log in (coming back here afterwards), or create an account. */
export function SignInButtons({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation('swapSwipe');
  const location = useLocation();
  return (
    <Group gap="sm">
      <Button component={Link} to={paths.auth} state={{ from: location.pathname }} size={size} leftSection={<IconLogin size={18} />}>
        {t('intro.signIn')}
      </Button>
      <Button component={Link} to={paths.signup} state={{ from: location.pathname }} size={size} variant="default">
        {t('intro.signUp')}
      </Button>
    </Group>
  );
}

/**
 * The guests' live sample deck: the newest listings, swiped here only (nothing is saved). After a
 * swipe it suggests logging in, where likes count and a like back is a match.
 */
export function SampleDeck() {
  const { t } = useTranslation('swapSwipe');
  const sample = useSampleDeck();
  const [at, setAt] = useState(0);
  const [likes, setLikes] = useState(0);
  // The position as of the last swipe, for a key pressed again before the page has re-rendered.
  const atRef = useRef(0);
  const moveTo = (i: number) => {
    atRef.current = i;
    setAt(i);
  };

  return (
    <Stack gap="sm" data-testid="swipe-sample">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={2} fz="lg">
          {t('sample.title')}
        </Title>
        <Badge variant="light" color="orange" tt="none" style={{ flexShrink: 0 }}>
          {t('sample.badge')}
        </Badge>
      </Group>
      <Text fz="sm" c="dimmed">
        {t('sample.note')}
      </Text>
      {sample.isError ? (
        <LoadError titled onRetry={() => void sample.refetch()} />
      ) : !sample.data ? (
        <DeckSkeleton />
      ) : (
        <SwipeDeck
          cards={sample.data.slice(at)}
          onSwipe={(direction) => {
            const card = sample.data[atRef.current];
            if (!card) return null;
            moveTo(atRef.current + 1);
            if (direction === 'right') setLikes((n) => n + 1);
            return card;
          }}
          onUndo={() => moveTo(Math.max(0, atRef.current - 1))}
          canUndo={at > 0}
          cardLinks={(card) => <CardLinks card={card} />}
          empty={
            <Card padding="xl">
              <Stack align="center" ta="center" gap="sm">
                <ThemeIcon size={56} radius="xl" variant="light">
                  <IconCards size={28} />
                </ThemeIcon>
                <Text fw={700} role="status">
                  {sample.data.length ? t('sample.done') : t('sample.empty')}
                </Text>
                <SignInButtons size="sm" />
              </Stack>
            </Card>
          }
        />
      )}
      {at > 0 && sample.data && at < sample.data.length && (
        <Alert color="swapu" variant="light" title={likes > 0 ? t('sample.nudgeLiked') : t('sample.nudgeTitle')} data-testid="swipe-nudge">
          <Stack gap="xs">
            <Text fz="sm">{t('sample.nudge')}</Text>
            <SignInButtons size="sm" />
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
