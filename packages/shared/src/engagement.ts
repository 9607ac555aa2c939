import { z } from 'zod';
import { PostCardSchema } from './api';
import { GOAL_RULES } from './goal-rules';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from './points-rules';

/**
 * Swap Swipe, goal trackers, points and the leaderboard (issue 18, decision 0026): the API's
 * shapes and the rules' constants, shared by the server and the web app.
 */

// ---- Swap Swipe ----

/** A left swipe hides the item from the member's decks for this many days. */
export const SWIPE_PASS_DAYS = 30;
/** Cards per deck answer; the page asks for more before the last few are swiped. */
export const DECK_SIZE = 20;
/** "Similar value": within ±30 % of the member's item. */
export const SIMILAR_VALUE_RATIO = 0.3;

/**
 * Why a card was suggested, each one sentence on the card: `wants_yours` their item's owner
 * wishes for my item's category (`category`); `wish` their item is what my item's wishes name
 * (`category` or `keyword`); `near` `km` away; `similar_value` within ±30 %; `assisted` never
 * shown (it only breaks ties); `fresh` listed in the last 7 days.
 */
export const SWIPE_REASON_KINDS = ['wants_yours', 'wish', 'near', 'similar_value', 'fresh'] as const;
export type SwipeReasonKind = (typeof SWIPE_REASON_KINDS)[number];
export const SwipeReasonSchema = z.object({
  kind: z.enum(SWIPE_REASON_KINDS),
  category: z.string().optional(),
  keyword: z.string().optional(),
  km: z.number().optional(),
});
export type SwipeReason = z.infer<typeof SwipeReasonSchema>;

export const DeckCardSchema = PostCardSchema.extend({
  distanceKm: z.number().nullable(),
  score: z.number(),
  reasons: z.array(SwipeReasonSchema),
  ownerId: z.string(),
  ownerName: z.string(),
});
export type DeckCard = z.infer<typeof DeckCardSchema>;

/** Today's right swipes (Australia/Sydney day). `limit` null: a subscriber, unlimited. */
export const SwipeAllowanceSchema = z.object({
  day: z.string(),
  used: z.number().int(),
  limit: z.number().int().nullable(),
  /** Bought with tokens for today (part of `limit`). */
  extra: z.number().int(),
  subscriber: z.boolean(),
});
export type SwipeAllowance = z.infer<typeof SwipeAllowanceSchema>;

/**
 * Whether a deck deals: 'dealing' (cards in `items`), 'limit_reached' (today's right swipes are
 * used up: no cards until the member buys more, subscribes or the day ends, even though passing
 * is free) or 'no_more_cards' (everything suggestible has been swiped).
 */
export const DeckStatusSchema = z.enum(['dealing', 'limit_reached', 'no_more_cards']);
export type DeckStatus = z.infer<typeof DeckStatusSchema>;

export const DeckSchema = z.object({
  /** The member's own item the deck is for. */
  post: PostCardSchema,
  status: DeckStatusSchema,
  items: z.array(DeckCardSchema),
  allowance: SwipeAllowanceSchema,
  /** The member has a swipe that can be taken back. */
  canUndo: z.boolean(),
});
export type Deck = z.infer<typeof DeckSchema>;

/** The guests' sample deck on /swap-swipe: newest public items, no personal ranking. */
export const SampleDeckSchema = z.object({ items: z.array(DeckCardSchema) });
export type SampleDeck = z.infer<typeof SampleDeckSchema>;

/** One pairing (/swap-swipe/{currentPage}/{counterPage}): my item against a suggested one, shareable. */
export const PairingSchema = z.object({
  post: PostCardSchema,
  counter: DeckCardSchema,
});
export type Pairing = z.infer<typeof PairingSchema>;

export const SwipeBodySchema = z.object({
  fromPostId: z.string().min(1).max(64),
  postId: z.string().min(1).max(64),
  direction: z.enum(['left', 'right']),
});
export type SwipeBody = z.infer<typeof SwipeBodySchema>;

export const SwipeResultSchema = z.object({
  direction: z.enum(['left', 'right']),
  /** A right swipe completed a mutual like (both people are mailed). */
  matched: z.boolean(),
  allowance: SwipeAllowanceSchema,
});
export type SwipeResult = z.infer<typeof SwipeResultSchema>;

export const UndoResultSchema = z.object({
  /** The card that came back (it goes on top of the deck again). */
  postId: z.string(),
  direction: z.enum(['left', 'right']),
  allowance: SwipeAllowanceSchema,
});
export type UndoResult = z.infer<typeof UndoResultSchema>;

// ---- Goal tracker ----

// The limits live in a module without zod, so the web app's form checks the same numbers.
export { GOAL_RULES, GOAL_STEP_UP } from './goal-rules';

export const GoalBodySchema = z.object({
  name: z.string().trim().min(1).max(GOAL_RULES.nameMax),
  goalItem: z.string().trim().min(1).max(GOAL_RULES.goalItemMax),
  goalCategory: z.string().min(1).max(64).nullable().optional(),
  goalKeywords: z.array(z.string().trim().min(1).max(GOAL_RULES.keywordMax)).max(GOAL_RULES.keywordsMax).optional(),
  goalValueCents: z.number().int().min(GOAL_RULES.valueMinCents).max(GOAL_RULES.valueMaxCents),
  startPostId: z.string().min(1).max(64),
  showOnProfile: z.boolean().optional(),
});
export type GoalBody = z.infer<typeof GoalBodySchema>;
export const GoalPatchSchema = z.object({
  name: z.string().trim().min(1).max(GOAL_RULES.nameMax).optional(),
  showOnProfile: z.boolean().optional(),
  state: z.enum(['active', 'archived']).optional(),
});
export type GoalPatch = z.infer<typeof GoalPatchSchema>;

