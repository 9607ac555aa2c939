import { Alert, Button, Card, Container, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCards, IconCrown } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { useSubscription } from '../../features/money/use-money';
import { useTranslation } from '../../i18n/react';

/**
 * /swap-swipe-success and /swap-swipe-cancel: where a subscription started from Swap Swipe
 * returns (its checkout's returnTo is /swap-swipe-success; a cancelled one comes back with
 * ?checkout=cancelled and is shown the cancel page, as is a checkout that left no subscription).
 * The success address visited with no checkout behind it (typed, bookmarked, shared) says there
 * is no payment to confirm, not that one failed. All lead back to the deck.
 */
export default function SwapSwipeReturnPage() {
  const { t } = useTranslation(['swapSwipe', 'errors']);
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const subscription = useSubscription();
  // The success page says so only when the subscription really runs (it is a plain address too).
  // Decided on a fresh answer only: a payment just made may not be in a cached one yet.
  const status = subscription.isFetching ? undefined : subscription.data?.status;
  const onCancelPage = pathname.startsWith('/swap-swipe-cancel');
  const noSubscription = status === 'none' || status === 'expired';
  // No checkout came back here (no ?checkout=): nothing was paid, so nothing failed either.
  const noCheckout = !onCancelPage && !params.has('checkout') && noSubscription;
  const cancelled = !noCheckout && (onCancelPage || params.get('checkout') === 'cancelled' || noSubscription);
  useEffect(() => {
    if (cancelled && !pathname.startsWith('/swap-swipe-cancel')) void navigate('/swap-swipe-cancel', { replace: true });
  }, [cancelled, pathname, navigate]);
  if (!cancelled && subscription.isError) {
    return (
      <Container size="xs" py="xl">
        <LoadError onRetry={() => void subscription.refetch()} />
      </Container>
    );
  }
  if (!cancelled && !noCheckout && !status) {
    return (
      <Container size="xs" py="xl">
        <Skeleton h={260} radius="lg" />
      </Container>
    );
  }
  if (noCheckout) {
    return (
      <Container size="xs" py="xl">
        <Card padding="xl">
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={64} radius="xl" variant="light" color="gray">
              <IconCards size={32} />
            </ThemeIcon>
            <Title order={1} fz="xl">
              {t('return.noCheckoutTitle')}
            </Title>
            <Text>{t('return.noCheckoutBody')}</Text>
            <Button component={Link} to={paths.swapSwipe} leftSection={<IconCards size={18} />}>
              {t('return.back')}
            </Button>
            <Button component={Link} to={paths.subscription} variant="subtle">
              {t('return.seeSubscription')}
            </Button>
          </Stack>
        </Card>
      </Container>
    );
  }
  return (
    <Container size="xs" py="xl">
      <Card padding="xl">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color={cancelled ? 'gray' : 'swapu'}>
            {cancelled ? <IconCards size={32} /> : <IconCrown size={32} />}
          </ThemeIcon>
          <Title order={1} fz="xl">
            {cancelled ? t('return.cancelTitle') : t('return.successTitle')}
          </Title>
          {cancelled ? (
            <Alert color="red" role="alert" w="100%">
              {t('errors:checkout_failed')}
            </Alert>
          ) : (
            <Text role="status">{t('return.successBody')}</Text>
          )}
          <Button component={Link} to={paths.swapSwipe} leftSection={<IconCards size={18} />}>
            {t('return.back')}
          </Button>
          {cancelled && (
            <Button component={Link} to={paths.subscription} variant="subtle">
              {t('return.seeSubscription')}
            </Button>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
