import type Stripe from 'stripe';
import { lazyModule } from '../../lib/lazy-module';
import type { PaymentEvent } from './fulfilment';
import type { PaymentProvider } from './provider';

declare module '../../lib/context' {
  interface AppContext {
    /** The payment port's provider (PAYMENTS_PROVIDER): the local checkout or Stripe; built in app.ts. */
    payments: PaymentProvider;
  }
}

/**
 * The Stripe adapter of the payment port (docs/decisions/0023, "Stripe adapter"): Checkout
 * Sessions for one-off purchases (payment mode) and the subscription (subscription mode), each
 * created with our checkout id as its Idempotency-Key; the session's id is the checkout's
 * provider ref. What Stripe says afterwards arrives as signed webhooks
 * (stripe-webhook.routes.ts), translated here into the port's events.
 */
export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  /** The session as Stripe has it now (an event's snapshot may be older than a later event's). */
  retrieveSession(id: string): Promise<Stripe.Checkout.Session>;
  /** The invoice as Stripe has it now. */
  retrieveInvoice(id: string): Promise<Stripe.Invoice>;
  /** A charge, a dispute, a PaymentIntent as Stripe has them now (money returned outside SwapU: stripe-returns.ts). */
  retrieveCharge(id: string): Promise<Stripe.Charge>;
  retrieveDispute(id: string): Promise<Stripe.Dispute>;
  retrievePaymentIntent(id: string): Promise<Stripe.PaymentIntent>;
  /** The invoice a PaymentIntent paid (a subscription's month), if any. */
  invoiceOfPayment(intent: string): Promise<string | null>;
  /** Verifies a webhook's signature on its raw body (300 s tolerance) and parses it. Throws when it does not hold. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string, secret: string, receivedAt: Date): Stripe.Event;
}

/** How old a signed webhook may be, in seconds (Stripe's default, said out loud). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * STRIPE_API_BASE (a local stand-in for the API in tests) as the client's host, port and
 * protocol options. A path in the URL is ignored: the client always calls /v1/…
 */
