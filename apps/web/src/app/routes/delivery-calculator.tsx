import { Alert, Button, Card, Container, Group, NumberInput, Select, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconRoute, IconTruckDelivery } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { SIZE_PRESET_NAMES, SIZE_PRESETS, type SizePreset } from '@swapu/shared/constants';
import type { Quote } from '@swapu/shared/delivery-api';
import { endpoints } from '@swapu/shared/endpoints';
import { LocalityInput, type PickedLocality } from '../../features/profile/locality-input';
import { useTranslation } from '../../i18n/react';
import { call, errorCodeOf } from '../../lib/api';
import { formatMoney, formatNumber } from '../../lib/format';
import { asLocale, usePageMeta } from '../../lib/use-page-meta';
import { pageMeta } from '@swapu/shared/page-meta';
import { dateTimeFormat } from '@swapu/shared/intl';

type Size = SizePreset | 'custom';
const CUSTOM = 'custom' as const;

/** A calendar day (YYYY-MM-DD) as the person reads dates: "Wed 25 Nov". */
const formatDay = (day: string, locale: string) =>
  dateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

function QuoteResult({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation('delivery');
  const lang = i18n.language;
  return (
    <Card padding="lg" withBorder data-testid="quote">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Text fz="sm" c="dimmed">
              {t('calculator.price')}
            </Text>
            <Text fz={36} fw={800} c="swapu.8" lh={1.1} data-testid="quote-price">
              {formatMoney(quote.priceCents, lang)}
            </Text>
          </div>
          <Text fz="xs" c="dimmed">
            {t('calculator.gst', { gst: formatMoney(quote.gstCents, lang) })}
          </Text>
        </Group>
        <Group gap={8} wrap="nowrap">
          <IconCalendarEvent size={18} aria-hidden="true" />
          <Text fz="sm" data-testid="quote-dates">
            {t('calculator.dates', { pickup: formatDay(quote.pickupDate, lang), delivery: formatDay(quote.estimatedDelivery, lang) })}
          </Text>
        </Group>
        <Group gap={8} wrap="nowrap">
          <IconRoute size={18} aria-hidden="true" />
          <Text fz="sm">
            {t('calculator.route', {
              from: `${quote.from.suburb} ${quote.from.state} ${quote.from.postcode}`,
              to: `${quote.to.suburb} ${quote.to.state} ${quote.to.postcode}`,
              km: formatNumber(quote.distanceKm, lang, 0),
            })}
          </Text>
        </Group>
        <Text fz="xs" c="dimmed">
          {t('calculator.basis', { kg: formatNumber(quote.chargeableKg, lang), count: quote.transitDays })}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * /delivery-calculator (public): a courier quote between two places for a size preset or a
 * parcel's own weight and dimensions, priced by the server's courier (decision 0025).
 */
export default function DeliveryCalculatorPage() {
  const { t, i18n } = useTranslation(['delivery', 'listing', 'errors']);
  usePageMeta(pageMeta.deliveryCalculator(asLocale(i18n.language)));
  const [from, setFrom] = useState<PickedLocality | null>(null);
  const [to, setTo] = useState<PickedLocality | null>(null);
  const [size, setSize] = useState<Size>('satchel');
  const [measures, setMeasures] = useState({
    weightKg: 1 as number | string,
    lengthCm: 30 as number | string,
    widthCm: 20 as number | string,
    heightCm: 10 as number | string,
  });
  const [fieldErrors, setFieldErrors] = useState<{ from?: string; to?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const get = useMutation({
    mutationFn: () =>
      call(endpoints.deliveryQuote, {
        query: {
          fromSuburb: from!.suburb,
          fromPostcode: from!.postcode,
          toSuburb: to!.suburb,
          toPostcode: to!.postcode,
          ...(size === CUSTOM
            ? {
                weightKg: Number(measures.weightKg),
                lengthCm: Number(measures.lengthCm),
                widthCm: Number(measures.widthCm),
                heightCm: Number(measures.heightCm),
              }
            : { size }),
        },
      }),
    onError: (err) => setError(t(`errors:${errorCodeOf(err)}`)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const errs = { ...(from ? {} : { from: t('errors:address_invalid') }), ...(to ? {} : { to: t('errors:address_invalid') }) };
    setFieldErrors(errs);
    if (!from || !to) return;
    get.mutate();
  };
  const preset = size === 'custom' ? null : SIZE_PRESETS[size];
  const measure = (key: keyof typeof measures, label: string, max: number) => (
    <NumberInput
      label={label}
      value={measures[key]}
      onChange={(v) => setMeasures((m) => ({ ...m, [key]: v }))}
      min={0}
      max={max}
      decimalScale={key === 'weightKg' ? 2 : 0}
      allowNegative={false}
    />
  );
  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light">
            <IconTruckDelivery size={22} />
          </ThemeIcon>
          <Title order={1}>{t('calculator.title')}</Title>
        </Group>
        <Text c="dimmed">{t('calculator.intro')}</Text>
        <Card padding="lg" component="form" onSubmit={submit} noValidate data-tour="delivery">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <LocalityInput
                label={t('calculator.from')}
                placeholder={t('calculator.placePlaceholder')}
                onPick={(l) => (setFrom(l), setFieldErrors((f) => ({ ...f, from: undefined })))}
                error={fieldErrors.from}
              />
              <LocalityInput
                label={t('calculator.to')}
                placeholder={t('calculator.placePlaceholder')}
                onPick={(l) => (setTo(l), setFieldErrors((f) => ({ ...f, to: undefined })))}
                error={fieldErrors.to}
              />
            </SimpleGrid>
            <Select
              label={t('calculator.size')}
              value={size}
              onChange={(v) => v && setSize(v as Size)}
              allowDeselect={false}
              data={[
                ...SIZE_PRESET_NAMES.map((p) => ({ value: p, label: t(`listing:size.preset.${p}`) })),
                { value: CUSTOM, label: t('calculator.custom') },
              ]}
              description={
                preset
                  ? t('calculator.presetHint', {
                      size: t('listing:size.presetSize', { length: preset.lengthCm, width: preset.widthCm, height: preset.heightCm }),
                      kg: formatNumber(preset.weightKg, i18n.language),
                    })
                  : undefined
              }
            />
            {size === CUSTOM && (
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                {measure('weightKg', t('listing:size.weight'), 1000)}
                {measure('lengthCm', t('listing:size.length'), 1000)}
                {measure('widthCm', t('listing:size.width'), 1000)}
                {measure('heightCm', t('listing:size.height'), 1000)}
              </SimpleGrid>
            )}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={get.isPending} leftSection={<IconTruckDelivery size={18} />}>
                {t('calculator.submit')}
              </Button>
            </Group>
          </Stack>
        </Card>
        {get.data && !error && <QuoteResult quote={get.data} />}
        <Text fz="xs" c="dimmed">
          {t('calculator.note')}
        </Text>
      </Stack>
    </Container>
  );
}
