import {
  Button,
  Chip,
  Group,
  Input,
  MultiSelect,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import {
  CATEGORIES,
  CONDITIONS,
  DELIVERY_OPTIONS,
  DISTANCE_OPTIONS_KM,
  type Condition,
  type DeliveryOption,
} from '@swapu/shared/constants';
import { SEARCH_RADIUS_MAX_KM } from '@swapu/shared/constants';
import { hasSearchTerm } from '@swapu/shared/input-rules';
import type { SearchUrlState } from '@swapu/shared/search-url';
import { PlaceField, type Place } from './place-field';

interface Values {
  q: string;
  category: string[];
  condition: Condition[];
  min: string | number;
  max: string | number;
  radiusKm: string;
  place: Place;
  delivery: DeliveryOption | '';
  openToSelling: boolean;
  openToSwapAnything: boolean;
  wantsMine: boolean;
}

const fromState = (s: SearchUrlState): Values => ({
  q: s.q ?? '',
  category: s.category ?? [],
  condition: s.condition ?? [],
  min: s.minCents === undefined ? '' : s.minCents / 100,
  max: s.maxCents === undefined ? '' : s.maxCents / 100,
  radiusKm: s.radiusKm === undefined ? '' : String(s.radiusKm),
  place: { near: s.near, lat: s.lat, lng: s.lng },
  delivery: s.delivery ?? '',
  openToSelling: !!s.openToSelling,
  openToSwapAnything: !!s.openToSwapAnything,
  wantsMine: !!s.wantsMine,
});

const dollars = (v: string | number) => (v === '' || Number.isNaN(Number(v)) ? undefined : Math.round(Number(v)));

function toState(v: Values, sort: SearchUrlState['sort']): SearchUrlState {
  const min = dollars(v.min);
  const max = dollars(v.max);
  const state: SearchUrlState = {
    q: v.q.trim() || undefined,
    category: v.category.length ? (v.category as SearchUrlState['category']) : undefined,
    condition: v.condition.length ? v.condition : undefined,
    minCents: min === undefined ? undefined : min * 100,
    maxCents: max === undefined ? undefined : max * 100,
    radiusKm: v.radiusKm ? Number(v.radiusKm) : undefined,
    near: v.place.lat === undefined ? v.place.near?.trim() || undefined : undefined,
    lat: v.place.lat,
    lng: v.place.lng,
    delivery: v.delivery || undefined,
    openToSelling: v.openToSelling || undefined,
    openToSwapAnything: v.openToSwapAnything || undefined,
    wantsMine: v.wantsMine || undefined,
    sort,
  };
  return Object.fromEntries(Object.entries(state).filter(([, x]) => x !== undefined)) as SearchUrlState;
}

/**
 * Every search filter in one form: /advanced-search/, /search-filter and the Filters panel of
 * /search. It checks what the API would refuse (no term, a distance without a place, a value
 * range upside down) before leaving the page, with the catalogue's words.
 */
export function SearchFiltersForm({
  initial,
  onSubmit,
  signedIn,
}: {
  initial: SearchUrlState;
  onSubmit: (state: SearchUrlState) => void;
  signedIn: boolean;
}) {
  const { t } = useTranslation(['search', 'categories', 'posts', 'errors']);
  const [v, setV] = useState<Values>(() => fromState(initial));
  const [errors, setErrors] = useState<{ form?: string; place?: string; range?: string }>({});
  const set = (patch: Partial<Values>) => {
    setV((old) => ({ ...old, ...patch }));
    setErrors({});
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const state = toState({ ...v, wantsMine: signedIn && v.wantsMine }, initial.sort);
    const hasPlace = state.near !== undefined || state.lat !== undefined;
    const next: typeof errors = {};
    if (!hasSearchTerm(state)) next.form = t('errors:search_term_required');
    // A member's own suburb is the default place (the server's), so only a guest must give one.
    if (!signedIn && (state.radiusKm !== undefined || state.sort === 'closest') && !hasPlace) next.place = t('errors:address_invalid');
    if (state.minCents !== undefined && state.maxCents !== undefined && state.minCents > state.maxCents)
      next.range = t('filters.rangeInvalid');
    setErrors(next);
    if (!Object.keys(next).length) onSubmit(state);
  };

  const categoryOptions = CATEGORIES.map((c) => ({ value: c, label: t(`categories:names.${c}`) })).sort((a, b) =>
    a.label.localeCompare(b.label),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('filters.formLabel')}>
      <Stack gap="md">
        <TextInput
          label={t('filters.keyword')}
          placeholder={t('filters.keywordPlaceholder')}
          value={v.q}
          onChange={(e) => set({ q: e.currentTarget.value })}
          leftSection={<IconSearch size={16} />}
          maxLength={100}
        />
        <MultiSelect
          label={t('filters.categories')}
          placeholder={v.category.length ? undefined : t('filters.categoriesPlaceholder')}
          data={categoryOptions}
          value={v.category}
          onChange={(category) => set({ category })}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t('errors:category_no_match')}
          comboboxProps={{ withinPortal: true }}
        />
        <Input.Wrapper label={t('filters.condition')} labelElement="div" labelProps={{ id: 'filter-condition', mb: 6 }}>
          <Chip.Group multiple value={v.condition} onChange={(c) => set({ condition: c as Condition[] })}>
            <Group gap={6} role="group" aria-labelledby="filter-condition">
              {CONDITIONS.map((c) => (
                <Chip key={c} value={c} size="sm">
                  {t(`posts:condition.${c}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
        <Input.Wrapper label={t('filters.value')} labelElement="div" labelProps={{ id: 'filter-value' }}>
          <Group grow gap="sm" align="flex-start" role="group" aria-labelledby="filter-value">
            <NumberInput
              label={t('filters.min')}
              value={v.min}
              onChange={(min) => set({ min })}
              min={0}
              max={1_000_000}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              prefix="$"
            />
            <NumberInput
              label={t('filters.max')}
              value={v.max}
              onChange={(max) => set({ max })}
              min={0}
              max={1_000_000}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              prefix="$"
              error={errors.range}
            />
          </Group>
        </Input.Wrapper>
        <Input.Wrapper label={t('filters.distance')} labelElement="div" labelProps={{ id: 'filter-distance' }}>
          <Stack gap="sm" role="group" aria-labelledby="filter-distance">
            <NativeSelect
              label={t('filters.radius')}
              value={v.radiusKm}
              onChange={(e) => set({ radiusKm: e.currentTarget.value })}
              data={[
                { value: '', label: t('filters.anyDistance') },
                ...DISTANCE_OPTIONS_KM.filter((km) => km <= SEARCH_RADIUS_MAX_KM).map((km) => ({
                  value: String(km),
                  label: t('filters.withinKm', { km }),
                })),
              ]}
            />
            <PlaceField
              value={v.place}
              onChange={(place) => set({ place })}
              error={errors.place}
              description={signedIn ? t('place.profileDefault') : undefined}
            />
          </Stack>
        </Input.Wrapper>
        <Input.Wrapper label={t('filters.delivery')} labelElement="div" labelProps={{ id: 'filter-delivery', mb: 4 }}>
          <SegmentedControl
            aria-labelledby="filter-delivery"
            value={v.delivery}
            onChange={(d) => set({ delivery: d as Values['delivery'] })}
            data={[
              { value: '', label: t('filters.anyDelivery') },
              ...DELIVERY_OPTIONS.map((d) => ({ value: d, label: t(`filters.deliveryShort.${d}`) })),
            ]}
            fullWidth
          />
        </Input.Wrapper>
        <Switch
          label={t('filters.openToSelling')}
          checked={v.openToSelling}
          onChange={(e) => set({ openToSelling: e.currentTarget.checked })}
        />
        <Switch
          label={t('filters.openToSwapAnything')}
          checked={v.openToSwapAnything}
          onChange={(e) => set({ openToSwapAnything: e.currentTarget.checked })}
        />
        {signedIn && (
          <Switch
            label={t('filters.wantsMine')}
            description={t('filters.wantsMineHelp')}
            checked={v.wantsMine}
            onChange={(e) => set({ wantsMine: e.currentTarget.checked })}
          />
        )}
        {errors.form && (
          <Text c="red" fz="sm" role="alert">
            {errors.form}
          </Text>
        )}
        <Group justify="space-between" mt="xs">
          <Button variant="subtle" color="gray" onClick={() => set(fromState({}))}>
            {t('filters.clear')}
          </Button>
          <Button type="submit" leftSection={<IconSearch size={16} />}>
            {t('filters.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
