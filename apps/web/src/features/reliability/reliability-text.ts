import { numberFormat } from '@swapu/shared/intl';
import type { ReliabilityTier } from '@swapu/shared/reliability';

/** Each tier's colour: green for the best, amber for a mixed record, red for a low one, blue for new. */
export const TIER_COLORS: Record<ReliabilityTier, string> = {
  new: 'blue',
  very_reliable: 'swapu',
  reliable: 'teal',
  mixed: 'yellow',
  low: 'red',
};

const unit = (value: number, u: 'minute' | 'hour' | 'day' | 'month' | 'year', lang: string) =>
  numberFormat(lang, { style: 'unit', unit: u, unitDisplay: 'long', maximumFractionDigits: 0 }).format(value);

/** A wait in words: "12 minutes", "9 hours", "3 days". */
export function formatWait(seconds: number, lang: string): string {
  if (seconds < 3600) return unit(Math.max(1, Math.round(seconds / 60)), 'minute', lang);
  if (seconds < 48 * 3600) return unit(Math.round(seconds / 3600), 'hour', lang);
  return unit(Math.round(seconds / 86_400), 'day', lang);
}

/** An account's age in words: "12 days", "8 months", "2 years". */
export function formatAge(days: number, lang: string): string {
  if (days < 60) return unit(Math.max(0, days), 'day', lang);
  if (days < 730) return unit(Math.floor(days / 30.44), 'month', lang);
  return unit(Math.floor(days / 365.25), 'year', lang);
}
