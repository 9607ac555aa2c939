import type Stripe from 'stripe';
import type { PaymentEvent } from './fulfilment';
import { idOf, invoiceSubscription } from './stripe-provider';

/**
 * Money returned outside SwapU, as Stripe tells it (docs/decisions/0034): a refund made in
 * Stripe's dashboard (`charge.refunded`) and a chargeback (`charge.dispute.*`), translated into
 * the port's `checkout.returned` (the grant is taken back through the refund code, once) and
 * `checkout.dispute_won`. The charge or dispute is re-fetched, so a late or repeated event acts on
 * its state now, never on an old snapshot.
 */
export interface StripeReturnHelpers {
  at: Date;
  retrieveCharge(id: string): Promise<Stripe.Charge>;
  retrieveDispute(id: string): Promise<Stripe.Dispute>;
  retrievePaymentIntent(id: string): Promise<Stripe.PaymentIntent>;
  retrieveInvoice(id: string): Promise<Stripe.Invoice>;
  /** The invoice a PaymentIntent paid (a subscription's month), if any. */
  invoiceOfPayment(intent: string): Promise<string | null>;
  /** Our Stripe checkout's session id, when the checkout is ours. */
  sessionOfCheckout(checkoutId: string): Promise<string | null>;
  /** Our renewal checkout paid by this invoice (it keeps the invoice as its ref). */
  checkoutOfInvoice(invoiceId: string): Promise<string | null>;
}

/**
 * The dispute states in which Stripe holds the disputed amount (withdrawn from SwapU's balance and
 * not given back). An inquiry (warning_*) withdraws nothing; won gives it back; prevented never
 * took it.
 */
const MONEY_WITHDRAWN = new Set(['needs_response', 'under_review', 'lost', 'appeal_needs_response', 'appeal_under_review']);

const DISPUTE_EVENTS = new Set([
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
  'charge.dispute.closed',
]);

/**
 * Our checkout a payment paid: a one-off session's (its PaymentIntent carries our checkout id),
 * a renewal's (found by its invoice), or a subscription's first month (its invoice's subscription
 * carries the first checkout's id). Another environment's payments are not ours.
 */
async function checkoutOfPayment(intentId: string, h: StripeReturnHelpers): Promise<string | null> {
  const intent = await h.retrievePaymentIntent(intentId);
  const named = intent.metadata?.checkout_id;
  if (named) return (await h.sessionOfCheckout(named)) ? named : null;
  const invoiceId = await h.invoiceOfPayment(intentId);
  if (!invoiceId) return null;
  const renewal = await h.checkoutOfInvoice(invoiceId);
  if (renewal) return renewal;
  const invoice = await h.retrieveInvoice(invoiceId);
  const first = invoice.billing_reason === 'subscription_create' ? invoiceSubscription(invoice)?.checkoutId : null;
  return first && (await h.sessionOfCheckout(first)) ? first : null;
}

/** The PaymentIntent behind a charge. */
const intentOfCharge = (charge: Stripe.Charge) => idOf(charge.payment_intent);

/**
 * One verified charge event as the port's events:
 * - charge.refunded, the charge re-fetched and refunded in full → checkout.returned
 *   (provider_refund). A partial refund made in the dashboard is a goodwill gesture: it takes
 *   nothing back. A refund SwapU made itself comes back here too, and finds the checkout refunded.
 * - a dispute event, the dispute re-fetched: while Stripe holds the money (open or lost) →
 *   checkout.returned (dispute), taken back at once since Stripe takes the money when the dispute
 *   opens; won → checkout.dispute_won (recorded; nothing is given back); an inquiry → nothing.
 */
export async function stripeReturnToPaymentEvents(event: Stripe.Event, h: StripeReturnHelpers): Promise<PaymentEvent[]> {
  const base = { provider: 'stripe' as const, eventId: event.id, at: h.at };
  if (event.type === 'charge.refunded') {
    const charge = await h.retrieveCharge((event.data.object as Stripe.Charge).id);
    const intent = intentOfCharge(charge);
    if (!charge.refunded || !intent) return [];
    const checkoutId = await checkoutOfPayment(intent, h);
    return checkoutId ? [{ ...base, type: 'checkout.returned', checkoutId, returned: 'provider_refund' }] : [];
  }
  if (DISPUTE_EVENTS.has(event.type)) {
    const dispute = await h.retrieveDispute((event.data.object as Stripe.Dispute).id);
    const intent = idOf(dispute.payment_intent) ?? intentOfCharge(await h.retrieveCharge(idOf(dispute.charge)!));
    const checkoutId = intent ? await checkoutOfPayment(intent, h) : null;
    if (!checkoutId) return [];
    if (MONEY_WITHDRAWN.has(dispute.status)) return [{ ...base, type: 'checkout.returned', checkoutId, returned: 'dispute' }];
    if (dispute.status === 'won') return [{ ...base, type: 'checkout.dispute_won', checkoutId }];
    return [];
  }
  return [];
}
