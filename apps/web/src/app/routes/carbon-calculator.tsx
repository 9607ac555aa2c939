import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Container,
  Group,
  NumberInput,
  NativeSelect,
  SegmentedControl,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconLeaf, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import {
  carbonSavedKg,
  categoryFactor,
  type FactorSource,
  MATERIAL_FACTORS,
  MATERIAL_NAMES,
  MATERIAL_SOURCE,
  type MaterialName,
} from '@swapu/shared/carbon';
import { CATEGORIES } from '@swapu/shared/constants';
import { Trans, useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { usePageMeta } from '../../lib/use-page-meta';

/** At most this many materials, as the listing form allows. */
const MAX_MATERIALS = 5;
const MAX_WEIGHT_KG = 1000;
type Row = { key: number; material: MaterialName | null; percent: number | string };
type Mode = 'materials' | 'category';
type Result = { kg: number; factor: number; weightKg: number };
type Errors = { weight?: string; materials?: string; category?: string };

/** Which sources the table lists, in this order. */
const SOURCE_ORDER: FactorSource[] = ['textiles', 'metals', 'materials', 'electronics', 'food', 'default'];

function FactorsTable() {
  const { t, i18n } = useTranslation(['carbon', 'listing']);
  const lang = i18n.language;
  return (
    <Card padding="lg" component="section" aria-labelledby="carbon-factors-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="carbon-factors-title">
          {t('factors.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('factors.intro')}
        </Text>
        <Table.ScrollContainer minWidth={320} type="native">
          <Table striped verticalSpacing={6} fz="sm" data-testid="carbon-factors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('factors.material')}</Table.Th>
                <Table.Th ta="right">{t('factors.factor')}</Table.Th>
                <Table.Th>{t('factors.source')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {MATERIAL_NAMES.map((m) => (
                <Table.Tr key={m}>
                  <Table.Td>{t(`listing:size.materialNames.${m}`)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatNumber(MATERIAL_FACTORS[m], lang, 0)}
                  </Table.Td>
                  <Table.Td>
                    <Text fz="xs" c="dimmed">
                      [{SOURCE_ORDER.indexOf(MATERIAL_SOURCE[m]) + 1}]
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="carbon-sources">
          {SOURCE_ORDER.map((s, i) => (
            <Text key={s} component="li" fz="xs" c="dimmed">
              [{i + 1}] {t(`factors.groups.${s}`)}: <Trans t={t} i18nKey={`factors.sources.${s}`} components={{ cite: <cite /> }} />
            </Text>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

/**
 * /carbon-calculator (issue 21; spec section 9, "CO2 per kg"): an item's weight and what it is made
 * of (materials with percentages, or a category's default) → the kg CO2e saved by swapping it
 * instead of buying it new, with the same rule SwapU uses for completed swaps (carbonSavedKg), and
 * the factors with their sources. Public; nothing is sent anywhere.
 */
export default function CarbonCalculatorPage() {
  const { t, i18n } = useTranslation(['carbon', 'listing', 'categories']);
  const lang = i18n.language;
  usePageMeta({ title: `${t('title')} | SwapU`, description: t('intro') });
  const ids = useId();
  const [mode, setMode] = useState<Mode>('materials');
  const [weight, setWeight] = useState<number | string>('');
  const [rows, setRows] = useState<Row[]>([{ key: 0, material: null, percent: 100 }]);
  const [category, setCategory] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<Result | null>(null);

  const materialOptions = MATERIAL_NAMES.map((m) => ({ value: m, label: t(`listing:size.materialNames.${m}`) }));
  const categoryOptions = CATEGORIES.map((c) => ({ value: c, label: t(`categories:names.${c}`) })).sort((a, b) =>
    a.label.localeCompare(b.label, lang),
  );
  const setRow = (key: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const calculate = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    const weightKg = typeof weight === 'number' ? weight : Number.NaN;
    if (!(weightKg > 0 && weightKg <= MAX_WEIGHT_KG)) next.weight = t('errors.weight', { max: MAX_WEIGHT_KG });
    const materials = rows
      .filter((r) => r.material !== null)
      .map((r) => ({ material: r.material as string, percent: typeof r.percent === 'number' ? r.percent : Number.NaN }));
    if (mode === 'materials') {
      const total = materials.reduce((s, m) => s + m.percent, 0);
      if (materials.length === 0) next.materials = t('errors.noMaterial');
      else if (materials.some((m) => !(m.percent > 0 && m.percent <= 100))) next.materials = t('errors.percent');
      else if (Math.abs(total - 100) > 0.001) next.materials = t('errors.total', { total: formatNumber(total, lang, 0) });
      else if (new Set(materials.map((m) => m.material)).size !== materials.length) next.materials = t('errors.duplicate');
    } else if (!category) next.category = t('errors.category');
    setErrors(next);
    if (Object.keys(next).length > 0) {
      setResult(null);
      return;
    }
    const kg = mode === 'materials' ? carbonSavedKg(weightKg, materials, []) : carbonSavedKg(weightKg, [], [category!]);
    const factor = mode === 'materials' ? kg / weightKg : categoryFactor([category!]);
    setResult({ kg, factor, weightKg });
  };

  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light" color="lime">
            <IconLeaf size={22} />
          </ThemeIcon>
          <Title order={1}>{t('title')}</Title>
        </Group>
        <Text c="dimmed">{t('intro')}</Text>
        <Card padding="lg" component="form" onSubmit={calculate} noValidate aria-label={t('formLabel')}>
          <Stack gap="md">
            <NumberInput
              label={t('weight')}
              description={t('weightHelp')}
              value={weight}
              onChange={setWeight}
              min={0.01}
              max={MAX_WEIGHT_KG}
              decimalScale={2}
              suffix=" kg"
              error={errors.weight}
              required
              maw={220}
            />
            <Stack gap={4}>
              <Text component="span" fz="sm" fw={500} id={`${ids}-mode`}>
                {t('mode')}
              </Text>
              <SegmentedControl
                aria-labelledby={`${ids}-mode`}
                value={mode}
                onChange={(v) => {
                  setMode(v as Mode);
                  setErrors({});
                  setResult(null);
                }}
                data={[
                  { value: 'materials', label: t('byMaterials') },
                  { value: 'category', label: t('byCategory') },
                ]}
                data-testid="carbon-mode"
              />
            </Stack>
            {mode === 'materials' ? (
              <Stack gap="xs" role="group" aria-labelledby={`${ids}-materials`}>
                <Text component="span" fz="sm" fw={500} id={`${ids}-materials`}>
                  {t('listing:size.materials')}
                </Text>
                {rows.map((r, i) => (
                  <Group key={r.key} gap="xs" wrap="nowrap" align="flex-start" data-testid="carbon-material-row">
                    <NativeSelect
                      aria-label={t('listing:size.material', { n: i + 1 })}
                      data={[{ value: '', label: t('listing:size.materialPlaceholder') }, ...materialOptions]}
                      value={r.material ?? ''}
                      onChange={(e) => setRow(r.key, { material: (e.currentTarget.value || null) as MaterialName | null })}
                      style={{ flex: 1 }}
                    />
                    <NumberInput
                      aria-label={t('listing:size.percent', { n: i + 1 })}
                      value={r.percent}
                      onChange={(v) => setRow(r.key, { percent: v })}
                      min={1}
                      max={100}
                      suffix=" %"
                      w={96}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size={36}
                      aria-label={t('listing:size.removeMaterial', { n: i + 1 })}
                      disabled={rows.length === 1}
                      onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                ))}
                {errors.materials && (
                  <Text fz="sm" c="red" role="alert">
                    {errors.materials}
                  </Text>
                )}
                <Button
                  variant="subtle"
                  leftSection={<IconPlus size={16} />}
                  disabled={rows.length >= MAX_MATERIALS}
                  onClick={() => setRows((rs) => [...rs, { key: Math.max(...rs.map((x) => x.key)) + 1, material: null, percent: '' }])}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('listing:size.addMaterial')}
                </Button>
              </Stack>
            ) : (
              <NativeSelect
                label={t('category')}
                description={t('categoryHelp')}
                data={[{ value: '', label: t('categoryPlaceholder') }, ...categoryOptions]}
                value={category ?? ''}
                onChange={(e) => setCategory(e.currentTarget.value || null)}
                error={errors.category}
                required
              />
            )}
            <Button type="submit" style={{ alignSelf: 'flex-start' }}>
              {t('calculate')}
            </Button>
          </Stack>
        </Card>
        <div aria-live="polite">
          {result && (
            <Alert color="lime" variant="light" icon={<IconLeaf size={20} />} data-testid="carbon-result" title={t('resultTitle')}>
              <Text fz={32} fw={800} lh={1.2} c="lime.9" data-testid="carbon-kg">
                {t('resultKg', { kg: formatNumber(result.kg, lang, 1) })}
              </Text>
              <Text fz="sm" mt={4}>
                {t('resultBasis', { weight: formatNumber(result.weightKg, lang, 2), factor: formatNumber(result.factor, lang, 1) })}
              </Text>
            </Alert>
          )}
        </div>
        <FactorsTable />
      </Stack>
    </Container>
  );
}
