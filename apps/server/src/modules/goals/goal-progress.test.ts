import { describe, expect, it } from 'vitest';
import {
  goalProgress,
  itemTitleKey,
  pickReceived,
  standsForCurrent,
  stepUpRange,
  tradeUpStep,
  type GoalFacts,
  type ItemFacts,
} from './goal-progress';

const ME = 'me';
const T0 = new Date('2026-11-01T00:00:00Z');
const later = (days: number) => new Date(T0.getTime() + days * 86_400_000);
const item = (id: string, valueCents: number, patch: Partial<ItemFacts> = {}): ItemFacts => ({
  id,
  ownerId: ME,
  title: `Item ${id}`,
  valueCents,
  createdAt: T0,
  ...patch,
});
const goal = (goalValueCents = 100_000, movedAt: Date | null = null): GoalFacts => ({ userId: ME, goalValueCents, movedAt });

describe('trade-up steps', () => {
  it('moves a goal from the item I gave to the item I received, with its value', () => {
    const bike = item('bike', 30_000);
    const kayak = item('kayak', 45_000, { ownerId: 'ana' });
    expect(tradeUpStep(goal(), bike, { gave: [bike], received: [kayak] })).toEqual({
      fromPostId: 'bike',
      toPostId: 'kayak',
      valueCents: 45_000,
      reached: false,
    });
  });

  it('ignores a swap that did not start from the goal’s current item', () => {
    const bike = item('bike', 30_000);
    const lamp = item('lamp', 2_000);
    expect(tradeUpStep(goal(), bike, { gave: [lamp], received: [item('tent', 9_000, { ownerId: 'ana' })] })).toBeNull();
  });

  it('counts the current item among several given, and moves to the most valuable item received (the first among equals)', () => {
    const bike = item('bike', 30_000);
    const received = [item('a', 10_000, { ownerId: 'ana' }), item('b', 50_000, { ownerId: 'ana' }), item('c', 50_000, { ownerId: 'ana' })];
    const step = tradeUpStep(goal(), bike, { gave: [item('lamp', 2_000), bike], received });
    expect(step?.toPostId).toBe('b');
    expect(pickReceived([])).toBeNull();
  });

  it('takes no step when only cash came back for the item', () => {
    const bike = item('bike', 30_000);
    expect(tradeUpStep(goal(), bike, { gave: [bike], received: [] })).toBeNull();
  });

  it('reaches the goal when the item received is worth the goal value or more', () => {
    const bike = item('bike', 30_000);
    expect(tradeUpStep(goal(60_000), bike, { gave: [bike], received: [item('x', 60_000, { ownerId: 'ana' })] })?.reached).toBe(true);
    expect(tradeUpStep(goal(60_000), bike, { gave: [bike], received: [item('y', 59_999, { ownerId: 'ana' })] })?.reached).toBe(false);
  });

  it('follows a received item into my new listing of it: same title, listed after I received it', () => {
    const received = item('kayak', 45_000, { ownerId: 'ana', title: 'Sea kayak — 3.8 m' });
    const moved = later(3);
    const relisted = item('kayak-again', 45_000, { title: '  sea KAYAK 3.8m ', createdAt: later(4) });
    // "3.8 m" and "3.8m" differ in a space; the rule ignores punctuation and case, not words.
    expect(standsForCurrent(goal(100_000, moved), received, relisted)).toBe(false);
    const same = item('kayak-again', 45_000, { title: 'sea kayak, 3.8 m!', createdAt: later(4) });
    expect(standsForCurrent(goal(100_000, moved), received, same)).toBe(true);
    const car = item('car', 90_000, { ownerId: 'ben' });
    expect(tradeUpStep(goal(100_000, moved), received, { gave: [same], received: [car] })).toMatchObject({
      fromPostId: 'kayak',
      toPostId: 'car',
    });
  });

  it('does not take a listing from before the swap, someone else’s, or a different title, for a received item', () => {
    const received = item('kayak', 45_000, { ownerId: 'ana', title: 'Sea kayak' });
    const moved = later(3);
    expect(standsForCurrent(goal(100_000, moved), received, item('old', 1, { title: 'Sea kayak', createdAt: later(2) }))).toBe(false);
    expect(
      standsForCurrent(goal(100_000, moved), received, item('x', 1, { title: 'Sea kayak', ownerId: 'ben', createdAt: later(5) })),
    ).toBe(false);
    expect(standsForCurrent(goal(100_000, moved), received, item('y', 1, { title: 'River kayak', createdAt: later(5) }))).toBe(false);
  });

  it('never takes another of my listings with the same title for my own current item', () => {
    const bike = item('bike', 30_000, { title: 'Road bike' });
    expect(standsForCurrent(goal(), bike, item('bike-2', 30_000, { title: 'Road bike', createdAt: later(1) }))).toBe(false);
  });

  it('compares titles without case, accents, punctuation or extra spaces', () => {
    expect(itemTitleKey('  Café  Table—Oak! ')).toBe('cafe table oak');
    expect(itemTitleKey('!!!')).toBe('');
  });
});

describe('progress', () => {
  it('is the current value over the goal value, never more than 1, and 1 once completed', () => {
    expect(goalProgress(30_000, 120_000, 'active')).toBe(0.25);
    expect(goalProgress(150_000, 120_000, 'active')).toBe(1);
    expect(goalProgress(0, 120_000, 'active')).toBe(0);
    expect(goalProgress(10_000, 120_000, 'completed')).toBe(1);
    expect(goalProgress(10_000, 120_000, 'archived')).toBeCloseTo(1 / 12);
  });

  it('suggests values 10–50 % above the current one, in whole cents', () => {
    expect(stepUpRange(10_000)).toEqual({ min: 11_000, max: 15_000 });
    expect(stepUpRange(333)).toEqual({ min: 367, max: 499 });
    expect(stepUpRange(0)).toEqual({ min: 0, max: 0 });
  });
});
