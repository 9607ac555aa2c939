import { z } from 'zod';
import { OFFER_CASH_MAX_CENTS, OFFER_ITEMS_MAX } from './constants';
import { CASH_KINDS } from './offers';

/**
 * The fair-swap meter's API (issue 41 item 1, decision 0051; the rules in fairness-rules.ts):
 * GET /api/v1/offers/:id/fairness for an offer (its terms, or with `cashKind` set, a counter-offer's
 * draft terms) and GET /api/v1/posts/:id/fairness for a draft offer on a listing.
 */
export const FairnessTermsQuerySchema = z.object({
  /** The offerer's items, comma-separated ids (0–5). */
  items: z
    .string()
    .max(OFFER_ITEMS_MAX * 65)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().min(1).max(64)).max(OFFER_ITEMS_MAX))
    .optional(),
  /** Set: these are draft terms (on an offer: a counter-offer's), not the offer's own. */
  cashKind: z.enum(CASH_KINDS).optional(),
  cashCents: z.coerce.number().int().min(0).max(OFFER_CASH_MAX_CENTS).optional(),
});
export type FairnessTermsQuery = z.output<typeof FairnessTermsQuerySchema>;

export const FairnessItemSchema = z.object({
  postId: z.string(),
  title: z.string(),
  /** The value its owner stated. */
  statedCents: z.number().int(),
  /** The median stated value of its comparables; null when they are too few ("not enough data"). */
  estimateCents: z.number().int().nullable(),
  /** How many comparables the estimate used (at most FAIRNESS_SAMPLE_MAX). */
  comparables: z.number().int(),
});
export type FairnessItem = z.infer<typeof FairnessItemSchema>;

export const FairnessSideSchema = z.object({
  party: z.enum(['offerer', 'owner']),
  items: z.array(FairnessItemSchema),
  /** Cash this side pays. */
  cashCents: z.number().int(),
  /** Its items at their stated values, plus its cash. */
  statedCents: z.number().int(),
  /** Its items at their market estimates (stated values where there is none), plus its cash: what the verdict compares. */
  marketCents: z.number().int(),
});
export type FairnessSide = z.infer<typeof FairnessSideSchema>;

export const FairnessSchema = z.object({
  /** What the viewer gives. */
  yours: FairnessSideSchema,
  /** What the viewer gets. */
  theirs: FairnessSideSchema,
  verdict: z.enum(['fair', 'in_your_favour', 'in_their_favour']),
  /** Between the two sides' market totals, always ≥ 0. */
  differenceCents: z.number().int(),
  /** The largest difference still called fair. */
  toleranceCents: z.number().int(),
});
export type Fairness = z.infer<typeof FairnessSchema>;
