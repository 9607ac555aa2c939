import { describe, expect, it } from 'vitest';
import { swipeDay } from '@swapu/shared/purchases';
import { distanceKm, SCORE, scorePair, type ScoredItem } from './score';

const NOW = new Date('2026-11-20T00:00:00.000Z');
const DAY = 86_400_000;
const item = (over: Partial<ScoredItem> = {}): ScoredItem => ({
  id: 'x',
  title: 'Thing',
  categories: ['antiques'],
  keywords: [],
  wishCategories: [],
  wishKeywords: [],
  valueCents: 10_000,
  lat: null,
  lng: null,
  publishedAt: new Date(NOW.getTime() - 60 * DAY),
  ...over,
});

describe('scorePair', () => {
  it('scores a swap both people asked for highest, and says both reasons', () => {
    const mine = item({ categories: ['bicycles'], wishCategories: ['camping-and-fishing'] });
    const both = scorePair(mine, item({ categories: ['camping-and-fishing'], wishCategories: ['bicycles'] }), NOW);
    const oneWay = scorePair(mine, item({ categories: ['camping-and-fishing'] }), NOW);
    const otherWay = scorePair(mine, item({ wishCategories: ['bicycles'] }), NOW);
    expect(both.score).toBe(SCORE.wish + SCORE.wantsYours + SCORE.reciprocal + SCORE.similarValue);
    expect(both.reasons.slice(0, 2)).toEqual([
      { kind: 'wants_yours', category: 'bicycles' },
      { kind: 'wish', category: 'camping-and-fishing' },
    ]);
    expect(oneWay.score).toBe(SCORE.wish + SCORE.similarValue);
    expect(otherWay.score).toBe(SCORE.wantsYours + SCORE.similarValue);
    expect(both.score).toBeGreaterThan(oneWay.score);
  });

  it('matches wish keywords in the other item’s title or keywords, either way round', () => {
    const mine = item({ title: 'Canon camera', wishKeywords: ['Kayak'] });
    const r = scorePair(mine, item({ title: 'Sit-on-top kayak', wishKeywords: ['camera'] }), NOW);
    expect(r.reasons.slice(0, 2)).toEqual([
      { kind: 'wants_yours', keyword: 'camera' },
      { kind: 'wish', keyword: 'Kayak' },
    ]);
  });

  it('counts value within ±30 % as similar, and not beyond', () => {
    const mine = item({ valueCents: 10_000 });
    expect(scorePair(mine, item({ valueCents: 13_000 }), NOW).reasons).toEqual([{ kind: 'similar_value' }]);
    expect(scorePair(mine, item({ valueCents: 7_000 }), NOW).reasons).toEqual([{ kind: 'similar_value' }]);
    expect(scorePair(mine, item({ valueCents: 13_001 }), NOW).reasons).toEqual([]);
    expect(scorePair(item({ valueCents: 0 }), item({ valueCents: 0 }), NOW).reasons).toEqual([]);
  });

  it('gives nearer items more, in steps, and says the distance up to 50 km', () => {
    const fitzroy = { lat: -37.8, lng: 144.98 };
    const mine = item({ ...fitzroy, valueCents: 1 });
    const at = (lat: number, lng: number) => scorePair(mine, item({ lat, lng, valueCents: 99_999 }), NOW);
    const near = at(-37.81, 144.96); // ~2 km
    const geelong = at(-38.15, 144.36); // ~65 km
    const sydney = at(-33.87, 151.21); // ~700 km
    expect(near.score).toBe(20);
    expect(near.reasons).toEqual([{ kind: 'near', km: 2 }]);
    expect(geelong.score).toBe(5);
    expect(geelong.reasons).toEqual([]);
    expect(sydney.score).toBe(0);
    expect(sydney.distanceKm).toBeGreaterThan(650);
    expect(scorePair(item(), item({ lat: -33.87, lng: 151.21 }), NOW).distanceKm).toBeNull();
  });

  it('prefers fresher items in steps and says "fresh" for a week', () => {
    const mine = item({ valueCents: 1 });
    const aged = (days: number) => scorePair(mine, item({ publishedAt: new Date(NOW.getTime() - days * DAY), valueCents: 99_999 }), NOW);
    expect([aged(1).score, aged(5).score, aged(20).score, aged(40).score]).toEqual([10, 6, 3, 0]);
    expect(aged(5).reasons).toEqual([{ kind: 'fresh' }]);
    expect(aged(8).reasons).toEqual([]);
  });

  it('measures great-circle distance', () => {
    expect(distanceKm({ lat: -33.87, lng: 151.21 }, { lat: -37.81, lng: 144.96 })!).toBeCloseTo(714, -1);
    expect(distanceKm({ lat: null, lng: 1 }, { lat: 1, lng: 1 })).toBeNull();
  });
});

describe('the swipe day (Australia/Sydney)', () => {
  it('turns at midnight in Sydney, in summer time (UTC+11) and winter time (UTC+10)', () => {
    expect(swipeDay(new Date('2026-11-20T12:59:00Z'))).toBe('2026-11-20');
    expect(swipeDay(new Date('2026-11-20T13:00:00Z'))).toBe('2026-11-21');
    expect(swipeDay(new Date('2026-07-20T13:59:00Z'))).toBe('2026-07-20');
    expect(swipeDay(new Date('2026-07-20T14:00:00Z'))).toBe('2026-07-21');
  });

  it('follows the daylight-saving changes (4 October and 5 April 2026)', () => {
    // Clocks go forward at 02:00 on Sunday 4 October: that midnight is still UTC+10, the next UTC+11.
    expect(swipeDay(new Date('2026-10-03T13:59:00Z'))).toBe('2026-10-03');
    expect(swipeDay(new Date('2026-10-03T14:00:00Z'))).toBe('2026-10-04');
    expect(swipeDay(new Date('2026-10-04T12:59:00Z'))).toBe('2026-10-04');
    expect(swipeDay(new Date('2026-10-04T13:00:00Z'))).toBe('2026-10-05');
    // Clocks go back at 03:00 on Sunday 5 April: that midnight is still UTC+11, the next UTC+10.
    expect(swipeDay(new Date('2026-04-04T12:59:00Z'))).toBe('2026-04-04');
    expect(swipeDay(new Date('2026-04-04T13:00:00Z'))).toBe('2026-04-05');
    expect(swipeDay(new Date('2026-04-05T13:59:00Z'))).toBe('2026-04-05');
    expect(swipeDay(new Date('2026-04-05T14:00:00Z'))).toBe('2026-04-06');
  });
});
