import { Alert, Button, Card, Group, Select, Stack, Switch, TagsInput, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import type { MyPost } from '@swapu/shared/api';
import { CATEGORIES } from '@swapu/shared/constants';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { parseDollars } from './goal-holding';
import { GOAL_RULES } from '@swapu/shared/goal-rules';
import { useCreateGoal } from './use-goals';

interface Values {
  name: string;
  goalItem: string;
  goalCategory: string | null;
  goalKeywords: string[];
  value: string;
  startPostId: string | null;
  showOnProfile: boolean;
}

type Field = 'name' | 'goalItem' | 'value' | 'startPostId';

/** A field's error in the catalogue's words (announced: the theme gives every field error role="alert"). */
const alert = (text: string | undefined) => text || undefined;

/**
 * Sets a goal (spec section 3: goal name, goal item, goal cash value, start item), with the
 * goal item's category and keywords and whether it shows on my profile. The start item is one
 * of my published items. Each field says what is wrong in the catalogue's words before anything
 * is sent; the server's answer, if it refuses, shows above the buttons.
 */
export function GoalForm({ items, onDone }: { items: readonly MyPost[]; onDone: () => void }) {
  const { t, i18n } = useTranslation(['goals', 'errors', 'categories']);
  const lang = i18n.language;
  const create = useCreateGoal();
  const [v, setV] = useState<Values>({
    name: '',
    goalItem: '',
    goalCategory: null,
    goalKeywords: [],
    value: '',
    startPostId: items.length === 1 ? items[0]!.id : null,
    showOnProfile: false,
  });
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<Values>) => setV((old) => ({ ...old, ...patch }));
  const start = items.find((p) => p.id === v.startPostId) ?? null;
  const cents = parseDollars(v.value);

  const errorsOf = (): Partial<Record<Field, string>> => {
    const e: Partial<Record<Field, string>> = {};
    if (!v.name.trim()) e.name = t('errors:name_invalid');
    if (!v.goalItem.trim()) e.goalItem = t('errors:data_invalid');
    if (cents === null || cents < GOAL_RULES.valueMinCents || cents > GOAL_RULES.valueMaxCents) e.value = t('errors:cash_value_invalid');
    else if (start && cents <= start.cashValueCents)
      e.value = t('form.valueAboveStart', { value: formatMoney(start.cashValueCents, lang) });
    if (!start) e.startPostId = t('errors:goal_start_item');
    return e;
  };
  const errors = tried ? errorsOf() : {};

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    setTried(true);
    if (Object.keys(errorsOf()).length > 0 || cents === null || !start) return;
    create.mutate(
      {
        name: v.name.trim(),
        goalItem: v.goalItem.trim(),
        goalCategory: v.goalCategory,
        goalKeywords: v.goalKeywords,
        goalValueCents: cents,
        startPostId: start.id,
        showOnProfile: v.showOnProfile,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'swapu', message: t('form.created', { title: start.title }) });
          onDone();
        },
      },
    );
  };

  const serverError = create.error ? t(`errors:${create.error instanceof ApiError ? create.error.code : 'generic'}`) : null;
  return (
    <Card padding="lg" component="form" onSubmit={submit} noValidate data-testid="goal-form">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('form.title')}
        </Title>
        <TextInput
          label={t('form.name')}
          placeholder={t('form.namePlaceholder')}
          value={v.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          maxLength={GOAL_RULES.nameMax}
          error={alert(errors.name)}
          withAsterisk
        />
        <TextInput
          label={t('form.goalItem')}
          description={t('form.goalItemHelp')}
          placeholder={t('form.goalItemPlaceholder')}
          value={v.goalItem}
          onChange={(e) => set({ goalItem: e.currentTarget.value })}
          maxLength={GOAL_RULES.goalItemMax}
          error={alert(errors.goalItem)}
          withAsterisk
        />
        <Select
          label={t('form.category')}
          placeholder={t('form.categoryPlaceholder')}
          data={CATEGORIES.map((c) => ({ value: c, label: t(`categories:names.${c}`) }))}
          value={v.goalCategory}
          onChange={(c) => set({ goalCategory: c })}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <TagsInput
          label={t('form.keywords')}
          description={t('form.keywordsHelp', { max: GOAL_RULES.keywordsMax })}
          value={v.goalKeywords}
          onChange={(words) => set({ goalKeywords: words.map((w) => w.slice(0, GOAL_RULES.keywordMax)) })}
          maxTags={GOAL_RULES.keywordsMax}
          clearable
        />
        <TextInput
          label={t('form.value')}
          description={t('form.valueHelp')}
          leftSection="A$"
          inputMode="decimal"
          value={v.value}
          onChange={(e) => set({ value: e.currentTarget.value })}
          maxLength={16}
          error={alert(errors.value)}
          withAsterisk
        />
        <Select
          label={t('form.start')}
          description={t('form.startHelp')}
          placeholder={t('form.startPlaceholder')}
          data={items.map((p) => ({
            value: p.id,
            label: t('form.startOption', { title: p.title, value: formatMoney(p.cashValueCents, lang) }),
          }))}
          value={v.startPostId}
          onChange={(id) => set({ startPostId: id })}
          error={alert(errors.startPostId)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          withAsterisk
        />
        <Switch
          label={t('form.showOnProfile')}
          checked={v.showOnProfile}
          onChange={(e) => set({ showOnProfile: e.currentTarget.checked })}
        />
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
