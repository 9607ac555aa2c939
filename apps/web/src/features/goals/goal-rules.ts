/**
 * The goal tracker's limits and points as the browser needs them. The shared module that owns
 * them (@swapu/shared/engagement) defines zod schemas, which stay out of the browser; a test
 * (goal-form.test.tsx) keeps these equal to it.
 */
export const GOAL_RULES = {
  nameMax: 80,
  goalItemMax: 120,
  keywordsMax: 5,
  keywordMax: 40,
  valueMinCents: 100,
  valueMaxCents: 100_000_000,
  completedPoints: 100,
} as const;
