import { Alert, Button, Card, Group, Loader, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import {
  IconAlertTriangle,
  IconCreditCard,
  IconDownload,
  IconFileAlert,
  IconPencil,
  IconReceiptRefund,
  IconTruckDelivery,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { Delivery, LabelSize } from '@swapu/shared/delivery-api';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { ApiError, errorCodeOf } from '../../lib/api';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { DeliveryStateBadge, deliveryPaths, formatDay, formatTime, ItemPhoto } from './delivery-text';
import { downloadLabel, useCancelDelivery, useDelivery, useDeliveryCheckout } from './use-deliveries';

/** The catalogue text of whatever went wrong (a server code, the browser's refusal, or 'An error occurred'). */

/** 'There is issue with this order id': a wrong or foreign order address, said plainly with a way back. */
export function OrderIdIssue() {
  const { t } = useTranslation(['delivery', 'errors']);
  return (
    <Card padding="xl" ta="center" data-testid="order-id-issue">
      <Stack align="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange">
          <IconFileAlert size={28} />
        </ThemeIcon>
        <Text fw={700} role="alert">
          {t('errors:order_id_issue')}
        </Text>
        <Text fz="sm" c="dimmed" maw={420}>
          {t('order.issueHint')}
        </Text>
        <Button component={Link} to={deliveryPaths.deliverySwap} variant="light" mt="xs">
          {t('order.backToSwaps')}
        </Button>
      </Stack>
    </Card>
  );
}

/** One labelled fact of the delivery. */
function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Does a quoted price still hold? */
export const quoteHolds = (d: Pick<Delivery, 'quoteExpiresAt'>, now = Date.now()) => Date.parse(d.quoteExpiresAt) > now;

const place = (p: Delivery['sender']) => [p.suburb, p.state, p.postcode].filter(Boolean).join(' ');

/** The parcel's route, the courier's dates, price and tracking reference. */
function Facts({ d }: { d: Delivery }) {
  const { t, i18n } = useTranslation('delivery');
  const lang = i18n.language;
  return (
    <Card padding="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="md">
        <Fact label={t('detail.from')} testId="delivery-from">
          <Text fw={600} data-user-content>
            {memberName(t, d.sender.name)}
          </Text>
          <Text fz="sm">{place(d.sender)}</Text>
        </Fact>
        <Fact label={t('detail.to')} testId="delivery-to">
          <Text fw={600} data-user-content>
            {memberName(t, d.receiver.name)}
          </Text>
          <Text fz="sm">{place(d.receiver)}</Text>
        </Fact>
        <Fact label={t('detail.parcel')}>
          <Text fz="sm">{d.itemDescription}</Text>
          <Text fz="sm" c="dimmed">
            {t('detail.parcelSize', {
              kg: formatNumber(d.parcel.weightKg, lang, 2),
              length: formatNumber(d.parcel.lengthCm, lang),
              width: formatNumber(d.parcel.widthCm, lang),
              height: formatNumber(d.parcel.heightCm, lang),
            })}
          </Text>
        </Fact>
        <Fact label={t('detail.price')}>
          <Text fw={700} data-testid="delivery-price">
            {formatMoney(d.priceCents, lang)}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('quote.gst', { gst: formatMoney(d.gstCents, lang) })}
          </Text>
        </Fact>
        <Fact label={t('detail.pickupDate')}>
          <Text fz="sm">{formatDay(d.pickupDate, lang)}</Text>
        </Fact>
        <Fact label={t('detail.estimated')}>
          <Text fz="sm" data-testid="delivery-estimated">
            {formatDay(d.estimatedDelivery, lang)}
          </Text>
        </Fact>
        <Fact label={t('detail.tracking')}>
          {d.trackingRef ? (
            <Text fz="sm" fw={700} ff="monospace" data-testid="delivery-tracking">
              {d.trackingRef}
            </Text>
          ) : (
            <Text fz="sm" c="dimmed">
              {t('detail.noTracking')}
            </Text>
          )}
        </Fact>
        {d.instructions && (
          <Fact label={t('detail.instructions')}>
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {d.instructions}
            </Text>
          </Fact>
        )}
      </SimpleGrid>
    </Card>
  );
}

/** The courier's tracking events, oldest first, the latest highlighted. */
function Events({ d }: { d: Delivery }) {
  const { t, i18n } = useTranslation('delivery');
  return (
    <Card padding="lg">
      <Title order={2} fz="lg" mb="md">
        {t('detail.timeline')}
      </Title>
      {d.events.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('detail.noEvents')}
        </Text>
      ) : (
        <Timeline active={d.events.length - 1} bulletSize={20} lineWidth={2} data-testid="delivery-timeline">
          {d.events.map((e, i) => (
            <Timeline.Item
              key={`${e.at}-${i}`}
              title={e.state === 'booking' ? t('timeline.paid') : t(`state.${e.state}`)}
              data-testid="delivery-event"
            >
              {e.description && (
                <Text fz="sm" c="dimmed">
                  {e.description}
                </Text>
              )}
              <Text fz="xs" c="dimmed" mt={2}>
                {formatDateTime(e.at, i18n.language)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Card>
  );
}

/**
 * One delivery: its state, the two parties, the parcel, dates, price and tracking reference, the
 * courier's timeline, and what the viewer can do now (pay, download the label, cancel). While the
 * courier is being booked or the parcel moves it is read again on its own (useDelivery).
 */
export function DeliveryDetail({
  id,
  onCheckout,
  justPaid = false,
  onChangeDetails,
  onArrangeAgain,
}: {
  id: string;
  /** Sends the person where they pay (the page passes goToCheckout). */
  onCheckout: (url: string) => void;
  /** Back from paying: the payment may take a moment to show, so it is polled meanwhile. */
  justPaid?: boolean;
  /** A quote not yet paid: back to the order form, to change it or get a new quote. */
  onChangeDetails?: () => void;
  /** Cancelled or failed: back to the order form, to arrange a new delivery for the item. */
  onArrangeAgain?: () => void;
}) {
  const { t, i18n } = useTranslation(['delivery', 'errors']);
  const lang = i18n.language;
  const delivery = useDelivery(id, { justPaid });
  const checkout = useDeliveryCheckout();
  const cancel = useCancelDelivery();
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState<LabelSize | null>(null);
  const [error, setError] = useState<{ code: string } | null>(null);
  const [cancelledNow, setCancelledNow] = useState(false);

  if (delivery.isError) {
    return delivery.error instanceof ApiError && (delivery.error.status === 404 || delivery.error.status === 403) ? (
      <OrderIdIssue />
    ) : (
      <LoadError titled onRetry={() => void delivery.refetch()} />
    );
  }
  const d = delivery.data;
  if (!d)
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={104} radius="lg" />
        <Skeleton h={48} radius="md" />
        <Skeleton h={240} radius="lg" />
      </Stack>
    );

  const amount = formatMoney(d.priceCents, lang);
  const other = d.viewerIsSender ? d.receiver : d.sender;
  const canPay = d.state === 'awaiting_payment' && d.viewerBooked;
  // An unpaid quote is simply dropped; a booked delivery (label created) is refunded.
  const paid = d.state !== 'awaiting_payment';
  const ended = d.state === 'cancelled' || d.state === 'failed';

  const pay = () => {
    setError(null);
    checkout.mutate(d.id, {
      onSuccess: (r) => onCheckout(r.url),
      onError: (err) => setError({ code: errorCodeOf(err) }),
    });
  };
  const download = async (size: LabelSize) => {
    setError(null);
    setDownloading(size);
    try {
      await downloadLabel(d.id, size, `swapu-label-${d.trackingRef ?? d.id}-${size}.pdf`);
    } catch (err) {
      setError({ code: errorCodeOf(err) });
    } finally {
      setDownloading(null);
    }
  };
  const confirmCancel = () =>
    cancel.mutate(d.id, {
      onSuccess: () => {
        setConfirming(false);
        setCancelledNow(true);
      },
      onError: (err) => {
        setConfirming(false);
        setError({ code: errorCodeOf(err) });
      },
    });

  return (
    <Stack gap="md" data-testid="delivery-detail">
      <Card padding="lg">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ItemPhoto url={d.photoUrl} size={72} />
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Title order={2} fz="lg" lh={1.3} lineClamp={2}>
                {d.postTitle}
              </Title>
              <DeliveryStateBadge state={d.state} size="md" />
            </Group>
            <Text fz="sm" c="dimmed">
              {d.viewerIsSender
                ? t('swap.youSend', { name: memberName(t, d.receiver.name) })
                : t('swap.theySend', { name: memberName(t, d.sender.name) })}
            </Text>
          </Stack>
        </Group>
      </Card>

      {d.state === 'booking' && (
        <Alert color="blue" icon={<Loader size={16} />} role="status">
          {t('detail.booking')}
        </Alert>
      )}
      {d.state === 'awaiting_payment' &&
        (d.viewerBooked ? (
          <Alert color="yellow" icon={<IconCreditCard size={18} />} role="status">
            {quoteHolds(d) ? t('quote.heldUntil', { time: formatTime(d.quoteExpiresAt, lang) }) : t('errors:quote_expired')}
          </Alert>
        ) : (
          <Alert color="yellow" icon={<IconCreditCard size={18} />} role="status">
            {t('detail.awaitingOther', { name: memberName(t, other.name) })}
          </Alert>
        ))}
      {d.state === 'failed' && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('detail.failedTitle')} data-testid="delivery-failure">
          <Text fz="sm">{d.failure ?? t('detail.refunded')}</Text>
        </Alert>
      )}
      {d.state === 'cancelled' && (
        <Alert
          color={cancelledNow ? 'swapu' : 'gray'}
          icon={<IconReceiptRefund size={18} />}
          role="status"
          data-testid="delivery-cancelled"
        >
          {/* Only a booked delivery was paid for: its courier gave it a tracking reference. */}
          {d.trackingRef === null
            ? t('detail.quoteCancelled')
            : cancelledNow
              ? t('detail.cancelledNow', { amount })
              : t('detail.cancelledBefore')}
        </Alert>
      )}

      {error && (
        <Alert color="red" role="alert" data-testid="delivery-error">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{t(`errors:${error.code}`)}</Text>
            {error.code === 'quote_expired' && onChangeDetails && (
              <Button size="xs" variant="light" color="red" onClick={onChangeDetails}>
                {t('quote.newQuote')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}

      {(canPay || d.hasLabel || d.canCancel || (ended && onArrangeAgain)) && (
        <Group gap="sm">
          {canPay && (
            <Button onClick={pay} loading={checkout.isPending} leftSection={<IconCreditCard size={18} />}>
              {t('quote.pay', { amount })}
            </Button>
          )}
          {canPay && onChangeDetails && (
            <Button variant="default" onClick={onChangeDetails} leftSection={<IconPencil size={18} />}>
              {t('quote.change')}
            </Button>
          )}
          {d.hasLabel && (
            <>
              <Button
                variant="light"
                leftSection={<IconDownload size={18} />}
                loading={downloading === 'a4'}
                disabled={downloading !== null}
                onClick={() => void download('a4')}
              >
                {t('detail.labelA4')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconDownload size={18} />}
                loading={downloading === '4x6'}
                disabled={downloading !== null}
                onClick={() => void download('4x6')}
              >
                {t('detail.label4x6')}
              </Button>
            </>
          )}
          {d.canCancel && (
            <Button variant="subtle" color="red" leftSection={<IconX size={18} />} onClick={() => setConfirming(true)}>
              {t('detail.cancel')}
            </Button>
          )}
          {ended && onArrangeAgain && (
            <Button variant="light" leftSection={<IconTruckDelivery size={18} />} onClick={onArrangeAgain}>
              {t('detail.arrangeAgain')}
            </Button>
          )}
        </Group>
      )}

      <Facts d={d} />
      <Events d={d} />

      <Dialog opened={confirming} onClose={() => setConfirming(false)} fixed title={t('detail.cancelTitle')} centered>
        <Stack>
          <Text fz="sm">{paid ? t('detail.cancelBody', { amount }) : t('detail.cancelQuoteBody')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('detail.keep')}
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={confirmCancel}>
              {t('detail.confirmCancel')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Stack>
  );
}
