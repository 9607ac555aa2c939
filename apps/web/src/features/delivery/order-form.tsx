import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { type ComponentType, type FormEvent, useState } from 'react';
import { SIZE_PRESET_NAMES, SIZE_PRESETS, type SizePreset } from '@swapu/shared/constants';
import { PARCEL_MAX_KG, PARCEL_MAX_SIDE_CM, QUOTE_HOLD_MINUTES } from '@swapu/shared/delivery';
import type { Delivery, DeliveryDraft } from '@swapu/shared/delivery-api';
import type { ErrorCode } from '@swapu/shared/errors';
import { useTranslation } from '../../i18n/react';
import { ApiError, errorCodeOf } from '../../lib/api';
import { formatDay } from './delivery-text';
import { PartyFields } from './order-party-fields';
import { QuoteCard } from './order-quote-card';
import {
  bodyOf,
  type Errors,
  FIELDS,
  fieldOf,
  initialValues,
  type Measure,
  MEASURES,
  type PartyValues,
  type PlaceInputProps,
  type Side,
  SIDES,
  validate,
} from './order-values';
import { useCreateDelivery, useDeliveryCheckout } from './use-deliveries';

export const INSTRUCTIONS_MAX = 300;

/**
 * The delivery order form (spec section 3 "Delivery order"), prefilled from the draft: both
 * parties, the item and its parcel, the pickup day and instructions. "Get quote" books nothing
 * yet: the server prices it as a delivery awaiting payment, held for 30 minutes, and Pay goes on
 * to the checkout. Server refusals land under their fields, anything else above the button.
 */
