import { OFFER_STEPS } from '@swapu/shared/analytics-events';
import type { ErrorCode } from '@swapu/shared/errors';
import {
  OFFER_CASH_MAX_CENTS,
  OFFER_EXPIRY_DAYS_DEFAULT,
  OFFER_EXPIRY_DAYS_MAX,
  OFFER_EXPIRY_DAYS_MIN,
  OFFER_ITEMS_MAX,
} from '@swapu/shared/constants';
import { offerMethodChosen } from '@swapu/shared/input-rules';
import type { CashKind, OfferSummary, OfferTerms } from '@swapu/shared/offers';

/**
 * The swap-offer funnel (spec section 4: "swap offer (5 steps)"), in order: the analytics
 * contract's own list. The offer editor shows one step per screen; analytics report funnel steps
 * by these names.
 */
export const OFFER_FUNNEL_STEPS = OFFER_STEPS;
export type OfferFunnelStep = (typeof OFFER_STEPS)[number];

/** What the editor holds while someone writes an offer: the cash as typed, in dollars. */
export interface OfferDraft {
  itemIds: string[];
  cashKind: CashKind;
  cash: string;
  message: string;
  expiryDays: number;
}

export const emptyDraft = (): OfferDraft => ({
  itemIds: [],
  cashKind: 'none',
  cash: '',
  message: '',
  expiryDays: OFFER_EXPIRY_DAYS_DEFAULT,
});

/** Cents → the dollars the field shows ("120", "49.95"). */
export const centsToDollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** An existing offer's terms as a draft (a counter-offer starts from what is on the table). */
export function draftFromOffer(o: Pick<OfferSummary, 'items' | 'cashKind' | 'cashCents'>): OfferDraft {
  return {
    itemIds: o.items.map((i) => i.id).slice(0, OFFER_ITEMS_MAX),
    cashKind: o.cashKind,
    cash: o.cashKind === 'none' || o.cashCents === 0 ? '' : centsToDollars(o.cashCents),
    message: '',
    expiryDays: OFFER_EXPIRY_DAYS_DEFAULT,
  };
}

const DOLLARS = /^\d+(\.\d{1,2})?$/;
const DOLLARS_WITH_THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/;

/** Dollars as typed ("50", "A$1,200.50") → cents; null when it is not an amount above zero we accept. */
export function parseDollars(text: string): number | null {
  let s = text.trim().replace(/^(A|AU)?\$\s*/i, '');
  if (DOLLARS_WITH_THOUSANDS.test(s)) s = s.replace(/,/g, '');
  if (!DOLLARS.test(s)) return null;
  const [whole, fraction = ''] = s.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents > 0 && cents <= OFFER_CASH_MAX_CENTS ? cents : null;
}

/** The draft as the API's terms. Cash only leaves any picked items out (the shared rule wants none). */
export function draftToTerms(d: OfferDraft): OfferTerms {
  const cashCents = d.cashKind === 'none' ? 0 : (parseDollars(d.cash) ?? 0);
  return {
    itemIds: d.cashKind === 'only' ? [] : d.itemIds.slice(0, OFFER_ITEMS_MAX),
    cashKind: d.cashKind,
    cashCents,
    message: d.message.trim(),
    expiryDays: Math.min(OFFER_EXPIRY_DAYS_MAX, Math.max(OFFER_EXPIRY_DAYS_MIN, Math.round(d.expiryDays))),
  };
}

/** What stops the person leaving a step, if anything: a cash amount, then the offer method itself. */
export function stepError(step: OfferFunnelStep, d: OfferDraft): { field: 'cash' | 'form'; code: ErrorCode } | null {
  if (step === 'items' || step === 'message' || step === 'expiry') return null;
  if (d.cashKind !== 'none' && parseDollars(d.cash) === null) return { field: 'cash', code: 'cash_value_invalid' };
  if (!offerMethodChosen(draftToTerms(d))) return { field: 'form', code: 'offer_method_missing' };
  return null;
}
