import { Alert, Anchor, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCalendarEvent, IconClock, IconCreditCard, IconPencil, IconTruckDelivery } from '@tabler/icons-react';
import { type ComponentType, type FormEvent, useEffect, useRef, useState } from 'react';
import { EMAIL_PATTERN, SIZE_PRESET_NAMES, SIZE_PRESETS, type SizePreset } from '@swapu/shared/constants';
import { isSpecificStreetAddress, PARCEL_MAX_KG, PARCEL_MAX_SIDE_CM, QUOTE_HOLD_MINUTES } from '@swapu/shared/delivery';
import type { Delivery, DeliveryDraft, DeliveryOrderBody, DeliveryPartyBody } from '@swapu/shared/delivery-api';
import type { ErrorCode } from '@swapu/shared/errors';
import { useTranslation } from '../../i18n/react';
import { ApiError, errorCodeOf } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { formatDay, formatTime, isWeekend } from './delivery-text';
import { useCreateDelivery, useDeliveryCheckout } from './use-deliveries';

/** A suburb/postcode picked from the localities list. */
export interface Place {
  suburb: string;
  postcode: string;
}

/** The page's suburb/postcode field (the profile's LocalityInput), handed in: a feature does not reach into another. */
export interface PlaceInputProps {
  label: string;
  placeholder?: string;
  initial?: string;
  error?: string | undefined;
  onPick: (place: Place | null) => void;
}

type Side = 'sender' | 'receiver';
const SIDES: readonly Side[] = ['sender', 'receiver'];

interface PartyValues {
  name: string;
  street: string;
  place: Place | null;
  email: string;
  /** The other party's email is on file (shown masked): the server passes it to the courier. */
  useOnFile: boolean;
}
const MEASURES = ['weightKg', 'lengthCm', 'widthCm', 'heightCm'] as const;
type Measure = (typeof MEASURES)[number];
interface OrderValues {
  sender: PartyValues;
  receiver: PartyValues;
  itemDescription: string;
  parcel: Record<Measure, number | string>;
  pickupDate: string;
  instructions: string;
}
/** Field errors by the API's field names ('sender.street', 'parcel.weightKg', 'pickupDate', …), as catalogue codes or delivery texts. */
type Errors = Partial<Record<string, string>>;

export const INSTRUCTIONS_MAX = 300;

const isViewerSide = (draft: DeliveryDraft, side: Side) => (side === 'sender') === draft.viewerIsSender;

function initialParty(draft: DeliveryDraft, side: Side): PartyValues {
  const p = draft[side];
  const onFile = p.emailOnFile && !isViewerSide(draft, side);
  return {
    name: p.name,
    street: p.street,
    place: p.suburb && p.postcode ? { suburb: p.suburb, postcode: p.postcode } : null,
    email: onFile ? '' : p.email,
    useOnFile: onFile,
  };
}

const initialValues = (draft: DeliveryDraft): OrderValues => ({
  sender: initialParty(draft, 'sender'),
  receiver: initialParty(draft, 'receiver'),
  itemDescription: draft.itemDescription,
  parcel: { ...draft.parcel },
  pickupDate: draft.earliestPickup ?? '',
  instructions: '',
});

const positive = (v: number | string) => typeof v === 'number' && Number.isFinite(v) && v > 0;

/**
 * The server's rules that the browser can check: names, a street a courier can find, a picked
 * suburb, an email where none is on file, the parcel's measures, a weekday pickup on or after the
 * earliest one. Public holidays are the server's to refuse.
 */
function validate(v: OrderValues, draft: DeliveryDraft): Errors {
  const errs: Errors = {};
  for (const side of SIDES) {
    const p = v[side];
    if (!p.name.trim()) errs[`${side}.name`] = 'name_invalid';
    if (!isSpecificStreetAddress(p.street)) errs[`${side}.street`] = 'address_not_specific';
    if (!p.place) errs[`${side}.suburb`] = 'address_invalid';
    if (!p.useOnFile) {
      const email = p.email.trim();
      if (email ? !EMAIL_PATTERN.test(email) : !draft[side].emailOnFile) errs[`${side}.email`] = 'email_invalid';
    }
  }
  if (!v.itemDescription.trim()) errs.itemDescription = 'delivery:order.descriptionRequired';
  if (!positive(v.parcel.weightKg)) errs['parcel.weightKg'] = 'weight_required';
  for (const m of ['lengthCm', 'widthCm', 'heightCm'] as const) if (!positive(v.parcel[m])) errs[`parcel.${m}`] = 'dimensions_required';
  const day = v.pickupDate;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || isWeekend(day) || (draft.earliestPickup !== null && day < draft.earliestPickup))
    errs.pickupDate = 'pickup_date_invalid';
  return errs;
}

