import { useEffect, useState } from 'react';
import { offerMethodChosen } from '@swapu/shared/input-rules';
import { FairSwapMeter } from './fair-swap-meter-lazy';
import { draftToTerms, type OfferDraft } from './offer-funnel';

/** What the editor's meter weighs the draft against: a listing (a new offer) or the offer being countered. */
export type EditorFairness = { kind: 'draft'; postId: string } | { kind: 'counter'; offerId: string };

/** Typing an amount asks once it settles, not at each key. */
const SETTLE_MS = 400;

/**
 * The fair-swap meter of the draft in the editor, once it offers something (items or cash): the
 * same meter as the offer page's, asked for on its own, so the editor never waits for it.
 */
export function EditorMeter({ of, draft }: { of: EditorFairness; draft: OfferDraft }) {
  const terms = draftToTerms(draft);
  const now = { itemIds: terms.itemIds, cashKind: terms.cashKind, cashCents: terms.cashCents };
  const key = JSON.stringify(now);
  const [settled, setSettled] = useState(now);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as typeof now), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  if (!offerMethodChosen(terms)) return null;
  return (
    <FairSwapMeter
      source={
        of.kind === 'draft'
          ? { kind: 'draft', postId: of.postId, terms: settled }
          : { kind: 'counter', offerId: of.offerId, terms: settled }
      }
    />
  );
}
