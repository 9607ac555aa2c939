import { dateTimeFormat, numberFormat, relativeTimeFormat } from '@swapu/shared/intl';

export { formatMoney } from '@swapu/shared/money';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "2 h ago" style relative time. */
export function formatRelative(iso: string, locale: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = relativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  for (const [unit, s] of UNITS) if (Math.abs(seconds) >= s) return rtf.format(Math.round(seconds / s), unit);
  return rtf.format(0, 'minute');
}

/** `timeZone` undefined: the browser's (or the server's) own. */
export const formatDateTime = (iso: string, locale: string, timeZone?: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));

/** "November 2026". */
export const formatMonthYear = (iso: string, locale: string, timeZone?: string) =>
  dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone }).format(new Date(iso));

export const formatNumber = (n: number, locale: string, digits = 1) => numberFormat(locale, { maximumFractionDigits: digits }).format(n);

/** "800 m", "2.4 km", "35 km": a decimal only where it helps. */
export function formatDistance(km: number, locale: string): string {
  if (km < 1)
    return numberFormat(locale, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(
      Math.max(100, Math.round(km * 10) * 100),
    );
  return numberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: km < 10 ? 1 : 0 }).format(km);
}
