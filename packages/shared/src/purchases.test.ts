import { describe, expect, it } from 'vitest';
import { gstOf, isValidTokenAmount, priceOf } from './purchases';

describe('purchases', () => {
  it('accepts whole token amounts from 5 to 500 only', () => {
    for (const ok of [5, 6, 20, 499, 500]) expect(isValidTokenAmount(ok)).toBe(true);
    for (const bad of [4, 501, 0, -5, 5.5, Number.NaN, Number.POSITIVE_INFINITY, '20', null, undefined]) {
      expect(isValidTokenAmount(bad)).toBe(false);
    }
  });

  it('prices tokens at A$1 each, GST-inclusive, with the GST part one eleventh', () => {
    expect(priceOf({ kind: 'tokens', amount: 20 })).toBe(2000);
    expect(gstOf(2000)).toBe(182);
    expect(gstOf(1000)).toBe(91);
    expect(gstOf(500)).toBe(45);
    expect(gstOf(1100)).toBe(100);
  });
});
