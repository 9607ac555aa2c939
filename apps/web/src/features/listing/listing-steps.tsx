import { Group, MultiSelect, Radio, Stack, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { CATEGORIES, CONDITIONS, POST_KEYWORDS_MAX, type Condition } from '@swapu/shared/constants';
import { normaliseKeywords, type ListingErrors, type ListingValues } from './listing-values';

export interface StepProps {
  values: ListingValues;
  set: (patch: Partial<ListingValues>) => void;
  errors: ListingErrors;
}

/** The catalogue text of a field's error, announced to screen readers (PRODUCT.md). */
export function useFieldError(errors: ListingErrors) {
  const { t } = useTranslation('errors');
  return (field: string) => {
    const code = errors[field];
    // Announced as it appears: the theme gives every field error role="alert".
    return code ? t(code) : undefined;
  };
}

/**
 * Dropdowns open under the sticky Back/Next bar (z-index 90) rather than over it, so "Next"
 * stays clickable right after picking from a list that stays open (the multi-selects do).
 */
export const COMBOBOX_PROPS = { withinPortal: true, zIndex: 80 } as const;

const MAX_CATEGORIES = 3;
const MAX_WISH_CATEGORIES = 10;

function useCategoryOptions() {
  const { t } = useTranslation('categories');
  return CATEGORIES.map((c) => ({ value: c, label: t(`names.${c}`) }));
}

/** Step 2: title, description, condition. */
export function DetailsStep({ values, set, errors }: StepProps) {
  const { t } = useTranslation('listing');
  const fieldError = useFieldError(errors);
  return (
    <Stack gap="md">
      <TextInput
        label={t('details.title')}
        placeholder={t('details.titlePlaceholder')}
        value={values.title}
        onChange={(e) => set({ title: e.currentTarget.value })}
        error={fieldError('title')}
        maxLength={80}
        withAsterisk
      />
      <Textarea
        label={t('details.description')}
        placeholder={t('details.descriptionPlaceholder')}
        value={values.description}
        onChange={(e) => set({ description: e.currentTarget.value })}
        autosize
        minRows={4}
        maxRows={12}
        maxLength={4000}
      />
      <Radio.Group label={t('details.condition')} value={values.condition} onChange={(v) => set({ condition: v as Condition })}>
        <Group gap="md" mt={6}>
          {CONDITIONS.map((c) => (
            <Radio key={c} value={c} label={t(`details.conditions.${c}`)} />
          ))}
        </Group>
      </Radio.Group>
    </Stack>
  );
}

/** Step 3: one to three categories, and keywords as tags. */
export function CategoriesStep({ values, set, errors }: StepProps) {
  const { t } = useTranslation('listing');
  const fieldError = useFieldError(errors);
  const options = useCategoryOptions();
  return (
    <Stack gap="md">
      <MultiSelect
        label={t('categories.label')}
        description={t('categories.help', { max: MAX_CATEGORIES })}
        placeholder={values.categories.length < MAX_CATEGORIES ? t('categories.placeholder') : undefined}
        data={options}
        value={values.categories}
        onChange={(categories) => set({ categories })}
        maxValues={MAX_CATEGORIES}
        searchable
        hidePickedOptions
        nothingFoundMessage={t('categories.nothingFound')}
        error={fieldError('categories')}
        comboboxProps={COMBOBOX_PROPS}
        withAsterisk
      />
      <TagsInput
        label={t('categories.keywords')}
        description={t('categories.keywordsHelp', { max: POST_KEYWORDS_MAX })}
        placeholder={t('categories.keywordsPlaceholder')}
        value={values.keywords}
        onChange={(tags) => set({ keywords: normaliseKeywords(tags) })}
        maxTags={POST_KEYWORDS_MAX}
        splitChars={[',']}
        clearable
        error={fieldError('keywords')}
      />
    </Stack>
  );
}

/** Step 4: estimated cash value, open to selling / anything, and what the owner would like. */
export function ValueStep({ values, set, errors }: StepProps) {
  const { t } = useTranslation('listing');
  const fieldError = useFieldError(errors);
  const options = useCategoryOptions();
  return (
    <Stack gap="md">
      <TextInput
        label={t('value.cash')}
        description={t('value.cashHelp')}
        placeholder={t('value.cashPlaceholder')}
        leftSection="A$"
        inputMode="decimal"
        value={values.cashValue}
        onChange={(e) => set({ cashValue: e.currentTarget.value })}
        error={fieldError('cashValueCents')}
        maxLength={16}
        withAsterisk
      />
      <Switch
        label={t('value.openToSelling')}
        description={t('value.openToSellingHelp')}
        checked={values.openToSelling}
        onChange={(e) => set({ openToSelling: e.currentTarget.checked })}
      />
      <Switch
        label={t('value.openToSwapAnything')}
        description={t('value.openToSwapAnythingHelp')}
        checked={values.openToSwapAnything}
        onChange={(e) => set({ openToSwapAnything: e.currentTarget.checked })}
      />
      <MultiSelect
        label={t('value.wishCategories')}
        description={t('value.wishCategoriesHelp')}
        placeholder={t('categories.placeholder')}
        data={options}
        value={values.wishCategories}
        onChange={(wishCategories) => set({ wishCategories })}
        maxValues={MAX_WISH_CATEGORIES}
        searchable
        hidePickedOptions
        nothingFoundMessage={t('categories.nothingFound')}
        comboboxProps={COMBOBOX_PROPS}
      />
      <TagsInput
        label={t('value.wishKeywords')}
        description={t('value.wishKeywordsHelp')}
        placeholder={t('categories.keywordsPlaceholder')}
        value={values.wishKeywords}
        onChange={(tags) => set({ wishKeywords: normaliseKeywords(tags) })}
        maxTags={POST_KEYWORDS_MAX}
        splitChars={[',']}
        clearable
      />
    </Stack>
  );
}
