import { z } from 'zod';
import { PostCardSchema } from './api';
import {
  OFFER_CASH_MAX_CENTS,
  OFFER_EXPIRY_DAYS_DEFAULT,
  OFFER_EXPIRY_DAYS_MAX,
  OFFER_EXPIRY_DAYS_MIN,
  OFFER_ITEMS_MAX,
  OFFER_MESSAGE_MAX,
} from './constants';
import type { OfferFilter } from './constants';
// The limits live in constants.ts and offerMethodChosen in input-rules.ts (the browser needs them without zod).
export type { OfferFilter };

/**
 * Offers (spec sections 3 and 4, PRODUCT.md "Offers and swaps") as an explicit state graph.
 *
 * An offer is made on one post (the target) by the offerer to the post's owner. Whoever made the
 * current proposal is its *proposer*; the other party is its *responder*. A counter-offer is a
 * new pending offer on the same post, linked to its parent, proposed by the old responder.
 */
export const OFFER_STATES = ['pending', 'accepted', 'declined', 'countered', 'withdrawn', 'expired', 'completed', 'disputed'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/** Who may fire a transition, relative to the offer. */
export type OfferActor = 'proposer' | 'responder' | 'party' | 'system';

export interface OfferTransitionRule {
  from: readonly OfferState[];
  /** The state afterwards; `null` when it depends on more than the state (confirm receipt). */
  to: OfferState | null;
  actor: OfferActor;
  /** Creates another offer (a counter-offer, or the same offer sent again). */
  createsOffer?: 'counter' | 'resubmit';
}

export const OFFER_TRANSITIONS = {
  accept: { from: ['pending'], to: 'accepted', actor: 'responder' },
  decline: { from: ['pending'], to: 'declined', actor: 'responder' },
  /** "Negotiate": the responder answers with other items or cash. */
  counter: { from: ['pending'], to: 'countered', actor: 'responder', createsOffer: 'counter' },
  /** "Suggest a change": a message asking the proposer for a different offer; it stays pending. */
  suggest_change: { from: ['pending'], to: 'pending', actor: 'responder' },
  withdraw: { from: ['pending'], to: 'withdrawn', actor: 'proposer' },
  /** "Resubmit as is": a declined or expired offer goes again, with a fresh expiry. */
  resubmit: { from: ['declined', 'expired'], to: null, actor: 'proposer', createsOffer: 'resubmit' },
  /** Each party confirms they received their side; when both have, the swap is completed. */
  confirm_receipt: { from: ['accepted'], to: null, actor: 'party' },
  report_problem: { from: ['accepted'], to: 'disputed', actor: 'party' },
  expire: { from: ['pending'], to: 'expired', actor: 'system' },
} as const satisfies Record<string, OfferTransitionRule>;
export type OfferTransition = keyof typeof OFFER_TRANSITIONS;
export const OFFER_TRANSITION_NAMES = Object.keys(OFFER_TRANSITIONS) as OfferTransition[];

/** Transitions a person may fire (everything but the system's expiry). */
export const USER_TRANSITIONS = OFFER_TRANSITION_NAMES.filter((t) => t !== 'expire') as Exclude<OfferTransition, 'expire'>[];

/** The viewer's role in one offer. */
export type OfferRole = 'proposer' | 'responder' | 'system' | 'none';

function actorAllows(actor: OfferActor, role: OfferRole) {
  if (actor === 'system') return role === 'system';
  if (actor === 'party') return role === 'proposer' || role === 'responder';
  return actor === role;
}

/** May `role` fire `transition` on an offer in `state`? */
export function canTransition(state: OfferState, transition: OfferTransition, role: OfferRole): boolean {
  const rule: OfferTransitionRule = OFFER_TRANSITIONS[transition];
  return rule.from.includes(state) && actorAllows(rule.actor, role);
}

/**
 * The state after a transition. Confirming receipt completes the swap once both parties have
 * confirmed (`bothConfirmed`), else the offer stays accepted; resubmitting leaves the old offer as it was.
 */
export function nextState(state: OfferState, transition: OfferTransition, bothConfirmed = false): OfferState {
  const rule: OfferTransitionRule = OFFER_TRANSITIONS[transition];
  if (transition === 'confirm_receipt') return bothConfirmed ? 'completed' : 'accepted';
  return rule.to ?? state;
}

/** Every transition `role` may fire now: the buttons a screen shows. */
export function availableTransitions(state: OfferState, role: OfferRole): OfferTransition[] {
  return OFFER_TRANSITION_NAMES.filter((t) => canTransition(state, t, role));
}

/** States after which nothing more happens. */
export const FINAL_OFFER_STATES: readonly OfferState[] = ['declined', 'countered', 'withdrawn', 'completed'];

// ---- Limits and rewards (PRODUCT.md) ----

/** Points awarded (PRODUCT.md "Goals, points, carbon"), declared where the web app may read them too. */
export { POINTS } from './points-rules';

/**
 * Cash in an offer: none; an add-on the offerer pays on top of their items; a request that the
 * owner adds cash; or cash only (when the post is open to selling), which the offerer pays.
 */
export const CASH_KINDS = ['none', 'add', 'request', 'only'] as const;
export type CashKind = (typeof CASH_KINDS)[number];

/** The proposal itself: what a new offer, a counter-offer or a suggested change carries. */
export const OfferTermsSchema = z.object({
  /** Posts of the offerer given in exchange (0–5, their own, published). */
  itemIds: z.array(z.string().min(1).max(64)).max(OFFER_ITEMS_MAX).default([]),
  cashKind: z.enum(CASH_KINDS).default('none'),
  cashCents: z.number().int().min(0).max(OFFER_CASH_MAX_CENTS).default(0),
  message: z.string().trim().max(OFFER_MESSAGE_MAX).default(''),
  expiryDays: z.number().int().min(OFFER_EXPIRY_DAYS_MIN).max(OFFER_EXPIRY_DAYS_MAX).default(OFFER_EXPIRY_DAYS_DEFAULT),
});
export type OfferTerms = z.infer<typeof OfferTermsSchema>;

export const CreateOfferSchema = OfferTermsSchema.extend({ postId: z.string().min(1).max(64) });
export type CreateOffer = z.infer<typeof CreateOfferSchema>;

export const TransitionBodySchema = z.discriminatedUnion('transition', [
  z.object({ transition: z.literal('accept') }),
  z.object({ transition: z.literal('decline'), message: z.string().trim().max(OFFER_MESSAGE_MAX).default('') }),
  z.object({ transition: z.literal('counter'), terms: OfferTermsSchema }),
  z.object({ transition: z.literal('suggest_change'), message: z.string().trim().min(1).max(OFFER_MESSAGE_MAX) }),
  z.object({ transition: z.literal('withdraw') }),
  z.object({ transition: z.literal('resubmit') }),
  z.object({ transition: z.literal('confirm_receipt') }),
  z.object({ transition: z.literal('report_problem'), message: z.string().trim().min(1).max(OFFER_MESSAGE_MAX) }),
]);
export type TransitionBody = z.infer<typeof TransitionBodySchema>;

const PartySchema = z.object({ id: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() });

export const OfferEventSchema = z.object({
  id: z.string(),
  transition: z.string(),
  actorId: z.string().nullable(),
  fromState: z.string().nullable(),
  toState: z.string(),
  message: z.string(),
  at: z.string(),
});

export const OfferSchema = z.object({
  id: z.string(),
  state: z.enum(OFFER_STATES),
  /** The target post (owned by `owner`). */
  post: PostCardSchema.extend({ state: z.string() }),
  /** Items the offerer gives. */
  items: z.array(PostCardSchema.extend({ state: z.string() })),
  offerer: PartySchema,
  owner: PartySchema,
  proposedBy: z.enum(['offerer', 'owner']),
  cashKind: z.enum(CASH_KINDS),
  cashCents: z.number().int(),
  message: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  parentId: z.string().nullable(),
  /** Offers that came from this one (counter-offers, resubmissions). */
  childIds: z.array(z.string()),
  offererConfirmedAt: z.string().nullable(),
  ownerConfirmedAt: z.string().nullable(),
  /** Pending but an item is gone or reserved elsewhere: it can no longer be accepted. */
  stillValid: z.boolean(),
  /** From the viewer's side: 'sent' when they proposed it, 'received' when they must answer. */
  box: z.enum(['sent', 'received']).nullable(),
  /** What the viewer may do now. */
  actions: z.array(z.enum(OFFER_TRANSITION_NAMES as [OfferTransition, ...OfferTransition[]])),
  /** Whether the viewer has already reviewed the other party (completed swaps only). */
  reviewedByMe: z.boolean(),
  history: z.array(OfferEventSchema),
});
export type Offer = z.infer<typeof OfferSchema>;

export const OfferListQuerySchema = z.object({
  box: z.enum(['sent', 'received']).optional(),
  status: z.enum(OFFER_STATES).optional(),
});
export const OfferListSchema = z.object({ items: z.array(OfferSchema.omit({ history: true })) });
export type OfferSummary = z.infer<typeof OfferListSchema>['items'][number];

export const ReviewBodySchema = z.object({
  stars: z.number().int().min(1).max(5),
  text: z.string().trim().min(1).max(2000),
});
export type ReviewBody = z.infer<typeof ReviewBodySchema>;

export const ReviewSchema = z.object({
  id: z.string(),
  offerId: z.string(),
  stars: z.number().int(),
  text: z.string(),
  reviewer: PartySchema,
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;
export const ReviewListSchema = z.object({
  items: z.array(ReviewSchema),
  rating: z.number().nullable(),
  reviewsCount: z.number().int(),
  swapsCompleted: z.number().int(),
});
export type ReviewList = z.infer<typeof ReviewListSchema>;

export const ActivitySchema = z.object({
  totals: z.object({ swapsCompleted: z.number().int(), carbonKg: z.number(), members: z.number().int(), liveListings: z.number().int() }),
  items: z.array(
    z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('swap'),
        at: z.string(),
        offerId: z.string(),
        a: z.string(),
        b: z.string(),
        title: z.string(),
        carbonKg: z.number(),
      }),
      z.object({ kind: z.literal('listing'), at: z.string(), post: PostCardSchema }),
    ]),
  ),
});
export type Activity = z.infer<typeof ActivitySchema>;
