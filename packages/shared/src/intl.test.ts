import { describe, expect, it } from 'vitest';
import { dateLocale, dateTimeFormat, numberFormat, relativeTimeFormat } from './intl';
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
      expect(dateTimeFormat(locale, opts).format(d)).toBe(new Intl.DateTimeFormat(dateLocale(locale), opts).format(d));
      expect(numberFormat(locale, { maximumFractionDigits: 1 }).format(1234.56)).toBe(
        new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(1234.56),
      );
    }
    // Whole dollars and cents use different option sets, so two cached formatters.
    expect(formatMoney(12_000, 'en-US')).toBe('A$120');
    expect(formatMoney(12_050, 'en-US')).toBe('A$120.50');
  });

  it('writes dates in English as Australians do (the words stay the spec’s en-US), and in Portuguese as Portugal does', () => {
    const d = new Date('2026-12-09T03:30:00Z');
    const sydney = { timeZone: 'Australia/Sydney' } as const;
    expect(dateLocale('en-US')).toBe('en-AU');
    expect(dateLocale('pt-PT')).toBe('pt-PT');
    expect(dateTimeFormat('en-US', { dateStyle: 'medium', ...sydney }).format(d)).toBe('9 Dec 2026');
    expect(dateTimeFormat('en-US', { weekday: 'short', day: 'numeric', month: 'short', ...sydney }).format(d)).toBe('Wed, 9 Dec');
    expect(dateTimeFormat('en-US', { timeStyle: 'short', ...sydney }).format(d)).toBe('2:30 pm');
    expect(dateTimeFormat('pt-PT', { dateStyle: 'medium', ...sydney }).format(d)).toBe('09/12/2026');
  });
});
