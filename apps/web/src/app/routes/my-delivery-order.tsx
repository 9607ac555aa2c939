import { Anchor, Button, Card, Container, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { DeliveryDetail, OrderIdIssue } from '../../features/delivery/delivery-detail';
import { deliveryPaths, ItemPhoto } from '../../features/delivery/delivery-text';
import { DeliveryOrderForm } from '../../features/delivery/order-form';
import { useDeliveryDraft } from '../../features/delivery/use-deliveries';
import { CheckoutOutcome } from '../../features/money/checkout-outcome';
import { goToCheckout } from '../../features/money/use-money';
import { LocalityInput } from '../../features/profile/locality-input';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { memberName } from '../../lib/member-name';
import { usePageMeta } from '../../lib/use-page-meta';

/**
 * /my-delivery/:postId/:offerId/:receiver: one swap item's delivery. Until one is arranged, the
 * order form (prefilled from both profiles), its quote and Pay; afterwards the delivery itself,
 * which the checkout page also returns to. `?delivery={id}` shows an earlier one (cancelled or
 * failed) from the list. A wrong or foreign address is 'There is issue with this order id'.
 */
export default function MyDeliveryOrderPage() {
  const { postId = '', offerId = '', receiver = '' } = useParams();
  const [params] = useSearchParams();
  const shownId = params.get('delivery');
  const justPaid = params.get('checkout') === 'paid';
  const { t } = useTranslation(['delivery', 'errors']);
  usePageMeta({ title: `${t('meta.order')} | SwapU`, description: t('meta.orderDescription') });
  const navigate = useNavigate();
  const draft = useDeliveryDraft(postId, offerId, receiver);
  /** A quote not yet paid, reopened to change its details (or quote again once it lapsed). */
  const [editing, setEditing] = useState(false);
  const onCheckout = (url: string) => goToCheckout(navigate, url);
  const d = draft.data;
  /** After a cancelled or failed delivery: the form again, for a new one (the draft no longer names it). */
  const arrangeAgain = () => {
    setEditing(false);
    void draft.refetch();
    if (shownId) void navigate(deliveryPaths.order(postId, offerId, receiver));
  };

  let body;
  if (draft.isError) {
    body =
      draft.error instanceof ApiError && (draft.error.status === 404 || draft.error.code === 'order_id_issue') ? (
        <OrderIdIssue />
      ) : (
        <LoadError titled onRetry={() => void draft.refetch()} />
      );
  } else if (!d) {
    body = (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={96} radius="lg" />
        <Skeleton h={280} radius="lg" />
        <Skeleton h={200} radius="lg" />
      </Stack>
    );
  } else if (shownId) {
    body = <DeliveryDetail id={shownId} onCheckout={onCheckout} onArrangeAgain={arrangeAgain} />;
  } else if (d.deliveryId && !editing) {
    body = (
      <DeliveryDetail
        id={d.deliveryId}
        onCheckout={onCheckout}
        justPaid={justPaid}
        onChangeDetails={() => setEditing(true)}
        onArrangeAgain={arrangeAgain}
      />
    );
  } else {
    body = (
      <Stack gap="md">
        <Card padding="md">
          <Group wrap="nowrap" gap="md">
            <ItemPhoto url={d.photoUrl} size={64} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={700} lineClamp={2} data-testid="order-item">
                {d.postTitle}
              </Text>
              <Text fz="sm" c="dimmed">
                {d.viewerIsSender
                  ? t('swap.youSend', { name: memberName(t, d.receiver.name) })
                  : t('swap.theySend', { name: memberName(t, d.sender.name) })}
              </Text>
            </Stack>
          </Group>
        </Card>
        <Text c="dimmed" fz="sm">
          {t('order.intro')}
        </Text>
        {editing && (
          <Button variant="subtle" w="fit-content" onClick={() => setEditing(false)} leftSection={<IconArrowLeft size={16} />}>
            {t('order.keepQuote')}
          </Button>
        )}
        <DeliveryOrderForm draft={d} PlaceInput={LocalityInput} onCheckout={onCheckout} />
      </Stack>
    );
  }

  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <Stack gap={6}>
          <Anchor component={Link} to={deliveryPaths.deliverySwap} fz="sm" w="fit-content">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={16} aria-hidden="true" />
              {t('order.back')}
            </Group>
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={40} radius="xl" variant="light">
              <IconTruckDelivery size={22} />
            </ThemeIcon>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t('order.title')}
            </Title>
          </Group>
        </Stack>
        <CheckoutOutcome paid={t('order.paidNotice')} />
        {body}
      </Stack>
    </Container>
  );
}
