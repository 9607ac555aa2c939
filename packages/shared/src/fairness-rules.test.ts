import { describe, expect, it } from 'vitest';
import { cashPayer, checkedValue, fairnessTolerance, fairnessVerdict } from './fairness-rules';

describe('the fair-swap verdict', () => {
  it('calls equal sides fair, nothing against nothing included', () => {
    expect(fairnessVerdict(10_000, 10_000)).toEqual({ verdict: 'fair', differenceCents: 0, toleranceCents: 1_000 });
    expect(fairnessVerdict(0, 0)).toEqual({ verdict: 'fair', differenceCents: 0, toleranceCents: 1_000 });
  });

  it('allows 10 % of the larger side, and never less than A$10', () => {
    expect(fairnessTolerance(50_000, 45_000)).toBe(5_000);
    expect(fairnessTolerance(2_000, 3_000)).toBe(1_000);
    expect(fairnessTolerance(10_005, 0)).toBe(1_001);
    expect(fairnessVerdict(50_000, 45_000).verdict).toBe('fair');
    expect(fairnessVerdict(50_000, 44_999).verdict).toBe('in_their_favour');
    expect(fairnessVerdict(2_000, 3_000).verdict).toBe('fair');
    expect(fairnessVerdict(2_000, 3_001).verdict).toBe('in_your_favour');
  });

  it('is in your favour when you get more than you give, in theirs when you give more, with the difference', () => {
    expect(fairnessVerdict(6_000, 10_000)).toEqual({ verdict: 'in_your_favour', differenceCents: 4_000, toleranceCents: 1_000 });
    expect(fairnessVerdict(10_000, 6_000)).toEqual({ verdict: 'in_their_favour', differenceCents: 4_000, toleranceCents: 1_000 });
    expect(fairnessVerdict(0, 5_000)).toMatchObject({ verdict: 'in_your_favour', differenceCents: 5_000 });
  });

  it('is the same swap seen from the other side', () => {
    for (const [a, b] of [
      [1_000, 90_000],
      [12_345, 13_000],
      [70_000, 0],
    ] as const) {
      const mine = fairnessVerdict(a, b);
      const theirs = fairnessVerdict(b, a);
      expect(theirs.differenceCents).toBe(mine.differenceCents);
      expect(theirs.verdict).toBe(
        mine.verdict === 'fair' ? 'fair' : mine.verdict === 'in_your_favour' ? 'in_their_favour' : 'in_your_favour',
      );
    }
  });
});

describe('what counts on each side', () => {
  it('puts an add-on and cash only on the offerer, a request on the owner, and no cash on nobody', () => {
    expect(cashPayer('add', 500)).toBe('offerer');
    expect(cashPayer('only', 500)).toBe('offerer');
    expect(cashPayer('request', 500)).toBe('owner');
    expect(cashPayer('none', 500)).toBeNull();
    expect(cashPayer('add', 0)).toBeNull();
  });

  it('counts an item at its market estimate, or at its stated value when there is none', () => {
    expect(checkedValue({ statedCents: 45_000, estimateCents: 30_000 })).toBe(30_000);
    expect(checkedValue({ statedCents: 45_000, estimateCents: null })).toBe(45_000);
  });
});
