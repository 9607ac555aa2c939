import { Image, ThemeIcon } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import type { Goal } from '@swapu/shared/engagement';

/** An item's square photo, or a placeholder. */
export function ItemThumb({ url, size }: { url: string | null; size: number }) {
  return url ? (
    <Image src={url} alt="" w={size} h={size} radius="md" style={{ flexShrink: 0 }} />
  ) : (
    <ThemeIcon size={size} radius="md" variant="light" color="gray" style={{ flexShrink: 0 }}>
      <IconPhotoOff size={Math.round(size / 3)} aria-hidden="true" />
    </ThemeIcon>
  );
}

/** "56%" / "56 %", whole percent in the language's way. */
export const percentOf = (ratio: number, lang: string) =>
  new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(Math.max(0, ratio));

/** The value a goal holds now (as the server counts it): the item received at its last step, else its start item's. */
export const currentValueOf = (goal: Pick<Goal, 'steps' | 'start'>) => goal.steps.at(-1)?.valueCents ?? goal.start.cashValueCents;
