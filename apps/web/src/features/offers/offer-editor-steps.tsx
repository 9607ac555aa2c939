import {
  Alert,
  Anchor,
  AspectRatio,
  Box,
  Card,
  Checkbox,
  Group,
  Image,
  Radio,
  SimpleGrid,
  Skeleton,
  Slider,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { OFFER_EXPIRY_DAYS_MAX, OFFER_EXPIRY_DAYS_MIN, OFFER_ITEMS_MAX } from '@swapu/shared/constants';
import type { CashKind } from '@swapu/shared/offers';
import { formatMoney } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { ItemThumb } from '../../components/item-thumb';
import { draftToTerms, OFFER_FUNNEL_STEPS, type OfferDraft, type OfferFunnelStep } from './offer-funnel';
import { describeCash } from './offer-text';
import classes from './offers.module.css';
import type { OfferEditorProps } from './offer-editor';
import { dateTimeFormat } from '@swapu/shared/intl';

/** The offer editor's steps (items, cash, expiry, review) and the item thumbnail they share. */

export const viewerIsOfferer = (p: Pick<OfferEditorProps, 'viewerId' | 'offerer'>) => p.viewerId === p.offerer.id;
export const otherName = (p: Pick<OfferEditorProps, 'viewerId' | 'offerer' | 'owner'>) =>
  viewerIsOfferer(p) ? p.owner.displayName : p.offerer.displayName;

interface StepProps {
  draft: OfferDraft;
  set: (patch: Partial<OfferDraft>) => void;
}

/** Step 1: up to five of the offerer's live listings, as cards to tick. */
export function ItemsStep({ items, itemsLoading, itemsNote, noItems, draft, set }: OfferEditorProps & StepProps) {
  const { t, i18n } = useTranslation('offers');
  const full = draft.itemIds.length >= OFFER_ITEMS_MAX;
  const toggle = (id: string, on: boolean) =>
    set({
      itemIds: on ? [...draft.itemIds, id].slice(0, OFFER_ITEMS_MAX) : draft.itemIds.filter((x) => x !== id),
    });
  return (
    <Stack gap="sm">
      {itemsNote}
      <Text fz="sm" fw={600} aria-live="polite" data-testid="offer-items-count">
        {t('items.chosen', {
          count: draft.itemIds.length,
          max: OFFER_ITEMS_MAX,
        })}
      </Text>
      {itemsLoading ? (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={180} radius="lg" />
          ))}
        </SimpleGrid>
      ) : items.length === 0 ? (
        noItems
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="offer-items">
          {items.map((item) => {
            const checked = draft.itemIds.includes(item.id);
            return (
              <Checkbox.Card
                key={item.id}
                className={classes.itemCard}
                radius="lg"
                checked={checked}
                onChange={(on) => toggle(item.id, on)}
                disabled={!checked && full}
                aria-label={item.title}
              >
                <AspectRatio ratio={4 / 3}>
                  {item.thumbUrl ? (
                    <Image src={item.thumbUrl} alt="" fit="cover" />
                  ) : (
                    <Stack align="center" justify="center" bg="sand.1" c="sand.9">
                      <IconPhotoOff size={28} aria-hidden="true" />
                    </Stack>
                  )}
                </AspectRatio>
                <Group p="xs" gap="xs" wrap="nowrap" align="flex-start">
                  <Checkbox.Indicator mt={2} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fz="sm" fw={600} lineClamp={2} lh={1.3}>
                      {item.title}
                    </Text>
                    <Text fz="xs" c="swapu.8" fw={700}>
                      {formatMoney(item.cashValueCents, i18n.language)}
                    </Text>
                  </Stack>
                </Group>
              </Checkbox.Card>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** Step 2: no cash, cash on top, a request for cash, or (when the post is open to selling) cash only. */
export function CashStep(props: OfferEditorProps & StepProps & { cashError?: string }) {
  const { t } = useTranslation('offers');
  const { draft, set, openToSelling, cashError } = props;
  const side = viewerIsOfferer(props) ? 'offerer' : 'owner';
  const name = memberName(t, otherName(props));
  const kinds: CashKind[] = ['none', 'add', 'request'];
  if (openToSelling || draft.cashKind === 'only') kinds.push('only');
  return (
    <Stack gap="md">
      <Radio.Group value={draft.cashKind} onChange={(v) => set({ cashKind: v as CashKind })} label={t('cash.label')}>
        <Stack gap="xs" mt="xs">
          {kinds.map((k) => (
            <Radio.Card key={k} value={k} radius="md" className={classes.cashCard} data-testid={`cash-${k}`}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={2} />
                <div>
                  <Text fw={600} fz="sm">
                    {t(`cashOption.${side}.${k}.label`, { name })}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {t(`cashOption.${side}.${k}.hint`, { name })}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      {draft.cashKind !== 'none' && (
        <TextInput
          label={t('cash.amount')}
          placeholder="0"
          leftSection="A$"
          inputMode="decimal"
          value={draft.cash}
          onChange={(e) => set({ cash: e.currentTarget.value })}
          error={cashError || undefined}
          maw={240}
          withAsterisk
        />
      )}
      {draft.cashKind === 'only' && draft.itemIds.length > 0 && (
        <Alert color="yellow" variant="light">
          {t('cash.onlyDropsItems', { count: draft.itemIds.length })}
        </Alert>
      )}
    </Stack>
  );
}

const expiryDate = (days: number, locale: string) =>
  dateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(Date.now() + days * 86_400_000));

/** Step 4: how long the other person has to answer, 1–14 days. */
export function ExpiryStep({ draft, set }: StepProps) {
  const { t, i18n } = useTranslation('offers');
  return (
    <Stack gap="lg">
      <Text fw={700} fz="lg" data-testid="offer-expiry">
        {t('expiry.value', {
          count: draft.expiryDays,
          date: expiryDate(draft.expiryDays, i18n.language),
        })}
      </Text>
      <Box px="sm" pb="lg">
        <Slider
          min={OFFER_EXPIRY_DAYS_MIN}
          max={OFFER_EXPIRY_DAYS_MAX}
          step={1}
          value={draft.expiryDays}
          onChange={(v) => set({ expiryDays: v })}
          thumbLabel={t('expiry.label')}
          label={(v) => t('expiry.days', { count: v })}
          marks={[OFFER_EXPIRY_DAYS_MIN, 7, OFFER_EXPIRY_DAYS_MAX].map((v) => ({
            value: v,
            label: String(v),
          }))}
        />
      </Box>
    </Stack>
  );
}

/** Step 5: everything on one card, each part with a way back to change it. */
export function ReviewStep(props: OfferEditorProps & { draft: OfferDraft; goTo: (i: number) => void }) {
  const { t, i18n } = useTranslation('offers');
  const { draft, goTo, items } = props;
  const terms = draftToTerms(draft);
  const picked = items.filter((i) => terms.itemIds.includes(i.id));
  const row = (label: string, step: OfferFunnelStep, body: ReactNode) => (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        {body}
      </Stack>
      <Anchor
        component="button"
        type="button"
        fz="sm"
        onClick={() => goTo(OFFER_FUNNEL_STEPS.indexOf(step))}
        aria-label={t('review.edit', { part: label })}
      >
        {t('review.change')}
      </Anchor>
    </Group>
  );
  const cash = describeCash(
    t,
    {
      ...terms,
      proposedBy: viewerIsOfferer(props) ? 'offerer' : 'owner',
      offerer: props.offerer,
      owner: props.owner,
    },
    props.viewerId,
    i18n.language,
  );
  return (
    <Card padding="md" data-testid="offer-summary">
      {row(
        t('review.items'),
        'items',
        picked.length ? (
          <Stack gap={6}>
            {picked.map((p) => (
              <Group key={p.id} gap="xs" wrap="nowrap">
                <ItemThumb url={p.thumbUrl} size={40} />
                <Text fz="sm" fw={600} lineClamp={1}>
                  {p.title}
                </Text>
                <Text fz="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {formatMoney(p.cashValueCents, i18n.language)}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text fz="sm">{t('review.noItems')}</Text>
        ),
      )}
      {row(
        t('review.cash'),
        'cash',
        <Text fz="sm" data-testid="offer-summary-cash">
          {cash}
        </Text>,
      )}
      {row(
        t('review.message'),
        'message',
        <Text fz="sm" c={terms.message ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line' }}>
          {terms.message || t('review.noMessage')}
        </Text>,
      )}
      {row(
        t('review.expiry'),
        'expiry',
        <Text fz="sm">
          {t('expiry.value', {
            count: terms.expiryDays,
            date: expiryDate(terms.expiryDays, i18n.language),
          })}
        </Text>,
      )}
    </Card>
  );
}
