import { SUBSCRIPTION_MONTHLY_CENTS, TOKEN_CENTS, TOKEN_PURCHASE_MAX, TOKEN_PURCHASE_MIN } from './constants';

/**
 * What can be bought, and its price: the rules both the web app (to show and pre-check) and the
 * server (to charge) use. Prices are GST-inclusive Australian dollars in integer cents.
 */

/** A whole number of tokens from 5 to 500; anything else is 'The Amount of Token You Want to Purchase is Invalid'. */
export const isValidTokenAmount = (amount: unknown): amount is number =>
  typeof amount === 'number' && Number.isInteger(amount) && amount >= TOKEN_PURCHASE_MIN && amount <= TOKEN_PURCHASE_MAX;

/** The GST inside a GST-inclusive price (one eleventh, rounded to the cent). */
export const gstOf = (cents: number) => Math.round(cents / 11);

export type Purchase = { kind: 'tokens'; amount: number } | { kind: 'subscription' };

export const priceOf = (p: Purchase): number => {
  switch (p.kind) {
    case 'tokens':
      return p.amount * TOKEN_CENTS;
    case 'subscription':
      return SUBSCRIPTION_MONTHLY_CENTS;
  }
};

// Subscription (spec section 4: active, cancelled, expired, none) --------------------------------

export type SubscriptionStatus = 'active' | 'cancelled' | 'expired' | 'none';
export interface SubscriptionState {
  status: 'active' | 'cancelled' | 'expired';
  currentPeriodEnd: Date;
}

/** One calendar month on (UTC), the day clamped to the month's length: 31 Jan → 28/29 Feb. */
export function addMonth(from: Date): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * What a member's subscription is at `now`: a cancelled one runs to the end of its paid period;
 * an active or cancelled one past that end has expired; no subscription is 'none'.
 */
export function subscriptionStatusAt(s: SubscriptionState | null, now: Date): SubscriptionStatus {
  if (!s) return 'none';
  if (s.status !== 'expired' && s.currentPeriodEnd.getTime() <= now.getTime()) return 'expired';
  return s.status;
}

export type SubscriptionEvent = 'renewed' | 'payment_failed' | 'cancel';

/**
 * How an event moves a subscription:
 * - renewed (the provider took the next month's payment): active for a month from the end of the
 *   paid period (or from now, if that end has passed);
 * - payment_failed: expired at once (the benefits stop; subscribing again starts afresh);
 * - cancel (the member, in the app): cancelled, running to the end of the paid period; only an
 *   active subscription can be cancelled.
 */
export function nextSubscriptionState(s: SubscriptionState, event: SubscriptionEvent, at: Date): SubscriptionState {
  switch (event) {
    case 'renewed': {
      const from = s.currentPeriodEnd.getTime() > at.getTime() ? s.currentPeriodEnd : at;
      return { status: 'active', currentPeriodEnd: addMonth(from) };
    }
    case 'payment_failed':
      return { status: 'expired', currentPeriodEnd: s.currentPeriodEnd.getTime() < at.getTime() ? s.currentPeriodEnd : at };
    case 'cancel':
      return subscriptionStatusAt(s, at) === 'active' ? { ...s, status: 'cancelled' } : s;
  }
}
