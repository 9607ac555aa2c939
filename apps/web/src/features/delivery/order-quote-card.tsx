import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconClock, IconCreditCard, IconPencil, IconTruckDelivery } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { Delivery } from '@swapu/shared/delivery-api';
import { useTranslation } from '../../i18n/react';
import { formatMoney } from '../../lib/format';
import { formatDay, formatTime } from './delivery-text';

/** The quote: price with its GST, the dates, how long the price holds, and Pay. */
export function QuoteCard({
  quote,
  paying,
  onPay,
  onChange,
}: {
  quote: Delivery;
  paying: boolean;
  onPay: () => void;
  onChange: () => void;
}) {
  const { t, i18n } = useTranslation('delivery');
  const lang = i18n.language;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // In braces: Chromium's scrollIntoView answers a Promise, which React would take for a cleanup.
    ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [quote.id]);
  const amount = formatMoney(quote.priceCents, lang);
  return (
    <Card padding="lg" withBorder data-testid="delivery-quote" ref={ref}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('quote.title')}
        </Title>
        <Group justify="space-between" align="flex-end">
          <div>
            <Text fz="sm" c="dimmed">
              {t('quote.price')}
            </Text>
            <Text fz={36} fw={800} c="swapu.8" lh={1.1} data-testid="quote-price">
              {amount}
            </Text>
          </div>
          <Text fz="xs" c="dimmed" data-testid="quote-gst">
            {t('quote.gst', { gst: formatMoney(quote.gstCents, lang) })}
          </Text>
        </Group>
        <Group gap={8} wrap="nowrap">
          <IconTruckDelivery size={18} aria-hidden="true" />
          <Text fz="sm">
            {t('quote.route', {
              from: `${quote.sender.suburb} ${quote.sender.state} ${quote.sender.postcode}`.trim(),
              to: `${quote.receiver.suburb} ${quote.receiver.state} ${quote.receiver.postcode}`.trim(),
            })}
          </Text>
        </Group>
        <Group gap={8} wrap="nowrap">
          <IconCalendarEvent size={18} aria-hidden="true" />
          <Text fz="sm" data-testid="quote-dates">
            {t('quote.dates', { pickup: formatDay(quote.pickupDate, lang), delivery: formatDay(quote.estimatedDelivery, lang) })}
          </Text>
        </Group>
        <Group gap={8} wrap="nowrap" c="orange.8">
          <IconClock size={18} aria-hidden="true" />
          <Text fz="sm" fw={600} data-testid="quote-held">
            {t('quote.heldUntil', { time: formatTime(quote.quoteExpiresAt, lang) })}
          </Text>
        </Group>
        <Group gap="sm" mt="xs">
          <Button onClick={onPay} loading={paying} leftSection={<IconCreditCard size={18} />}>
            {t('quote.pay', { amount })}
          </Button>
          <Button variant="default" onClick={onChange} leftSection={<IconPencil size={18} />}>
            {t('quote.change')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
