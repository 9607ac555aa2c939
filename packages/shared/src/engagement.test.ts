import { describe, expect, it } from 'vitest';
import {
  monthKey,
  periodKey,
  periodKeys,
  STREAK_POINTS_MAX,
  STREAK_POINTS_PER_WEEK,
  streakPoints,
  weekKey,
  weekKeysBack,
} from './engagement';

const at = (iso: string) => new Date(iso);

describe('weeks and months in Australia/Sydney', () => {
  it('turns the week at midnight on Sunday night in Sydney, not at midnight UTC', () => {
    // Sunday 22 November 2026, 23:59:59 in Sydney (UTC+11), and the Monday one second later.
    expect(weekKey(at('2026-11-22T12:59:59Z'))).toBe('week:2026-W47');
    expect(weekKey(at('2026-11-22T13:00:00Z'))).toBe('week:2026-W48');
    // Monday morning in Sydney is still Sunday in UTC.
    expect(weekKey(at('2026-11-22T20:00:00Z'))).toBe('week:2026-W48');
  });

  it('turns the month at midnight in Sydney', () => {
    expect(monthKey(at('2026-11-30T12:59:59Z'))).toBe('month:2026-11');
    expect(monthKey(at('2026-11-30T13:00:00Z'))).toBe('month:2026-12');
  });

  it('follows the clock change: midnight is 14:00 UTC in winter (AEST) and 13:00 UTC in summer (AEDT)', () => {
    // Daylight saving ends on Sunday 5 April 2026 (03:00 AEDT → 02:00 AEST): Monday 6 April starts at 14:00 UTC.
    expect(weekKey(at('2026-04-05T13:30:00Z'))).toBe('week:2026-W14');
    expect(weekKey(at('2026-04-05T14:00:00Z'))).toBe('week:2026-W15');
    // It starts on Sunday 4 October 2026 (02:00 AEST → 03:00 AEDT): Monday 5 October starts at 13:00 UTC.
    expect(weekKey(at('2026-10-04T12:59:59Z'))).toBe('week:2026-W40');
    expect(weekKey(at('2026-10-04T13:00:00Z'))).toBe('week:2026-W41');
    expect(monthKey(at('2026-03-31T12:59:59Z'))).toBe('month:2026-03');
    expect(monthKey(at('2026-03-31T13:00:00Z'))).toBe('month:2026-04');
  });

  it('gives the days around new year the ISO week of their Thursday', () => {
    // 2026 began on a Thursday: it has 53 weeks, and 1–3 January 2027 still belong to its last.
    expect(weekKey(at('2026-12-31T01:00:00Z'))).toBe('week:2026-W53');
    expect(weekKey(at('2027-01-02T01:00:00Z'))).toBe('week:2026-W53');
    expect(weekKey(at('2027-01-03T12:59:00Z'))).toBe('week:2026-W53'); // Sunday 23:59 in Sydney
    expect(weekKey(at('2027-01-03T13:00:00Z'))).toBe('week:2027-W01'); // Monday 4 January
    // Monday 29 December 2025 already belongs to 2026's first week.
    expect(weekKey(at('2025-12-28T13:30:00Z'))).toBe('week:2026-W01');
    expect(weekKey(at('2025-12-28T12:30:00Z'))).toBe('week:2025-W52');
    // New Year's Eve in Sydney is still 31 December in the month key until Sydney's midnight.
    expect(monthKey(at('2026-12-31T12:59:00Z'))).toBe('month:2026-12');
    expect(monthKey(at('2026-12-31T13:00:00Z'))).toBe('month:2027-01');
  });

  it('lists the weeks back, newest first, one each, across a clock change and a new year', () => {
    expect(weekKeysBack(at('2026-10-06T00:00:00Z'), 3)).toEqual(['week:2026-W41', 'week:2026-W40', 'week:2026-W39']);
    expect(weekKeysBack(at('2026-04-07T00:00:00Z'), 3)).toEqual(['week:2026-W15', 'week:2026-W14', 'week:2026-W13']);
    expect(weekKeysBack(at('2027-01-05T00:00:00Z'), 3)).toEqual(['week:2027-W01', 'week:2026-W53', 'week:2026-W52']);
    // A year of weeks: every key different.
    const year = weekKeysBack(at('2026-11-20T00:00:00Z'), 60);
    expect(new Set(year).size).toBe(60);
    // Sunday 23:30 just after the clock went back (AEST): still that Sunday's week.
    expect(weekKeysBack(at('2026-04-12T13:30:00Z'), 2)).toEqual(['week:2026-W15', 'week:2026-W14']);
  });

  it('names the period keys an award counts towards', () => {
    expect(periodKeys(at('2026-11-20T00:00:00Z'))).toEqual(['all', 'week:2026-W47', 'month:2026-11']);
    expect(periodKey('all', at('2026-11-20T00:00:00Z'))).toBe('all');
    expect(periodKey('week', at('2026-11-30T13:00:00Z'))).toBe('week:2026-W49');
    expect(periodKey('month', at('2026-11-30T13:00:00Z'))).toBe('month:2026-12');
  });
});

describe('streak points', () => {
  it('grows by the weekly step with each week the streak goes on, up to the maximum', () => {
    expect(streakPoints(2)).toBe(STREAK_POINTS_PER_WEEK);
    expect(streakPoints(3)).toBe(2 * STREAK_POINTS_PER_WEEK);
    expect(streakPoints(4)).toBe(3 * STREAK_POINTS_PER_WEEK);
    const capAt = 1 + STREAK_POINTS_MAX / STREAK_POINTS_PER_WEEK;
    expect(streakPoints(capAt)).toBe(STREAK_POINTS_MAX);
    expect(streakPoints(capAt + 1)).toBe(STREAK_POINTS_MAX);
    expect(streakPoints(52)).toBe(STREAK_POINTS_MAX);
  });
});
