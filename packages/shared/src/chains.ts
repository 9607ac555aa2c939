import { z } from 'zod';
import { PostCardSchema } from './api';

/**
 * Swap chains (issue 19, PRODUCT.md "Swap chains", decision 0028): rings of 3–5 members, each
 * giving one published item and receiving an item they liked, each receiving within ±30 % of the
 * value they give. A found chain waits 48 hours for every member to unlock.
 */
export const CHAIN_MIN_MEMBERS = 3;
export const CHAIN_MAX_MEMBERS = 5;
/** Each member receives within ±30 % of what they give. */
export const CHAIN_VALUE_BAND = 0.3;
/** Hours every member has to unlock a found chain before it lapses. */
export const CHAIN_UNLOCK_HOURS = 48;

export const CHAIN_STATES = ['found', 'committed', 'dissolved'] as const;
export type ChainState = (typeof CHAIN_STATES)[number];
export const CHAIN_REASONS = ['declined', 'lapsed', 'unavailable'] as const;
export type ChainReason = (typeof CHAIN_REASONS)[number];

/** One member of a chain: who, what they give (to the member before them), and whether they unlocked. */
export const ChainMemberSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  gives: PostCardSchema,
  /** Kilometres from the viewer to the item (null for their own item, or when either place is unknown). */
  distanceKm: z.number().nullable(),
  unlocked: z.boolean(),
  declined: z.boolean(),
});
export type ChainMember = z.infer<typeof ChainMemberSchema>;

export const ChainSchema = z.object({
  id: z.string(),
  state: z.enum(CHAIN_STATES),
  reason: z.enum(CHAIN_REASONS).nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  settledAt: z.string().nullable(),
  /** In ring order: member i receives the item member i + 1 gives (the last receives the first's). */
  members: z.array(ChainMemberSchema),
  /** The viewer's place in `members`. */
  me: z.number().int(),
  /** The accepted swap in which the viewer receives, once committed. */
  myOfferId: z.string().nullable(),
});
export type Chain = z.infer<typeof ChainSchema>;

export const ChainListSchema = z.object({ items: z.array(ChainSchema) });
export type ChainList = z.infer<typeof ChainListSchema>;
