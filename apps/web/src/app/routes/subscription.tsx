import { Alert, Anchor, Badge, Button, Card, Container, Group, List, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCrown } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { CheckoutOutcome } from '../../features/money/checkout-outcome';
import { goToCheckout, useCancelSubscription, useSubscribe, useSubscription } from '../../features/money/use-money';
import { useTranslation } from '../../i18n/react';
import { errorCodeOf } from '../../lib/api';
import { formatDateTime, formatMoney } from '../../lib/format';

const STATUS_COLOR = { active: 'swapu', cancelled: 'yellow', expired: 'gray', none: 'gray' } as const;

/** /subscription: the A$10 monthly subscription, its state, subscribing through checkout and cancelling. */
export default function SubscriptionPage() {
  const { t, i18n } = useTranslation(['subscriptions', 'errors', 'receipts']);
  const sub = useSubscription();
  const subscribe = useSubscribe();
  const cancel = useCancelSubscription();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lang = i18n.language;
  const fail = (err: unknown) => setError(t(`errors:${errorCodeOf(err)}`));

  if (sub.isError) return <LoadError titled onRetry={() => void sub.refetch()} />;
  const s = sub.data;
  const date = s?.currentPeriodEnd ? formatDateTime(s.currentPeriodEnd, lang) : '';
  const price = formatMoney(s?.priceCents ?? 1000, lang);

  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <Group gap="sm">
          <ThemeIcon size={40} radius="xl" variant="light" color="yellow">
            <IconCrown size={22} />
          </ThemeIcon>
          <Title order={1}>{t('title')}</Title>
        </Group>
        <Text c="dimmed">{t('intro')}</Text>
        <CheckoutOutcome paid={t('returned.paid')} />
        <Card padding="lg" data-testid="subscription-card">
          {!s ? (
            <Skeleton h={90} />
          ) : (
            <Stack gap="sm">
              <Group justify="space-between">
                <Badge size="lg" variant="light" color={STATUS_COLOR[s.status]} data-testid="subscription-status">
                  {t(`status.${s.status}`)}
                </Badge>
                <Text fw={800} fz="lg">
                  {price}
                </Text>
              </Group>
              {s.status === 'active' && <Text fz="sm">{t('renews', { date })}</Text>}
              {s.status === 'cancelled' && <Text fz="sm">{t('endsOn', { date })}</Text>}
              {s.status === 'expired' && date && <Text fz="sm">{t('expiredOn', { date })}</Text>}
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Group>
                {(s.status === 'none' || s.status === 'expired') && (
                  <Button
                    leftSection={<IconCrown size={18} />}
                    loading={subscribe.isPending}
                    onClick={() => {
                      setError(null);
                      subscribe.mutate('/subscription', { onSuccess: ({ url }) => goToCheckout(navigate, url), onError: fail });
                    }}
                  >
                    {t(s.status === 'none' ? 'subscribe' : 'subscribeAgain', { price })}
                  </Button>
                )}
                {s.status === 'active' && (
                  <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                    {t('cancel')}
                  </Button>
                )}
              </Group>
            </Stack>
          )}
        </Card>
        <Anchor component={Link} to={paths.receipts} fz="sm" w="fit-content">
          {t('receipts:link')}
        </Anchor>
        <Card padding="lg">
          <Title order={2} fz="lg" mb="sm">
            {t('benefitsTitle')}
          </Title>
          <List
            spacing="xs"
            icon={
              <ThemeIcon size={20} radius="xl" color="swapu">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            <List.Item>{t('benefits.early')}</List.Item>
            <List.Item>{t('benefits.swipes')}</List.Item>
            <List.Item>{t('benefits.badge')}</List.Item>
          </List>
        </Card>
      </Stack>
      <Dialog opened={confirming} onClose={() => setConfirming(false)} fixed title={t('cancelTitle')} centered>
        <Stack>
          <Text fz="sm">{t('cancelBody', { date })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('keep')}
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: (r) => {
                    setConfirming(false);
                    notifications.show({
                      color: 'swapu',
                      message: t('cancelled', { date: formatDateTime(r.currentPeriodEnd ?? '', lang) }),
                    });
                  },
                  onError: (err) => {
                    setConfirming(false);
                    fail(err);
                  },
                })
              }
            >
              {t('cancel')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Container>
  );
}
