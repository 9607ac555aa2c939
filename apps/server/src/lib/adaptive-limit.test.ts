import { describe, expect, it } from 'vitest';
import { AdaptiveLimit } from './adaptive-limit';

/** One turn in which `n` accepted requests took `ms` each, with the bound full or not. */
const turn = (l: AdaptiveLimit, n: number, ms: number, full: boolean) => {
  for (let i = 0; i < n; i++) l.record(ms);
  if (full) l.refused();
  return l.adjust();
};

describe('the adaptive in-flight bound', () => {
  it('drops by target ÷ p90 (a quarter to a half off) while the bound is full and the accepted answers are slower than the target, never below its floor', () => {
    const l = new AdaptiveLimit(32, 250);
    expect(l.min).toBe(4);
    expect(turn(l, 50, 300, true)).toBe(24);
    expect(turn(l, 50, 400, true)).toBe(15);
    expect(turn(l, 50, 2_000, true)).toBe(7);
    for (let i = 0; i < 20; i++) turn(l, 50, 400, true);
    expect(l.limit).toBe(4);
  });

  it('judges the 90th percentile: a few slow answers among fast ones do not lower it', () => {
    const l = new AdaptiveLimit(32, 250);
    for (let i = 0; i < 90; i++) l.record(20);
    for (let i = 0; i < 10; i++) l.record(2_000);
    l.refused();
    expect(l.adjust()).toBe(32);
    for (let i = 0; i < 89; i++) l.record(20);
    for (let i = 0; i < 11; i++) l.record(2_000);
    l.refused();
    expect(l.adjust()).toBe(16);
  });

  it('never lowers while the bound is not full: slow requests alone (uploads, labels) turn nobody away', () => {
    const l = new AdaptiveLimit(32, 250);
    for (let i = 0; i < 10; i++) expect(turn(l, 5, 3_000, false)).toBe(32);
  });

  it('rises by an eighth when answers are fast again, or when the server is idle, up to its maximum', () => {
    const l = new AdaptiveLimit(32, 250);
    for (let i = 0; i < 20; i++) turn(l, 50, 400, true);
    expect(l.limit).toBe(4);
    expect(turn(l, 50, 100, true)).toBe(5);
    expect(turn(l, 50, 125, true)).toBe(6);
    expect(turn(l, 0, 0, false)).toBe(7);
    for (let i = 0; i < 30; i++) turn(l, 0, 0, false);
    expect(l.limit).toBe(32);
  });

  it('holds between half the target and the target, and while every request is refused with none finishing', () => {
    const l = new AdaptiveLimit(32, 250);
    turn(l, 50, 400, true);
    expect(turn(l, 50, 200, true)).toBe(20);
    expect(turn(l, 0, 0, true)).toBe(20);
  });

  it('keeps a floor of 2 and never above the maximum for small bounds', () => {
    expect(new AdaptiveLimit(8, 250).min).toBe(2);
    expect(new AdaptiveLimit(1, 250).min).toBe(1);
    const l = new AdaptiveLimit(3, 250);
    expect(turn(l, 10, 400, true)).toBe(2);
    expect(turn(l, 10, 400, true)).toBe(2);
  });
});
