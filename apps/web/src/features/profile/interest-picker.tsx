import { Chip, Group } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { CATEGORIES } from '@swapu/shared/constants';

/** Every category as a toggle chip. */
export function InterestPicker({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation('categories');
  return (
    <Chip.Group multiple value={value} onChange={onChange}>
      <Group gap={8}>
        {CATEGORIES.map((c) => (
          <Chip key={c} value={c} variant="outline" radius="xl">
            {t(`names.${c}`)}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
