/**
 * The reliability score (issue 41 item 2, decision 0052) in a module without zod: the facts a
 * member's badge is built from, the formula that turns them into a score and a tier, and the tips a
 * member sees about their own. The server's job computes with these functions; the web app shows
 * their results and names their constants.
 */

/** The facts behind a badge, as the job last computed them. */
export interface ReliabilityFacts {
  /** Swaps they completed (both parties confirmed, or an admin completed a dispute). */
  swapsCompleted: number;
  /** Accepted swaps that ended without completing because of them (decision 0052). */
  cancelledAfterAccept: number;
  /** Conversations where someone wrote to them first and their reply counts. */
  replyConversations: number;
  /** The median time from the other person's first message to their first reply, in seconds (null: no conversations). */
  medianReplySeconds: number | null;
  /** Courier deliveries they booked and paid for. */
  deliveriesBooked: number;
  /** Of those, paid within DELIVERY_ON_TIME_DAYS of the swap's acceptance and not cancelled. */
  deliveriesOnTime: number;
  reviewsCount: number;
  /** Average stars (1–5) of the reviews they received, or null with none. */
  reviewsAverage: number | null;
  accountAgeDays: number;
  emailVerified: boolean;
}

/** Below either, a member is a "new member": no score, however good or bad their few facts. */
export const RELIABILITY_NEW_MIN_SWAPS = 3;
export const RELIABILITY_NEW_MIN_DAYS = 30;
/** A delivery paid within this many days of the swap's acceptance is on time. */
export const DELIVERY_ON_TIME_DAYS = 3;
/** A conversation left unanswered this long counts as a reply this slow; a younger one is not counted yet. */
export const REPLY_WAIT_CAP_SECONDS = 7 * 86_400;
/** Cancelling after acceptance weighs this many completed swaps. */
export const CANCELLATION_WEIGHT = 2;
/** Reviews are averaged with this many imaginary reviews of REVIEW_PRIOR_STARS, so one review cannot make or break a score. */
export const REVIEW_PRIOR_COUNT = 2;
export const REVIEW_PRIOR_STARS = 4;
/** Account age reaches its full share at a year. */
export const ACCOUNT_AGE_FULL_DAYS = 365;

/** Each part of the score and its weight (out of 100 when every part has facts). */
export const RELIABILITY_WEIGHTS = {
  followThrough: 40,
  reviews: 25,
  replies: 15,
  deliveries: 10,
  email: 5,
  age: 5,
} as const;
export type ReliabilityPart = keyof typeof RELIABILITY_WEIGHTS;
export const RELIABILITY_PARTS = Object.keys(RELIABILITY_WEIGHTS) as ReliabilityPart[];

/** A median first reply up to `maxSeconds` earns `value` of the replies part (first match). */
export const REPLY_STEPS: ReadonlyArray<{ maxSeconds: number; value: number }> = [
  { maxSeconds: 3_600, value: 1 },
  { maxSeconds: 4 * 3_600, value: 0.85 },
  { maxSeconds: 12 * 3_600, value: 0.65 },
  { maxSeconds: 24 * 3_600, value: 0.5 },
  { maxSeconds: 72 * 3_600, value: 0.25 },
];

/** The tiers, best first, with the lowest score each takes. */
export const RELIABILITY_TIERS = [
  { tier: 'very_reliable', min: 85 },
  { tier: 'reliable', min: 70 },
  { tier: 'mixed', min: 50 },
  { tier: 'low', min: 0 },
] as const;
export type ScoredTier = (typeof RELIABILITY_TIERS)[number]['tier'];
export type ReliabilityTier = 'new' | ScoredTier;
export const RELIABILITY_TIER_NAMES: readonly ReliabilityTier[] = ['new', ...RELIABILITY_TIERS.map((t) => t.tier)];

export interface ReliabilityComponent {
  part: ReliabilityPart;
  weight: number;
  /** 0–1, or null when there are no facts for this part (it is left out and the others count for more). */
  value: number | null;
}

export interface ReliabilityResult {
  tier: ReliabilityTier;
  /** 0–100, or null for a new member. */
  score: number | null;
  components: ReliabilityComponent[];
}

/** The value of the replies part for a median first reply. */
export function replyValue(medianSeconds: number): number {
  return REPLY_STEPS.find((s) => medianSeconds <= s.maxSeconds)?.value ?? 0;
}

