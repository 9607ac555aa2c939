import { describe, expect, it } from 'vitest';
import { formatDistance, formatMoney, formatRelative } from './format';

describe('formatMoney', () => {
  it('shows Australian dollars, dropping cents on whole amounts', () => {
    expect(formatMoney(12_000, 'en-US')).toBe('A$120');
    expect(formatMoney(1_999, 'en-US')).toBe('A$19.99');
    expect(formatMoney(150_000, 'pt-PT')).toMatch(/1\s?500\s?AU\$|AU\$\s?1\s?500|1500\s?AU\$/);
  });
});

describe('formatRelative', () => {
  it('says how long ago, in the largest whole unit', () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    expect(formatRelative('2026-11-20T10:00:00Z', 'en-US', now)).toBe('2 hr. ago');
    expect(formatRelative('2026-11-17T12:00:00Z', 'en-US', now)).toBe('3 days ago');
    expect(formatRelative('2026-11-20T11:59:50Z', 'en-US', now)).toBe('this minute');
  });
});

describe('formatDistance', () => {
  it('says metres under a kilometre and keeps a decimal only under ten', () => {
    expect(formatDistance(0.04, 'en-US')).toBe('100 m');
    expect(formatDistance(0.76, 'en-US')).toBe('800 m');
    expect(formatDistance(2.44, 'en-US')).toBe('2.4 km');
    expect(formatDistance(35.6, 'en-US')).toBe('36 km');
  });
});
