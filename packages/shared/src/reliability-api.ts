import { z } from 'zod';
import { RELIABILITY_PARTS, RELIABILITY_TIER_NAMES, type ReliabilityTier, type ReliabilityPart } from './reliability';

/** How many members one request may ask about (a page of offers, a profile, an offer's two parties). */
export const RELIABILITY_IDS_MAX = 50;

/** GET /api/v1/reliability?ids=a,b,c: the members whose badges a page shows. */
export const ReliabilityQuerySchema = z.object({
  ids: z
    .string()
    .max(RELIABILITY_IDS_MAX * 65)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().min(1).max(64)).min(1).max(RELIABILITY_IDS_MAX)),
});

export const ReliabilityFactsSchema = z.object({
  swapsCompleted: z.number().int(),
  cancelledAfterAccept: z.number().int(),
  replyConversations: z.number().int(),
  medianReplySeconds: z.number().int().nullable(),
  deliveriesBooked: z.number().int(),
  deliveriesOnTime: z.number().int(),
  reviewsCount: z.number().int(),
  reviewsAverage: z.number().nullable(),
  accountAgeDays: z.number().int(),
  emailVerified: z.boolean(),
});

/** A member's badge and the facts it is built from (anyone may read them, like a profile's reviews). */
export const MemberReliabilitySchema = z.object({
  userId: z.string(),
  tier: z.enum(RELIABILITY_TIER_NAMES as [ReliabilityTier, ...ReliabilityTier[]]),
  /** 0–100; null for a new member. */
  score: z.number().int().nullable(),
  facts: ReliabilityFactsSchema,
  /** When the job computed these facts (null: not yet, they were computed for this answer). */
  computedAt: z.string().nullable(),
});
export type MemberReliability = z.infer<typeof MemberReliabilitySchema>;

export const ReliabilityListSchema = z.object({ members: z.array(MemberReliabilitySchema) });
export type ReliabilityList = z.infer<typeof ReliabilityListSchema>;

const TipSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('complete_swaps'), count: z.number().int() }),
  z.object({ code: z.literal('wait_age'), days: z.number().int() }),
  z.object({ code: z.literal('avoid_cancelling'), count: z.number().int() }),
  z.object({ code: z.literal('reply_faster'), seconds: z.number().int() }),
  z.object({ code: z.literal('book_on_time'), late: z.number().int() }),
  z.object({ code: z.literal('verify_email') }),
  z.object({ code: z.literal('ask_reviews') }),
  z.object({ code: z.literal('keep_going') }),
]);

/** The signed-in member's own badge, with each part of the score and what would raise it. */
export const MyReliabilitySchema = MemberReliabilitySchema.extend({
  components: z.array(
    z.object({
      part: z.enum(RELIABILITY_PARTS as [ReliabilityPart, ...ReliabilityPart[]]),
      weight: z.number().int(),
      /** 0–1, or null when there are no facts for it yet. */
      value: z.number().nullable(),
    }),
  ),
  tips: z.array(TipSchema),
});
export type MyReliability = z.infer<typeof MyReliabilitySchema>;
