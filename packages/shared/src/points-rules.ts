/**
 * The points rules (PRODUCT.md "Goals, points, carbon"; issue 18, decision 0026) in a module without
 * zod, so the web app can show them from the very constants the server awards by. offers.ts and
 * engagement.ts re-export them where they were first declared.
 */

/** Points awarded for each thing a member does. */
export const POINTS = {
  listing: 10,
  swapCompleted: 50,
  review: 5,
  fiveStarReceived: 10,
} as const;

/** Points for activity on consecutive weeks (Australia/Sydney, Monday to Sunday): each week the streak goes on. */
export const STREAK_POINTS_PER_WEEK = 5;
/** The streak bonus grows with the streak, up to this many points a week. */
export const STREAK_POINTS_MAX = 25;
/** Completing a goal. */
export const GOAL_COMPLETED_POINTS = 100;
export const LEADERBOARD_SIZE = 50;
export const LEADERBOARD_PERIODS = ['week', 'month', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/** The streak bonus for a week that continues a streak of `weeks` (this one included, ≥ 2). */
export const streakPoints = (weeks: number): number => Math.min(STREAK_POINTS_MAX, STREAK_POINTS_PER_WEEK * (weeks - 1));
