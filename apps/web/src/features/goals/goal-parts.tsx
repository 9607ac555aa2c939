import type { Goal } from '@swapu/shared/engagement';
import { numberFormat } from '@swapu/shared/intl';

export { ItemThumb } from '../../components/item-thumb';

/** "56%" / "56 %", whole percent in the language's way. */
export const percentOf = (ratio: number, lang: string) =>
  numberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(Math.max(0, ratio));

/** The value a goal holds now (as the server counts it): the item received at its last step, else its start item's. */
export const currentValueOf = (goal: Pick<Goal, 'steps' | 'start'>) => goal.steps.at(-1)?.valueCents ?? goal.start.cashValueCents;
