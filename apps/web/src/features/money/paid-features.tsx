import { Alert, Anchor, Badge, Button, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { notifications } from '@mantine/notifications';
import { IconCoins, IconCreditCard, IconRocket, IconSparkles, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { BOOST_TOKENS, UNLIMITED_SWAP_ASSIST_CENTS } from '@swapu/shared/constants';
import { paths } from '@swapu/shared/paths';
import { assistTokensOf, isSpecialItem, priceOf, UNLIMITED_ASSIST_MONTHS } from '@swapu/shared/purchases';
import { useTranslation } from '../../i18n/react';
import { errorCodeOf } from '../../lib/api';
import { formatDateTime, formatMoney } from '../../lib/format';
import { CheckoutOutcome } from './checkout-outcome';
import { goToCheckout, useTokens } from './use-money';
import { useAssistWithTokens, useBoost, useBuyAssist } from './use-boost';

export interface PaidFeatureItem {
  id: string;
  categories: readonly string[];
  boostedUntil: string | null;
  swapAssistUntil: string | null;
}

const running = (until: string | null) => !!until && new Date(until).getTime() > Date.now();

/** The Boosted and Swap Assist badges of an item, while they run. */
export function PaidFeatureBadges({
  item,
  size = 'sm',
}: {
  item: Pick<PaidFeatureItem, 'boostedUntil' | 'swapAssistUntil'>;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('posts');
  return (
    <>
      {running(item.boostedUntil) && (
        <Badge size={size} variant="light" color="yellow" leftSection={<IconRocket size={12} />} data-testid="boosted-badge">
          {t('card.boosted')}
        </Badge>
      )}
      {running(item.swapAssistUntil) && (
        <Badge size={size} variant="light" color="grape" leftSection={<IconSparkles size={12} />} data-testid="assist-badge">
          {t('mine.swapAssist')}
        </Badge>
      )}
    </>
  );
}

/** What became of a Swap Assist checkout started from the item's page. */
export function PaidFeatureOutcome() {
  const { t } = useTranslation('tokens');
  return <CheckoutOutcome paid={t('assist.returnedPaid')} />;
}

/**
 * Boost (tokens) and Swap Assist (card or tokens; the unlimited packages by card) on one of my live
 * items: on My SwapU and on the item's page.
 */
export function PaidFeatureButtons({ post }: { post: PaidFeatureItem }) {
  const { t, i18n } = useTranslation(['posts', 'tokens', 'errors']);
  const lang = i18n.language;
  const [open, setOpen] = useState<null | 'boost' | 'assist'>(null);
  const tokens = useTokens(open !== null);
  const boost = useBoost();
  const assist = useAssistWithTokens();
  const buy = useBuyAssist();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const balance = tokens.data?.balance;
  const special = isSpecialItem(post.categories);
  const assistTokens = assistTokensOf(special);
  const assistCents = priceOf({ kind: 'swap_assist', postId: post.id, special });
  const returnTo = `${location.pathname}${location.search.replace(/[?&]checkout=[^&]*/, '')}`;
  const close = () => {
    setOpen(null);
    setError(null);
  };
  const fail = (err: unknown) => setError(t(`errors:${errorCodeOf(err)}`));
  const onBoost = () =>
    boost.mutate(post.id, {
      onSuccess: (r) => {
        close();
        notifications.show({ color: 'swapu', message: t('tokens:boost.done', { date: formatDateTime(r.boostedUntil, lang) }) });
      },
      onError: fail,
    });
  const onAssistTokens = () =>
    assist.mutate(post.id, {
      onSuccess: (r) => {
        close();
        notifications.show({ color: 'swapu', message: t('tokens:assist.done', { date: formatDateTime(r.swapAssistUntil, lang) }) });
      },
      onError: fail,
    });
  const pay = (p: Parameters<typeof buy.mutate>[0]) =>
    buy.mutate(p, { onSuccess: ({ url }) => goToCheckout(navigate, url), onError: fail });
  const buyTokensLink = `${paths.tokens}?returnTo=${encodeURIComponent(returnTo)}`;
  const errorAlert = error && (
    <Alert color="red" role="alert">
      {error}
    </Alert>
  );
  const balanceLine = (testId: string) =>
    balance !== undefined && (
      <Text fz="sm" fw={600} data-testid={testId}>
        {t('tokens:boost.haveTokens', { count: balance })}
      </Text>
    );

  return (
    <>
      <Button size="compact-sm" variant="light" color="yellow" leftSection={<IconRocket size={14} />} onClick={() => setOpen('boost')}>
        {t('mine.boost')}
      </Button>
      <Button size="compact-sm" variant="light" color="grape" leftSection={<IconSparkles size={14} />} onClick={() => setOpen('assist')}>
        {t('mine.swapAssist')}
      </Button>
      <Dialog opened={open === 'boost'} onClose={close} fixed title={t('tokens:boost.title')} centered>
        <Stack>
          <Text fz="sm">{t('tokens:boost.about')}</Text>
          {running(post.boostedUntil) && (
            <Badge color="yellow" variant="light" w="fit-content">
              {t('tokens:boost.until', { date: formatDateTime(post.boostedUntil!, lang) })}
            </Badge>
          )}
          {balanceLine('boost-balance')}
          {errorAlert}
          <Group justify="flex-end">
            {balance !== undefined && balance < BOOST_TOKENS ? (
              <Button component={Link} to={buyTokensLink} leftSection={<IconCoins size={16} />}>
                {t('tokens:boost.buyTokens')}
              </Button>
            ) : (
              <Button onClick={onBoost} loading={boost.isPending} disabled={balance === undefined} leftSection={<IconRocket size={16} />}>
                {t('tokens:boost.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </Dialog>
      <Dialog opened={open === 'assist'} onClose={close} fixed title={t('mine.swapAssist')} centered size="lg">
        <Stack>
          <Text fz="sm">{t('mine.swapAssistAbout')}</Text>
          {running(post.swapAssistUntil) && (
            <Badge color="grape" variant="light" w="fit-content" data-testid="assist-until">
              {t('tokens:assist.until', { date: formatDateTime(post.swapAssistUntil!, lang) })}
            </Badge>
          )}
          <Text fw={700}>
            {special
              ? t('tokens:assist.priceSpecial', { price: formatMoney(assistCents, lang) })
              : t('tokens:assist.price', { price: formatMoney(assistCents, lang) })}
          </Text>
          {errorAlert}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Button
              onClick={() => pay({ postId: post.id, returnTo })}
              loading={buy.isPending && buy.variables && 'postId' in buy.variables}
              leftSection={<IconCreditCard size={16} />}
            >
              {t('tokens:assist.payCard', { price: formatMoney(assistCents, lang) })}
            </Button>
            {balance !== undefined && balance < assistTokens ? (
              <Button component={Link} to={buyTokensLink} variant="light" leftSection={<IconCoins size={16} />}>
                {t('tokens:boost.buyTokens')}
              </Button>
            ) : (
              <Button
                variant="light"
                onClick={onAssistTokens}
                loading={assist.isPending}
                disabled={balance === undefined}
                leftSection={<IconCoins size={16} />}
              >
                {t('tokens:assist.payTokens', { count: assistTokens })}
              </Button>
            )}
          </SimpleGrid>
          {balanceLine('assist-balance')}
          <Divider label={t('tokens:assist.unlimitedTitle')} labelPosition="left" />
          <Text fz="sm" c="dimmed">
            {t('tokens:assist.unlimitedAbout')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            {UNLIMITED_ASSIST_MONTHS.map((months) => (
              <Button
                key={months}
                variant="default"
                onClick={() => pay({ months, returnTo })}
                loading={buy.isPending && buy.variables && 'months' in buy.variables && buy.variables.months === months}
              >
                {t('tokens:assist.unlimitedOption', { count: months, price: formatMoney(UNLIMITED_SWAP_ASSIST_CENTS[months], lang) })}
              </Button>
            ))}
          </SimpleGrid>
          <Anchor component={Link} to={paths.userCoupon} fz="sm">
            <Group gap={4} component="span">
              <IconTicket size={16} aria-hidden="true" />
              {t('tokens:assist.haveCoupon')}
            </Group>
          </Anchor>
        </Stack>
      </Dialog>
    </>
  );
}