/** Is this member still new (too little history, or too young an account, to be scored)? */
export function isNewMember(f: ReliabilityFacts): boolean {
  return f.swapsCompleted + f.cancelledAfterAccept < RELIABILITY_NEW_MIN_SWAPS || f.accountAgeDays < RELIABILITY_NEW_MIN_DAYS;
}

/** Each part's value (0–1) from the facts, or null where there are none. */
export function reliabilityComponents(f: ReliabilityFacts): ReliabilityComponent[] {
  const swaps = f.swapsCompleted + CANCELLATION_WEIGHT * f.cancelledAfterAccept;
  const values: Record<ReliabilityPart, number | null> = {
    followThrough: swaps > 0 ? f.swapsCompleted / swaps : null,
    reviews:
      f.reviewsCount > 0 && f.reviewsAverage !== null
        ? ((f.reviewsAverage * f.reviewsCount + REVIEW_PRIOR_STARS * REVIEW_PRIOR_COUNT) / (f.reviewsCount + REVIEW_PRIOR_COUNT) - 1) / 4
        : null,
    replies: f.replyConversations > 0 && f.medianReplySeconds !== null ? replyValue(f.medianReplySeconds) : null,
    deliveries: f.deliveriesBooked > 0 ? Math.min(1, f.deliveriesOnTime / f.deliveriesBooked) : null,
    email: f.emailVerified ? 1 : 0,
    age: Math.min(1, Math.max(0, f.accountAgeDays) / ACCOUNT_AGE_FULL_DAYS),
  };
  return RELIABILITY_PARTS.map((part) => ({ part, weight: RELIABILITY_WEIGHTS[part], value: values[part] }));
}

/**
 * The score: 100 × the weighted mean of the parts that have facts, rounded; its tier by
 * RELIABILITY_TIERS. A new member has no score and the tier 'new'.
 */
export function reliabilityScore(f: ReliabilityFacts): ReliabilityResult {
  const components = reliabilityComponents(f);
  if (isNewMember(f)) return { tier: 'new', score: null, components };
  let sum = 0;
  let weights = 0;
  for (const c of components) {
    if (c.value === null) continue;
    sum += c.weight * c.value;
    weights += c.weight;
  }
  const score = weights ? Math.round((100 * sum) / weights) : 0;
  const tier = RELIABILITY_TIERS.find((t) => score >= t.min)!.tier;
  return { tier, score, components };
}

/** What a member could do to raise their own score, most useful first. */
export type ReliabilityTip =
  | { code: 'complete_swaps'; count: number }
  | { code: 'wait_age'; days: number }
  | { code: 'avoid_cancelling'; count: number }
  | { code: 'reply_faster'; seconds: number }
  | { code: 'book_on_time'; late: number }
  | { code: 'verify_email' }
  | { code: 'ask_reviews' }
  | { code: 'keep_going' };

export function reliabilityTips(f: ReliabilityFacts): ReliabilityTip[] {
  const tips: ReliabilityTip[] = [];
  const history = f.swapsCompleted + f.cancelledAfterAccept;
  if (history < RELIABILITY_NEW_MIN_SWAPS) tips.push({ code: 'complete_swaps', count: RELIABILITY_NEW_MIN_SWAPS - history });
  if (f.accountAgeDays < RELIABILITY_NEW_MIN_DAYS) tips.push({ code: 'wait_age', days: RELIABILITY_NEW_MIN_DAYS - f.accountAgeDays });
  if (f.cancelledAfterAccept > 0) tips.push({ code: 'avoid_cancelling', count: f.cancelledAfterAccept });
  if (f.replyConversations > 0 && f.medianReplySeconds !== null && replyValue(f.medianReplySeconds) < 1)
    tips.push({ code: 'reply_faster', seconds: f.medianReplySeconds });
  if (f.deliveriesBooked > f.deliveriesOnTime) tips.push({ code: 'book_on_time', late: f.deliveriesBooked - f.deliveriesOnTime });
  if (!f.emailVerified) tips.push({ code: 'verify_email' });
  if (f.swapsCompleted > 0 && f.reviewsCount === 0) tips.push({ code: 'ask_reviews' });
  if (!tips.length) tips.push({ code: 'keep_going' });
  return tips;
}