function partyBody(p: PartyValues): DeliveryPartyBody {
  const email = p.email.trim();
  return {
    name: p.name.trim(),
    street: p.street.trim(),
    suburb: p.place!.suburb,
    postcode: p.place!.postcode,
    ...(!p.useOnFile && email ? { email } : {}),
  };
}

const bodyOf = (v: OrderValues, draft: DeliveryDraft): DeliveryOrderBody => ({
  postId: draft.postId,
  offerId: draft.offerId,
  receiverId: draft.receiver.userId,
  sender: partyBody(v.sender),
  receiver: partyBody(v.receiver),
  itemDescription: v.itemDescription.trim(),
  parcel: {
    weightKg: Number(v.parcel.weightKg),
    lengthCm: Number(v.parcel.lengthCm),
    widthCm: Number(v.parcel.widthCm),
    heightCm: Number(v.parcel.heightCm),
  },
  pickupDate: v.pickupDate,
  instructions: v.instructions.trim(),
});

/** The API's field name for the form's field ('sender.postcode' is shown on the suburb field). */
const fieldOf = (key: string) => key.replace(/\.postcode$/, '.suburb');
const FIELDS = new Set([
  ...SIDES.flatMap((s) => ['name', 'street', 'suburb', 'email'].map((f) => `${s}.${f}`)),
  'itemDescription',
  ...MEASURES.map((m) => `parcel.${m}`),
  'pickupDate',
  'instructions',
]);

/** One end of the delivery: name, street, suburb/postcode and email. */
function PartyFields({
  draft,
  side,
  value,
  errors,
  text,
  onChange,
  PlaceInput,
}: {
  draft: DeliveryDraft;
  side: Side;
  value: PartyValues;
  errors: Errors;
  text: (key: string | undefined) => string | undefined;
  onChange: (patch: Partial<PartyValues>, field: string) => void;
  PlaceInput: ComponentType<PlaceInputProps>;
}) {
  const { t } = useTranslation('delivery');
  const p = draft[side];
  const mine = isViewerSide(draft, side);
  const initialPlace = p.suburb && p.postcode ? `${p.suburb} ${p.postcode}` : '';
  return (
    <Card padding="lg" role="group" aria-labelledby={`${side}-title`}>
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} fz="lg" id={`${side}-title`}>
            {t(`order.${side}.title`)}
          </Title>
          {mine && (
            <Text fz="sm" c="dimmed">
              {t('order.you')}
            </Text>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t(`order.${side}.name`)}
            value={value.name}
            onChange={(e) => onChange({ name: e.currentTarget.value }, 'name')}
            error={text(errors[`${side}.name`])}
            maxLength={80}
            autoComplete={mine ? 'name' : 'off'}
          />
          <TextInput
            label={t(`order.${side}.street`)}
            placeholder={t('order.streetPlaceholder')}
            value={value.street}
            onChange={(e) => onChange({ street: e.currentTarget.value }, 'street')}
            error={text(errors[`${side}.street`])}
            maxLength={120}
            autoComplete={mine ? 'street-address' : 'off'}
          />
          <PlaceInput
            label={t(`order.${side}.place`)}
            placeholder={t('order.placePlaceholder')}
            initial={initialPlace}
            error={text(errors[`${side}.suburb`])}
            onPick={(place) => onChange({ place }, 'suburb')}
          />
          {value.useOnFile ? (
            <TextInput
              label={t(`order.${side}.email`)}
              value={p.email}
              readOnly
              description={
                <>
                  {t('order.emailOnFile', { name: memberName(t, p.name) })}{' '}
                  <Anchor component="button" type="button" fz="xs" onClick={() => onChange({ useOnFile: false, email: '' }, 'email')}>
                    {t('order.otherEmail')}
                  </Anchor>
                </>
              }
              data-testid={`${side}-email-on-file`}
            />
          ) : (
            <TextInput
              label={t(`order.${side}.email`)}
              type="email"
              inputMode="email"
              value={value.email}
              onChange={(e) => onChange({ email: e.currentTarget.value }, 'email')}
              error={text(errors[`${side}.email`])}
              maxLength={254}
              autoComplete={mine ? 'email' : 'off'}
              description={
                p.emailOnFile && !mine ? (
                  <Anchor component="button" type="button" fz="xs" onClick={() => onChange({ useOnFile: true, email: '' }, 'email')}>
                    {t('order.useEmailOnFile')}
                  </Anchor>
                ) : undefined
              }
            />
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The quote: price with its GST, the dates, how long the price holds, and Pay. */
function QuoteCard({ quote, paying, onPay, onChange }: { quote: Delivery; paying: boolean; onPay: () => void; onChange: () => void }) {
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
