import { Alert, Anchor, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { notifications } from '@mantine/notifications';
import { IconCoin, IconCrown, IconHandStop } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EXTRA_SWIPES, EXTRA_SWIPES_TOKENS, SUBSCRIPTION_MONTHLY_CENTS } from '@swapu/shared/constants';
import type { SwipeAllowance } from '@swapu/shared/engagement';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';
import { errorCodeOf } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { useBuyExtraSwipes, useExtraSwipes, useSubscribeFromSwipe } from './use-swipe';

/** Our own checkout page is an app path; a hosted provider's page is left by a full navigation. */
function goTo(navigate: (to: string) => unknown, url: string) {
  if (/^https?:\/\//.test(url)) window.location.assign(url);
  else void navigate(url);
}

/**
 * The two ways past the day's limit: subscribe (unlimited, through checkout, back to
 * /swap-swipe-success or /swap-swipe-cancel) or 1 token for 10 more today. `onBought` follows
 * the 10 more, with the allowance read afresh.
 */
function LimitOptions({ active, onBought }: { active: boolean; onBought: (a: SwipeAllowance) => void }) {
  const { t, i18n } = useTranslation(['swapSwipe', 'errors']);
  const navigate = useNavigate();
  const extra = useExtraSwipes(active);
  const buy = useBuyExtraSwipes((allowance) => {
    notifications.show({ color: 'swapu', message: t('limit.extraDone', { count: EXTRA_SWIPES }) });
    onBought(allowance);
  });
  const subscribe = useSubscribeFromSwipe();
  const [error, setError] = useState<{ code: string } | null>(null);
  const price = formatMoney(SUBSCRIPTION_MONTHLY_CENTS, i18n.language);
  const fail = (e: unknown) => setError({ code: errorCodeOf(e) });
  const balance = extra.data?.balance;

  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          <Stack gap={6}>
            <Text fz="sm">{t(`errors:${error.code}`)}</Text>
            {error.code === 'tokens_insufficient' && (
              <Anchor component={Link} to={paths.tokens} fz="sm" fw={700}>
                {t('limit.buyTokens')}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      <Card padding="md" radius="md">
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap">
            <IconCrown size={20} color="var(--mantine-color-yellow-7)" aria-hidden="true" />
            <Title order={3} fz="md">
              {t('limit.subscribeTitle')}
            </Title>
          </Group>
          <Text fz="sm">{t('limit.subscribe', { price })}</Text>
          <Button
            leftSection={<IconCrown size={18} />}
            loading={subscribe.isPending}
            onClick={() => {
              setError(null);
              subscribe.mutate(undefined, { onSuccess: (url) => goTo(navigate, url), onError: fail });
            }}
          >
            {t('limit.subscribeCta', { price })}
          </Button>
        </Stack>
      </Card>
      <Card padding="md" radius="md">
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap">
            <IconCoin size={20} color="var(--mantine-color-orange-7)" aria-hidden="true" />
            <Title order={3} fz="md">
              {t('limit.extraTitle', { count: EXTRA_SWIPES })}
            </Title>
          </Group>
          <Text fz="sm">{t('limit.extra', { count: EXTRA_SWIPES_TOKENS, extra: EXTRA_SWIPES })}</Text>
          {balance !== undefined && (
            <Text fz="xs" c="dimmed" data-testid="swipe-token-balance">
              {t('limit.balance', { count: balance })}
              {balance < EXTRA_SWIPES_TOKENS && (
                <>
                  {' '}
                  <Anchor component={Link} to={paths.tokens} fz="xs" fw={700}>
                    {t('limit.buyTokens')}
                  </Anchor>
                </>
              )}
            </Text>
          )}
          <Button
            variant="light"
            color="orange"
            leftSection={<IconCoin size={18} />}
            loading={buy.isPending}
            onClick={() => {
              setError(null);
              buy.mutate(undefined, { onError: fail });
            }}
          >
            {t('limit.extraCta', { count: EXTRA_SWIPES_TOKENS })}
          </Button>
        </Stack>
      </Card>
    </>
  );
}

/**
 * 'You have reached your swipe limit for today' over the deck, when a like finds none left:
 * passing the cards already dealt stays free.
 */
export function LimitPanel({
  opened,
  onClose,
  onAllowance,
}: {
  opened: boolean;
  onClose: () => void;
  onAllowance: (a: SwipeAllowance) => void;
}) {
  const { t } = useTranslation(['swapSwipe', 'errors']);
  // Each opening starts afresh: an error shown last time is gone.
  const [round, setRound] = useState(0);
  const close = () => {
    setRound((r) => r + 1);
    onClose();
  };
  return (
    <Dialog
      opened={opened}
      onClose={close}
      centered
      radius="lg"
      title={t('errors:swipe_limit')}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', lineHeight: 1.3 } }}
    >
      <Stack gap="md" data-testid="swipe-limit">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="xl" variant="light" color="orange">
            <IconHandStop size={20} />
          </ThemeIcon>
          <Text fz="sm" c="dimmed">
            {t('limit.intro')}
          </Text>
        </Group>
        <LimitOptions
          key={round}
          active={opened}
          onBought={(a) => {
            onAllowance(a);
            close();
          }}
        />
        <Button variant="subtle" color="gray" onClick={close}>
          {t('limit.later')}
        </Button>
      </Stack>
    </Dialog>
  );
}

/**
 * The deck's place when it deals no cards because the day's right swipes are used up (the deck
 * answered 'limit_reached'): the limit, and the two ways on, in the page rather than over it.
 */
export function DeckLimit({ onAllowance }: { onAllowance: (a: SwipeAllowance) => void }) {
  const { t } = useTranslation(['swapSwipe', 'errors']);
  return (
    <Card padding="xl" data-testid="swipe-limit-state">
      <Stack gap="md">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={64} radius="xl" variant="light" color="orange">
            <IconHandStop size={32} />
          </ThemeIcon>
          {/* Said when it takes the last card's place; still a heading to move to. */}
          <div role="status">
            <Title order={2} fz="lg">
              {t('errors:swipe_limit')}
            </Title>
          </div>
          <Text fz="sm" c="dimmed" maw={380}>
            {t('limit.stateIntro')}
          </Text>
        </Stack>
        <LimitOptions active onBought={onAllowance} />
      </Stack>
    </Card>
  );
}
