import { Alert, Anchor, Button, Card, Container, Divider, Group, Loader, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCreditCard, IconLock } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { NotFound } from '../../components/not-found';
import { LoadError } from '../../components/load-error';
import { useCheckout, useSettleCheckout } from '../../features/money/use-money';
import { useTranslation } from '../../i18n/react';
import { ApiError, errorCodeOf } from '../../lib/api';
import { formatMoney } from '../../lib/format';

/** `returnTo` with the checkout's outcome added, for the page the person came from to report it. */
const withOutcome = (returnTo: string, outcome: 'paid' | 'cancelled') => {
  const url = new URL(returnTo, 'http://swapu.local');
  url.searchParams.set('checkout', outcome);
  return url.pathname + url.search;
};

/**
 * The local payment provider's checkout page (the embedded default; docs/decisions/0023): the
 * purchase, its GST-inclusive total, a card field, Pay and Cancel. Paying goes through the same
 * fulfilment as a provider's webhook; the person then returns to where they started.
 */
export default function CheckoutPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation(['tokens', 'subscriptions', 'errors', 'receipts']);
  const checkout = useCheckout(id);
  const { pay, cancel } = useSettleCheckout(id);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const hosted = !!checkout.data && checkout.data.provider !== 'local';
  const cameBackCancelled = params.get('outcome') === 'cancelled';
  const [card, setCard] = useState('');
  const [error, setError] = useState<string | null>(null);
  const status = checkout.data?.status;
  const returnTo = checkout.data?.returnTo ?? '/';

  // Back from a hosted provider's page (Stripe): a cancel there cancels here; a payment is
  // confirmed by the provider's webhook, which the checkout query polls for.
  const cancelMutate = cancel.mutate;
  useEffect(() => {
    if (!hosted || status !== 'open' || !cameBackCancelled) return;
    cancelMutate(undefined, { onSuccess: (r) => void navigate(withOutcome(r.returnTo, 'cancelled'), { replace: true }) });
  }, [hosted, status, cameBackCancelled, cancelMutate, navigate]);

  useEffect(() => {
    if (status !== 'paid') return;
    const timer = setTimeout(() => void navigate(withOutcome(returnTo, 'paid'), { replace: true }), 900);
    return () => clearTimeout(timer);
  }, [status, returnTo, navigate]);

  if (checkout.isError) {
    return checkout.error instanceof ApiError && checkout.error.status === 404 ? (
      <NotFound />
    ) : (
      <LoadError onRetry={() => void checkout.refetch()} />
    );
  }
  const c = checkout.data;
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    pay.mutate(card, { onError: (err) => setError(t(`errors:${errorCodeOf(err)}`)) });
  };
  const onCancel = () =>
    cancel.mutate(undefined, { onSuccess: (r) => void navigate(withOutcome(r.returnTo, 'cancelled'), { replace: true }) });

  return (
    <Container size="xs" py="lg">
      <Card padding="lg" component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="xs">
            <IconLock size={20} aria-hidden="true" />
            <Title order={1} fz="xl">
              {t('checkout.title')}
            </Title>
          </Group>
          {!c ? (
            <Skeleton h={160} />
          ) : (
            <>
              <Group justify="space-between">
                <Text data-testid="checkout-item">
                  {c.kind === 'subscription'
                    ? t('subscriptions:checkoutItem')
                    : c.kind === 'swap_assist'
                      ? t('assist.checkoutItem', { title: c.postTitle ?? '' })
                      : c.kind === 'unlimited_assist'
                        ? t('assist.checkoutUnlimited', { count: c.months ?? 0 })
                        : c.kind === 'delivery'
                          ? t('checkout.delivery', { title: c.postTitle ?? '' })
                          : t('checkout.item', { count: c.tokens ?? 0 })}
                </Text>
                <Text fw={600}>{money(c.amountCents)}</Text>
              </Group>
              <Divider />
              <Group justify="space-between">
                <Text fw={700}>{t('checkout.total')}</Text>
                <Text fw={800} fz="lg" data-testid="checkout-total">
                  {money(c.amountCents)}
                </Text>
              </Group>
              <Text fz="xs" c="dimmed" ta="right">
                {t('checkout.gst')} {money(c.gstCents)}
              </Text>
              {((c.status === 'open' && hosted) || c.status === 'processing') && (
                <Group gap="sm" role="status">
                  <Loader size="sm" />
                  <Text fz="sm">{t(c.status === 'processing' ? 'checkout.processing' : 'checkout.confirming')}</Text>
                </Group>
              )}
              {c.status === 'open' && !hosted && (
                <>
                  <Alert color="blue" variant="light" fz="sm">
                    {t('checkout.localNote')}
                  </Alert>
                  <TextInput
                    label={t('checkout.card')}
                    value={card}
                    onChange={(e) => setCard(e.currentTarget.value)}
                    inputMode="numeric"
                    autoComplete="cc-number"
                    placeholder="4242 4242 4242 4242"
                    leftSection={<IconCreditCard size={18} />}
                    maxLength={23}
                  />
                  <Group justify="space-between">
                    <Button variant="subtle" color="gray" onClick={onCancel} loading={cancel.isPending} disabled={pay.isPending}>
                      {t('checkout.cancel')}
                    </Button>
                    <Button type="submit" loading={pay.isPending} disabled={cancel.isPending}>
                      {t('checkout.pay', { price: money(c.amountCents) })}
                    </Button>
                  </Group>
                </>
              )}
              {c.status === 'paid' && (
                <Alert color="swapu" role="status">
                  {t('checkout.paid')}
                </Alert>
              )}
              {/* Refused by the server (a declined card; a subscription or a quote that can no longer be had, which also closes the checkout). */}
              {error && (
                <Alert color="red" role="alert" data-testid="checkout-error">
                  {error}
                </Alert>
              )}
              {c.status === 'refunded' && (
                <Stack gap="sm">
                  <Alert color="yellow" role="status" data-testid="checkout-refunded">
                    <Text fz="sm">{t('checkout.refunded', { price: money(c.amountCents) })}</Text>
                    {c.refundReason && <Text fz="sm">{t(`receipts:refundReason.${c.refundReason}`)}</Text>}
                    {c.shortfallTokens > 0 && <Text fz="sm">{t('receipts:shortfall', { count: c.shortfallTokens })}</Text>}
                  </Alert>
                  <Group justify="space-between">
                    <Anchor component={Link} to={paths.receipts} fz="sm">
                      {t('checkout.receipts')}
                    </Anchor>
                    <Button variant="light" onClick={() => void navigate(returnTo)}>
                      {t('checkout.back')}
                    </Button>
                  </Group>
                </Stack>
              )}
              {(c.status === 'cancelled' || c.status === 'failed' || c.status === 'expired') && (
                <Stack gap="sm">
                  <Alert color="gray" role="status">
                    {t(c.status === 'expired' ? 'checkout.expired' : 'checkout.cancelled')}
                  </Alert>
                  <Button variant="light" onClick={() => void navigate(returnTo)}>
                    {t('checkout.back')}
                  </Button>
                </Stack>
              )}
            </>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
