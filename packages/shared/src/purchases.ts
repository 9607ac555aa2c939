import {
  SPECIAL_CATEGORIES,
  SUBSCRIPTION_MONTHLY_CENTS,
  SWAP_ASSIST_MONTHLY_CENTS,
  SWAP_ASSIST_SPECIAL_MONTHLY_CENTS,
  SWAP_ASSIST_SPECIAL_TOKENS,
  SWAP_ASSIST_TOKENS,
  TOKEN_CENTS,
  TOKEN_PURCHASE_MAX,
  TOKEN_PURCHASE_MIN,
  UNLIMITED_SWAP_ASSIST_CENTS,
} from './constants';

/**
 * What can be bought, and its price: the rules both the web app (to show and pre-check) and the
 * server (to charge) use. Prices are GST-inclusive Australian dollars in integer cents.
 */

/** A whole number of tokens from 5 to 500; anything else is 'The Amount of Token You Want to Purchase is Invalid'. */
export const isValidTokenAmount = (amount: unknown): amount is number =>
  typeof amount === 'number' && Number.isInteger(amount) && amount >= TOKEN_PURCHASE_MIN && amount <= TOKEN_PURCHASE_MAX;

/** The GST inside a GST-inclusive price (one eleventh, rounded to the cent). */
export const gstOf = (cents: number) => Math.round(cents / 11);

export const UNLIMITED_ASSIST_MONTHS = [3, 6, 12] as const;
export type UnlimitedAssistMonths = (typeof UNLIMITED_ASSIST_MONTHS)[number];
export const isUnlimitedAssistMonths = (m: unknown): m is UnlimitedAssistMonths =>
  UNLIMITED_ASSIST_MONTHS.includes(m as UnlimitedAssistMonths);

export type Purchase =
  | { kind: 'tokens'; amount: number }
  | { kind: 'subscription' }
  /** One item's Swap Assist for a month; `special` when the item is in a special category. */
  | { kind: 'swap_assist'; postId: string; special: boolean }
  /** Swap Assist for all of the member's items for 3, 6 or 12 months. */
  | { kind: 'unlimited_assist'; months: UnlimitedAssistMonths };

export const priceOf = (p: Purchase): number => {
  switch (p.kind) {
    case 'tokens':
      return p.amount * TOKEN_CENTS;
    case 'subscription':
      return SUBSCRIPTION_MONTHLY_CENTS;
    case 'swap_assist':
      return p.special ? SWAP_ASSIST_SPECIAL_MONTHLY_CENTS : SWAP_ASSIST_MONTHLY_CENTS;
    case 'unlimited_assist':
      return UNLIMITED_SWAP_ASSIST_CENTS[p.months];
  }
};

/** An item is in a special category (Swap Assist A$5 rather than A$2) when any of its categories is. */
export const isSpecialItem = (categories: readonly string[]) =>
  categories.some((c) => (SPECIAL_CATEGORIES as readonly string[]).includes(c));

/** One item's month of Swap Assist paid in tokens: 2, or 5 in the special categories. */
export const assistTokensOf = (special: boolean) => (special ? SWAP_ASSIST_SPECIAL_TOKENS : SWAP_ASSIST_TOKENS);

/** `months` calendar months on from `from` (each step clamped as addMonth is). */
export function addMonths(from: Date, months: number): Date {
  let d = from;
  for (let i = 0; i < months; i++) d = addMonth(d);
  return d;
}

/** A running period extended by `months`: from its end while it runs, else from now. */
export const extendFrom = (until: Date | null, now: Date, months: number) =>
  addMonths(until && until.getTime() > now.getTime() ? until : now, months);

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

/** "Today" for daily swipe allowances: the Australian (Sydney) calendar day, as YYYY-MM-DD. */
export const swipeDay = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/**
 * The seller a demo or staging site prints on its tax invoices when SELLER_NAME, SELLER_ABN and
 * SELLER_ADDRESS are not configured: clearly a sample (an ABN of zeros is never issued). A public
 * server taking live payments refuses to start without the real ones.
 */
export const SAMPLE_SELLER = {
  name: 'SwapU Pty Ltd (sample)',
  abn: '00 000 000 000',
  address: 'Sample address, 1 Example Street, Sydney NSW 2000',
} as const;
/** True for a receipt issued with the sample seller. */
export const isSampleSeller = (r: { sellerAbn: string }) => r.sellerAbn === SAMPLE_SELLER.abn;
