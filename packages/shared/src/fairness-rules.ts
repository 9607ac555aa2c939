/**
 * The fair-swap meter's rules (issue 41 item 1, decision 0051), without zod so the web app can
 * explain the meter from the very constants the server computes it by.
 *
 * An item's market estimate is the median stated value of comparable items: published or swapped,
 * listed by neither party, sharing a category, in the same condition or the next one up or down,
 * with at least two thirds of the item's first six title words. The server reads at most
 * FAIRNESS_SAMPLE_MAX of them; under FAIRNESS_MIN_COMPARABLES there is no estimate ("not enough
 * data") and the item counts at its stated value.
 */
import type { CashKind } from './offers';

/** Fewer comparables than this: "not enough data". */
export const FAIRNESS_MIN_COMPARABLES = 5;
/** The median is taken over at most this many comparables (one index scan reads no more). */
export const FAIRNESS_SAMPLE_MAX = 100;
/** How many of a title's words are compared, and the share of them a comparable must have. */
export const FAIRNESS_TITLE_WORDS = 6;
export const FAIRNESS_WORDS_SHARE = 2 / 3;
/** A swap is fair when the sides differ by at most 10 % of the larger side, and never by less than A$10. */
export const FAIRNESS_TOLERANCE_PERCENT = 10;
export const FAIRNESS_TOLERANCE_MIN_CENTS = 1000;

export type FairnessVerdict = 'fair' | 'in_your_favour' | 'in_their_favour';
export type OfferSide = 'offerer' | 'owner';

/** Who pays the cash of an offer's terms: the offerer (add-on, cash only), the owner (a request), or nobody. */
export function cashPayer(cashKind: CashKind, cashCents: number): OfferSide | null {
  if (cashKind === 'none' || cashCents <= 0) return null;
  return cashKind === 'request' ? 'owner' : 'offerer';
}

/** The difference two sides may have and still be fair. */
export function fairnessTolerance(aCents: number, bCents: number): number {
  return Math.max(FAIRNESS_TOLERANCE_MIN_CENTS, Math.round((Math.max(aCents, bCents) * FAIRNESS_TOLERANCE_PERCENT) / 100));
}

/**
 * The meter's verdict for the viewer: `yoursCents` is what the viewer gives, `theirsCents` what
 * they get. More coming than going, past the tolerance, is in the viewer's favour.
 */
export function fairnessVerdict(
  yoursCents: number,
  theirsCents: number,
): { verdict: FairnessVerdict; differenceCents: number; toleranceCents: number } {
  const toleranceCents = fairnessTolerance(yoursCents, theirsCents);
  const gap = theirsCents - yoursCents;
  const differenceCents = Math.abs(gap);
  const verdict: FairnessVerdict = differenceCents <= toleranceCents ? 'fair' : gap > 0 ? 'in_your_favour' : 'in_their_favour';
  return { verdict, differenceCents, toleranceCents };
}

/** What an item counts for in the verdict: its market estimate when there is one, else its stated value. */
export const checkedValue = (item: { statedCents: number; estimateCents: number | null }): number => item.estimateCents ?? item.statedCents;
