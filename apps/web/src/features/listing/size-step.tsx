import { ActionIcon, Button, Group, Input, NumberInput, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { MATERIAL_NAMES } from '@swapu/shared/carbon';
import { DELIVERY_OPTIONS, SIZE_PRESET_NAMES, SIZE_PRESETS, type DeliveryOption, type SizePreset } from '@swapu/shared/constants';
import { COMBOBOX_PROPS, useFieldError, type StepProps } from './listing-steps';
import { presetOf } from './listing-values';
import classes from './listing-form.module.css';

const MATERIAL_ROWS_MAX = 10;
const text = (v: string | number) => (v === '' ? '' : String(v));

/** Step 5: a size preset (prefills the measures), weight, L × W × H, materials, delivery. */
export function SizeStep({ values, set, errors }: StepProps) {
  const { t } = useTranslation('listing');
  const fieldError = useFieldError(errors);
  const materialOptions = MATERIAL_NAMES.map((m) => ({ value: m, label: t(`size.materialNames.${m}`) }));

  const pickPreset = (preset: SizePreset) => {
    if (values.sizePreset === preset) return set({ sizePreset: null });
    const s = SIZE_PRESETS[preset];
    set({
      sizePreset: preset,
      lengthCm: String(s.lengthCm),
      widthCm: String(s.widthCm),
      heightCm: String(s.heightCm),
      // A typed weight is the person's own: the preset only suggests one.
      ...(values.weightKg.trim() ? {} : { weightKg: String(s.weightKg) }),
    });
  };
  // Changing a measure by hand keeps the preset only while the size still matches it.
  const setMeasure = (key: 'lengthCm' | 'widthCm' | 'heightCm', v: string | number) => {
    const next = { lengthCm: values.lengthCm, widthCm: values.widthCm, heightCm: values.heightCm, [key]: text(v) };
    set({ [key]: text(v), sizePreset: presetOf(Number(next.lengthCm), Number(next.widthCm), Number(next.heightCm)) });
  };
  const setMaterial = (i: number, patch: Partial<{ material: string | null; percent: string }>) =>
    set({ materials: values.materials.map((m, j) => (j === i ? { ...m, ...patch } : m)) });
  const dimensionsError = !!errors.dimensions;

  return (
    <Stack gap="lg">
      <Input.Wrapper label={t('size.presets')} description={t('size.presetsHelp')}>
        <div className={classes.presets} role="group" aria-label={t('size.presets')} style={{ marginTop: 8 }}>
          {SIZE_PRESET_NAMES.map((p) => {
            const s = SIZE_PRESETS[p];
            return (
              <button key={p} type="button" className={classes.preset} aria-pressed={values.sizePreset === p} onClick={() => pickPreset(p)}>
                <Text fw={600} fz="sm" component="span" display="block">
                  {t(`size.preset.${p}`)}
                </Text>
                <Text fz="xs" c="dimmed" component="span" display="block">
                  {t('size.presetSize', { length: s.lengthCm, width: s.widthCm, height: s.heightCm })}
                </Text>
              </button>
            );
          })}
        </div>
      </Input.Wrapper>

      <Stack gap={6}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <NumberInput
            label={t('size.weight')}
            value={values.weightKg}
            onChange={(v) => set({ weightKg: text(v) })}
            min={0}
            decimalScale={2}
            hideControls
            inputMode="decimal"
            error={fieldError('weightKg')}
            withAsterisk
          />
          {(['lengthCm', 'widthCm', 'heightCm'] as const).map((key) => (
            <NumberInput
              key={key}
              label={t(`size.${key.replace('Cm', '')}`)}
              value={values[key]}
              onChange={(v) => setMeasure(key, v)}
              min={0}
              decimalScale={1}
              hideControls
              inputMode="decimal"
              error={dimensionsError}
              withAsterisk
            />
          ))}
        </SimpleGrid>
        {dimensionsError && (
          <Text fz="sm" c="red" data-testid="dimensions-error">
            {fieldError('dimensions')}
          </Text>
        )}
      </Stack>

      <Input.Wrapper label={t('size.materials')} description={t('size.materialsHelp')} error={fieldError('materials')}>
        <Stack gap="xs" mt={8} mb={errors.materials ? 6 : 0}>
          {values.materials.map((m, i) => (
            <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
              <Select
                style={{ flex: 1, minWidth: 0 }}
                aria-label={t('size.material', { n: i + 1 })}
                placeholder={t('size.materialPlaceholder')}
                data={materialOptions}
                value={m.material}
                onChange={(material) => setMaterial(i, { material })}
                searchable
                clearable
                error={!!errors.materials}
                comboboxProps={COMBOBOX_PROPS}
              />
              <NumberInput
                w={92}
                aria-label={t('size.percent', { n: i + 1 })}
                placeholder="%"
                suffix="%"
                value={m.percent}
                onChange={(v) => setMaterial(i, { percent: text(v) })}
                min={1}
                max={100}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                error={!!errors.materials}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                mb={2}
                onClick={() => set({ materials: values.materials.filter((_, j) => j !== i) })}
                aria-label={t('size.removeMaterial', { n: i + 1 })}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ))}
          {values.materials.length < MATERIAL_ROWS_MAX && (
            <Button
              variant="light"
              size="xs"
              w="fit-content"
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => set({ materials: [...values.materials, { material: null, percent: '' }] })}
            >
              {t('size.addMaterial')}
            </Button>
          )}
        </Stack>
      </Input.Wrapper>

      <Radio.Group label={t('size.delivery')} value={values.deliveryOption} onChange={(v) => set({ deliveryOption: v as DeliveryOption })}>
        <Stack gap="xs" mt={6}>
          {DELIVERY_OPTIONS.map((d) => (
            <Radio key={d} value={d} label={t(`size.deliveryOptions.${d}`)} description={t(`size.deliveryHelp.${d}`)} />
          ))}
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