export function DeliveryOrderForm({
  draft,
  PlaceInput,
  onCheckout,
}: {
  draft: DeliveryDraft;
  PlaceInput: ComponentType<PlaceInputProps>;
  /** Sends the person where they pay (the page passes goToCheckout). */
  onCheckout: (url: string) => void;
}) {
  const { t, i18n } = useTranslation(['delivery', 'listing', 'errors']);
  const lang = i18n.language;
  const [values, setValues] = useState(() => initialValues(draft));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<ErrorCode | null>(null);
  const [quote, setQuote] = useState<Delivery | null>(null);
  const [editing, setEditing] = useState(true);
  const create = useCreateDelivery();
  const checkout = useDeliveryCheckout();

  /** An error's words: a catalogue code, or a key of this namespace ('delivery:…'). */
  const text = (code: string | undefined) => (code === undefined ? undefined : t(code.includes(':') ? code : `errors:${code}`));
  const clear = (...fields: string[]) =>
    setErrors((e) => (fields.some((f) => e[f]) ? Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k))) : e));

  const setParty = (side: Side) => (patch: Partial<PartyValues>, field: string) => {
    setValues((v) => ({ ...v, [side]: { ...v[side], ...patch } }));
    clear(`${side}.${field}`);
  };
  const setMeasure = (m: Measure, value: number | string) => {
    setValues((v) => ({ ...v, parcel: { ...v.parcel, [m]: value } }));
    clear(`parcel.${m}`);
  };
  const fillPreset = (preset: SizePreset) => {
    const s = SIZE_PRESETS[preset];
    setValues((v) => ({ ...v, parcel: { weightKg: s.weightKg, lengthCm: s.lengthCm, widthCm: s.widthCm, heightCm: s.heightCm } }));
    clear(...MEASURES.map((m) => `parcel.${m}`));
  };

  /** Server errors: each under its field; anything else (or nothing placeable) above the button. */
  const showServerError = (err: unknown) => {
    const code = errorCodeOf(err);
    const fields = Object.entries(err instanceof ApiError ? (err.fields ?? {}) : {})
      .map(([k, c]) => [fieldOf(k), c] as const)
      .filter(([k, c]) => FIELDS.has(k) && i18n.exists(`errors:${c}`));
    if (fields.length) {
      setErrors(Object.fromEntries(fields));
      setFormError('form_issue');
    } else setFormError(code);
  };

  const getQuote = () => {
    setFormError(null);
    create.mutate(bodyOf(values, draft), {
      onSuccess: (d) => {
        setQuote(d);
        setEditing(false);
      },
      onError: (err) => {
        setEditing(true);
        showServerError(err);
      },
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs = validate(values, draft);
    setErrors(errs);
    if (Object.keys(errs).length) return setFormError('form_issue');
    getQuote();
  };
  const pay = () => {
    if (!quote) return;
    setFormError(null);
    checkout.mutate(quote.id, {
      onSuccess: (r) => onCheckout(r.url),
      onError: (err) => setFormError(errorCodeOf(err)),
    });
  };

  const errorAlert = formError && (
    <Alert color="red" role="alert" data-testid="order-error">
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{t(`errors:${formError}`)}</Text>
        {formError === 'quote_expired' && (
          <Button size="xs" variant="light" color="red" onClick={getQuote} loading={create.isPending}>
            {t('quote.newQuote')}
          </Button>
        )}
      </Stack>
    </Alert>
  );

  if (quote && !editing)
    return (
      <Stack gap="md">
        {errorAlert}
        <QuoteCard
          quote={quote}
          paying={checkout.isPending}
          onPay={pay}
          onChange={() => {
            setFormError(null);
            setEditing(true);
          }}
        />
      </Stack>
    );

  const measure = (m: Measure, label: string) => (
    <NumberInput
      label={label}
      value={values.parcel[m]}
      onChange={(v) => setMeasure(m, v)}
      min={0}
      max={1000}
      decimalScale={m === 'weightKg' ? 2 : 1}
      allowNegative={false}
      error={text(errors[`parcel.${m}`])}
    />
  );

  return (
    <form onSubmit={submit} noValidate data-testid="order-form">
      <Stack gap="md">
        {SIDES.map((side) => (
          <PartyFields
            key={side}
            draft={draft}
            side={side}
            value={values[side]}
            errors={errors}
            text={text}
            onChange={setParty(side)}
            PlaceInput={PlaceInput}
          />
        ))}
        <Card padding="lg">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('order.parcel')}
            </Title>
            <TextInput
              label={t('order.itemDescription')}
              description={t('order.itemDescriptionHint')}
              value={values.itemDescription}
              onChange={(e) => {
                const itemDescription = e.currentTarget.value;
                setValues((v) => ({ ...v, itemDescription }));
                clear('itemDescription');
              }}
              error={text(errors.itemDescription)}
              maxLength={200}
            />
            <Stack gap={6}>
              <Text fz="sm" fw={500} id="parcel-presets">
                {t('order.presets')}
              </Text>
              <Group gap={6} role="group" aria-labelledby="parcel-presets">
                {SIZE_PRESET_NAMES.map((p) => (
                  <Button key={p} type="button" size="compact-sm" variant="light" color="gray" onClick={() => fillPreset(p)}>
                    {t(`listing:size.preset.${p}`)}
                  </Button>
                ))}
              </Group>
            </Stack>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {measure('weightKg', t('listing:size.weight'))}
              {measure('lengthCm', t('listing:size.length'))}
              {measure('widthCm', t('listing:size.width'))}
              {measure('heightCm', t('listing:size.height'))}
            </SimpleGrid>
            <Text fz="xs" c="dimmed">
              {t('order.limits', { kg: PARCEL_MAX_KG, cm: PARCEL_MAX_SIDE_CM })}
            </Text>
          </Stack>
        </Card>
        <Card padding="lg">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('order.pickup')}
            </Title>
            <TextInput
              type="date"
              label={t('order.pickupDate')}
              value={values.pickupDate}
              min={draft.earliestPickup ?? undefined}
              onChange={(e) => {
                const pickupDate = e.currentTarget.value;
                setValues((v) => ({ ...v, pickupDate }));
                clear('pickupDate');
              }}
              description={draft.earliestPickup ? t('order.pickupHint', { date: formatDay(draft.earliestPickup, lang) }) : undefined}
              error={text(errors.pickupDate)}
              maw={{ base: '100%', xs: 260 }}
            />
            <Textarea
              label={t('order.instructions')}
              placeholder={t('order.instructionsPlaceholder')}
              value={values.instructions}
              onChange={(e) => {
                const instructions = e.currentTarget.value.slice(0, INSTRUCTIONS_MAX);
                setValues((v) => ({ ...v, instructions }));
              }}
              maxLength={INSTRUCTIONS_MAX}
              autosize
              minRows={2}
              maxRows={5}
              description={t('order.instructionsCount', { used: values.instructions.length, max: INSTRUCTIONS_MAX })}
              error={text(errors.instructions)}
            />
          </Stack>
        </Card>
        {errorAlert}
        <Group>
          <Button type="submit" size="md" loading={create.isPending} leftSection={<IconTruckDelivery size={18} />}>
            {t('order.submit')}
          </Button>
          <Text fz="xs" c="dimmed" style={{ flex: 1, minWidth: 160 }}>
            {t('order.holdNote', { minutes: QUOTE_HOLD_MINUTES })}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
