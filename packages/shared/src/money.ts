import { numberFormat } from './intl';

/** A$ with the locale's formatting; whole dollars drop the cents (the web app and the pages' heads alike). */
export function formatMoney(cents: number, locale: string): string {
  const whole = cents % 100 === 0;
  return numberFormat(locale, {
    style: 'currency',
    currency: 'AUD',
    currencyDisplay: 'symbol',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}