export function stripeClientOptions(apiBase?: string): Stripe.StripeConfig {
  if (!apiBase) return {};
  const u = new URL(apiBase);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** An expandable field's id. */
export const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

/** Loaded when a server is configured for Stripe (PAYMENTS_PROVIDER), not by every server. */
const stripeModule = lazyModule<typeof Stripe>('stripe');

export function createStripeProvider(opts: { secretKey: string; apiBase?: string }): StripeProvider {
  const stripe = new (stripeModule())(opts.secretKey, { ...stripeClientOptions(opts.apiBase), appInfo: { name: 'SwapU' } });

  /**
   * What a session's money went through: the PaymentIntent of a payment-mode session, or for a
   * subscription-mode session the payment of the invoice the session created (the first month,
   * which is what that checkout paid; later months are other invoices).
   */
  async function paymentOf(session: Stripe.Checkout.Session): Promise<{ payment_intent: string } | { charge: string }> {
    const intent = idOf(session.payment_intent);
    if (intent) return { payment_intent: intent };
    const invoice = idOf(session.invoice);
    if (invoice) return paymentOfInvoice(invoice, `checkout session ${session.id}`);
    throw new Error(`Stripe checkout session ${session.id} has no payment to refund`);
  }

  /** The payment that paid an invoice (a subscription's first month, or a renewal). */
  async function paymentOfInvoice(invoice: string, what: string): Promise<{ payment_intent: string } | { charge: string }> {
    const payments = await stripe.invoicePayments.list({ invoice, status: 'paid', limit: 1 });
    const p = payments.data[0]?.payment;
    const paidBy = idOf(p?.payment_intent);
    if (paidBy) return { payment_intent: paidBy };
    const charge = idOf(p?.charge);
    if (charge) return { charge };
    throw new Error(`Stripe ${what} has no payment to refund`);
  }

  return {
    name: 'stripe',

    async createCheckout(req) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: req.mode,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'aud',
                unit_amount: req.amountCents,
                // Our prices include GST.
                tax_behavior: 'inclusive',
                product_data: { name: req.description },
                ...(req.mode === 'subscription' ? { recurring: { interval: 'month' as const } } : {}),
              },
            },
          ],
          client_reference_id: req.id,
          metadata: { checkout_id: req.id },
          // The subscription carries our id too: its invoices (renewals, failures) name it.
          ...(req.mode === 'subscription'
            ? { subscription_data: { metadata: { checkout_id: req.id } } }
            : { payment_intent_data: { metadata: { checkout_id: req.id } } }),
          ...(req.email ? { customer_email: req.email } : {}),
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          // The session ends when the checkout lapses here, so Stripe stops taking payment for it.
          expires_at: Math.floor(req.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: req.id },
      );
      if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no URL`);
      return { ref: session.id, url: session.url };
    },

    async cancelSubscription(ref) {
      if (!ref) return;
      // Setting a flag: repeating it is harmless, so no idempotency key (a fixed one would swallow
      // a second cancel within 24 hours after the member resumed).
      await stripe.subscriptions.update(ref, { cancel_at_period_end: true });
    },

    async refund(checkoutRef, amountCents, idempotencyKey) {
      // A renewal's checkout refers to the invoice Stripe charged (in_…); any other to its session.
      if (checkoutRef.startsWith('in_')) {
        const payment = await paymentOfInvoice(checkoutRef, `invoice ${checkoutRef}`);
        await stripe.refunds.create({ ...payment, amount: amountCents }, { idempotencyKey });
        return;
      }
      const session = await stripe.checkout.sessions.retrieve(checkoutRef);
      const payment = await paymentOf(session);
      await stripe.refunds.create(
        { ...payment, amount: amountCents, metadata: { checkout_id: session.metadata?.checkout_id ?? session.client_reference_id ?? '' } },
        { idempotencyKey },
      );
    },

    retrieveSession: (id) => stripe.checkout.sessions.retrieve(id),
    retrieveInvoice: (id) => stripe.invoices.retrieve(id),
    retrieveCharge: (id) => stripe.charges.retrieve(id),
    retrieveDispute: (id) => stripe.disputes.retrieve(id),
    retrievePaymentIntent: (id) => stripe.paymentIntents.retrieve(id),
    async invoiceOfPayment(intent) {
      const paid = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: intent }, limit: 1 });
      return idOf(paid.data[0]?.invoice);
    },
    verifyWebhook: (rawBody, signatureHeader, secret, receivedAt) =>
      stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAt.getTime()),
  };
}

export const isStripeProvider = (p: PaymentProvider): p is StripeProvider => p.name === 'stripe' && 'verifyWebhook' in p;

// ---------------------------------------------------------------------------------------------
// Stripe's events in the port's terms

/** Our checkout id in a session (we set both; metadata first). */
export const checkoutIdOfSession = (s: Stripe.Checkout.Session): string | null => s.metadata?.checkout_id || s.client_reference_id || null;

/**
 * What a session's current state means for its checkout: paid once Stripe has the money,
 * cancelled once it expired or its delayed payment failed, nothing while it is open or a delayed
 * payment is still pending. Decided from the session re-fetched when the event is handled, not
 * from the event's snapshot, so a late or repeated event cannot act on a stale state.
 */
export function sessionOutcome(eventType: string, s: Stripe.Checkout.Session): 'paid' | 'cancelled' | null {
  if (s.status === 'complete' && (s.payment_status === 'paid' || s.payment_status === 'no_payment_required')) return 'paid';
  if (s.status === 'expired') return 'cancelled';
  if (eventType === 'checkout.session.async_payment_failed') return 'cancelled';
  return null;
}

/** The Stripe subscription an invoice bills, and our id for it as the subscription's metadata carried it. */
export function invoiceSubscription(invoice: Stripe.Invoice): { ref: string; checkoutId: string | null } | null {
  const details = invoice.parent?.subscription_details;
  const ref = idOf(details?.subscription);
  if (!ref) return null;
  return { ref, checkoutId: details?.metadata?.checkout_id || null };
}

const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'checkout.session.async_payment_failed',
]);

/** What the translation asks of the API and our database. */
export interface StripeEventHelpers {
  /** The app clock's now: the port events' time. */
  at: Date;
  retrieveSession(id: string): Promise<Stripe.Checkout.Session>;
  retrieveInvoice(id: string): Promise<Stripe.Invoice>;
  /** Our Stripe checkout's session id, when the checkout is ours (another environment's is not). */
  sessionOfCheckout(checkoutId: string): Promise<string | null>;
  /** Our subscription billed by this Stripe subscription (subscriptions.provider_ref), once it has started. */
  subscriptionOfRef(ref: string): Promise<string | null>;
}

/**
 * One verified Stripe event as the port's events, in the order to apply them (each through
 * fulfil(), which records the event id with its effect):
 * - a session event (completed, async payment succeeded or failed, expired) → checkout.paid or
 *   checkout.cancelled for the checkout in its metadata, from the session re-fetched (complete with
 *   a delayed payment still settling → checkout.processing);
 * - invoice.paid for a renewal (billing_reason subscription_cycle) → subscription.renewed;
 * - invoice.payment_failed for a renewal → subscription.payment_failed, unless the invoice,
 *   re-fetched, has been paid since (a retry that succeeded, whose event came first);
 * - anything else, or anything not ours → nothing.
 * A subscription event for a subscription whose start we have not applied yet (its session's
 * event is late) first applies the start, from the session re-fetched, under a derived event id.
 */
export async function stripeEventToPaymentEvents(event: Stripe.Event, h: StripeEventHelpers): Promise<PaymentEvent[]> {
  const base = { provider: 'stripe' as const, eventId: event.id, at: h.at };
  if (SESSION_EVENTS.has(event.type)) {
    const snapshot = event.data.object as Stripe.Checkout.Session;
    const checkoutId = checkoutIdOfSession(snapshot);
    if (!checkoutId || (await h.sessionOfCheckout(checkoutId)) !== snapshot.id) return [];
    const session = await h.retrieveSession(snapshot.id);
    const outcome = sessionOutcome(event.type, session);
    if (outcome === 'paid') return [{ ...base, type: 'checkout.paid', checkoutId, subscriptionRef: idOf(session.subscription) }];
    if (outcome === 'cancelled') return [{ ...base, type: 'checkout.cancelled', checkoutId }];
    // Complete, with a delayed payment still settling: the checkout waits and does not lapse.
    if (session.status === 'complete') return [{ ...base, type: 'checkout.processing', checkoutId }];
    return [];
  }
  if (event.type !== 'invoice.paid' && event.type !== 'invoice.payment_failed') return [];
  const snapshot = event.data.object;
  if (snapshot.billing_reason !== 'subscription_cycle') return [];
  const sub = invoiceSubscription(snapshot);
  if (!sub) return [];
  if (event.type === 'invoice.payment_failed') {
    const now = await h.retrieveInvoice(snapshot.id);
    if (now.status === 'paid') return [];
  }
  const type = event.type === 'invoice.paid' ? ('subscription.renewed' as const) : ('subscription.payment_failed' as const);
  const known = await h.subscriptionOfRef(sub.ref);
  // A renewal's checkout keeps the invoice it was paid by (what a refund of it returns).
  const invoiceRef = type === 'subscription.renewed' ? snapshot.id : null;
  if (known) return [{ ...base, type, checkoutId: known, invoiceRef }];
  // Not started here yet: its session's event has not been applied. Start it from the session.
  if (!sub.checkoutId) return [];
  const sessionId = await h.sessionOfCheckout(sub.checkoutId);
  if (!sessionId) return [];
  const session = await h.retrieveSession(sessionId);
  if (sessionOutcome('checkout.session.completed', session) !== 'paid' || idOf(session.subscription) !== sub.ref) return [];
  return [
    { ...base, eventId: `${event.id}:start`, type: 'checkout.paid', checkoutId: sub.checkoutId, subscriptionRef: sub.ref },
    { ...base, type, checkoutId: sub.checkoutId, invoiceRef },
  ];
}
