import { GOAL_COMPLETED_POINTS } from './points-rules';

/**
 * The goal tracker's limits (issue 18, decision 0026) in a module without zod, so the web app's
 * form checks the very numbers the server's GoalBodySchema (engagement.ts) is built from.
 */
export const GOAL_RULES = {
  nameMax: 80,
  goalItemMax: 120,
  keywordsMax: 5,
  keywordMax: 40,
  valueMinCents: 100,
  valueMaxCents: 100_000_000,
  completedPoints: GOAL_COMPLETED_POINTS,
} as const;

/** Suggestions move the value up: items worth 10–50 % more than the current one. */
export const GOAL_STEP_UP = { min: 0.1, max: 0.5 } as const;
