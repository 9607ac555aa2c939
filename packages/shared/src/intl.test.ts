import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl';
import { formatMoney } from './money';

describe('cached Intl formatters', () => {
  it('gives the same formatter for the same locale and options, and another for others', () => {
    const a = dateTimeFormat('en-US', { month: 'long', year: 'numeric' });
    expect(dateTimeFormat('en-US', { month: 'long', year: 'numeric' })).toBe(a);
    expect(dateTimeFormat('pt-PT', { month: 'long', year: 'numeric' })).not.toBe(a);
    expect(dateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })).not.toBe(a);
    expect(numberFormat('en-US', { maximumFractionDigits: 1 })).toBe(numberFormat('en-US', { maximumFractionDigits: 1 }));
    expect(numberFormat('en-US', { maximumFractionDigits: 1 })).not.toBe(numberFormat('en-US', { maximumFractionDigits: 0 }));
    expect(relativeTimeFormat('pt-PT', { numeric: 'auto' })).toBe(relativeTimeFormat('pt-PT', { numeric: 'auto' }));
  });

  it('formats as a new formatter would', () => {
    const d = new Date('2026-11-24T03:05:00Z');
    const opts: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Australia/Sydney' };
    for (const locale of ['en-US', 'pt-PT']) {
      expect(dateTimeFormat(locale, opts).format(d)).toBe(new Intl.DateTimeFormat(locale, opts).format(d));
      expect(numberFormat(locale, { maximumFractionDigits: 1 }).format(1234.56)).toBe(
        new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(1234.56),
      );
    }
    // Whole dollars and cents use different option sets, so two cached formatters.
    expect(formatMoney(12_000, 'en-US')).toBe('A$120');
    expect(formatMoney(12_050, 'en-US')).toBe('A$120.50');
  });
});