export const GoalStepSchema = z.object({
  offerId: z.string(),
  from: PostCardSchema,
  to: PostCardSchema,
  valueCents: z.number().int(),
  at: z.string(),
});
export const GoalSchema = z.object({
  id: z.string(),
  name: z.string(),
  goalItem: z.string(),
  goalCategory: z.string().nullable(),
  goalKeywords: z.array(z.string()),
  goalValueCents: z.number().int(),
  state: z.enum(['active', 'completed', 'archived']),
  showOnProfile: z.boolean(),
  start: PostCardSchema,
  current: PostCardSchema,
  /** current value / goal value, 0..1 (1 when completed). */
  progress: z.number(),
  steps: z.array(GoalStepSchema),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Goal = z.infer<typeof GoalSchema>;
export const GoalListSchema = z.object({ items: z.array(GoalSchema) });
export const GoalSuggestionsSchema = z.object({ items: z.array(DeckCardSchema) });

// ---- Points, streaks, the leaderboard ----

// The rules' numbers live in a module without zod, so the web app can show them (points-rules.ts).
export {
  GOAL_COMPLETED_POINTS,
  LEADERBOARD_PERIODS,
  LEADERBOARD_SIZE,
  STREAK_POINTS_MAX,
  STREAK_POINTS_PER_WEEK,
  streakPoints,
  type LeaderboardPeriod,
} from './points-rules';

export const POINTS_REASONS = ['listing', 'swap_completed', 'review', 'five_star_received', 'streak', 'goal_completed'] as const;
export type PointsReason = (typeof POINTS_REASONS)[number];

export const BADGES = [
  'first_listing',
  'first_swap',
  'five_swaps',
  'twenty_swaps',
  'five_star',
  'streak_4',
  'goal_reached',
  'top_50',
] as const;
export type Badge = (typeof BADGES)[number];

export const PointsEntrySchema = z.object({ points: z.number().int(), reason: z.enum(POINTS_REASONS), at: z.string() });
export const PointsSummarySchema = z.object({
  total: z.number().int(),
  week: z.number().int(),
  month: z.number().int(),
  /** Consecutive active weeks up to this one (or the last one). */
  streakWeeks: z.number().int(),
  badges: z.array(z.enum(BADGES)),
  recent: z.array(PointsEntrySchema),
});
export type PointsSummary = z.infer<typeof PointsSummarySchema>;

export const LeaderboardRowSchema = z.object({
  rank: z.number().int(),
  userId: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  points: z.number().int(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRowSchema>;
export const LeaderboardSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  /** 'week:2026-W48', 'month:2026-11' or 'all'. */
  key: z.string(),
  items: z.array(LeaderboardRowSchema),
  /** The signed-in member's own place (rank null: no points in this period yet). */
  me: z.object({ rank: z.number().int().nullable(), points: z.number().int() }).nullable(),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;
export const LeaderboardQuerySchema = z.object({ period: z.enum(LEADERBOARD_PERIODS).default('week') });
export const MemberPointsSchema = z.object({ points: z.number().int(), badges: z.array(z.enum(BADGES)) });
export type MemberPoints = z.infer<typeof MemberPointsSchema>;

// ---- Periods (Australia/Sydney) ----

// One formatter for every call: making one takes far longer than formatting a date with it.
let sydneyDay: Intl.DateTimeFormat | undefined;
const sydneyYmd = (at: Date): [number, number, number] => {
  sydneyDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' });
  const s = sydneyDay.format(at);
  const [y, m, d] = s.split('-').map(Number);
  return [y!, m!, d!];
};

/** The Sydney calendar month of `at`: 'month:2026-11'. */
export function monthKey(at: Date): string {
  const [y, m] = sydneyYmd(at);
  return `month:${y}-${String(m).padStart(2, '0')}`;
}

/** The ISO week (Monday to Sunday) of the Sydney calendar date of `at`: 'week:2026-W48'. */
export function weekKey(at: Date): string {
  const [y, m, d] = sydneyYmd(at);
  const date = new Date(Date.UTC(y, m - 1, d));
  const dow = date.getUTCDay() || 7;
  // The week's Thursday decides its year (ISO 8601).
  date.setUTCDate(date.getUTCDate() + 4 - dow);
  const year = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `week:${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * The keys of the week of `at` and the `n - 1` weeks before it, newest first. Each is taken at
 * noon UTC of a Sydney calendar date (late evening that same day in Sydney), so a daylight-saving
 * change never moves a step into the wrong day.
 */
export function weekKeysBack(at: Date, n: number): string[] {
  const [y, m, d] = sydneyYmd(at);
  return Array.from({ length: n }, (_, i) => weekKey(new Date(Date.UTC(y, m - 1, d - 7 * i, 12))));
}

/** The leaderboard keys an award at `at` counts towards. */
export const periodKeys = (at: Date): string[] => ['all', weekKey(at), monthKey(at)];

/** The key of a leaderboard period as of `at`. */
export const periodKey = (period: LeaderboardPeriod, at: Date): string =>
  period === 'all' ? 'all' : period === 'week' ? weekKey(at) : monthKey(at);
