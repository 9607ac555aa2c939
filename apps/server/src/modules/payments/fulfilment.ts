import { and, eq, inArray, sql } from 'drizzle-orm';
import { SUBSCRIPTION_MONTHLY_CENTS } from '@swapu/shared/constants';
import { gstOf } from '@swapu/shared/purchases';
import type { Db, Tx } from '../../db/client';
import { errors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { checkouts, paymentEvents } from '../../db/schema/index';
import { grantItemAssist, grantMemberAssist } from '../assist/index';
import { markDeliveryPaid } from './delivery-payment';
import { Notices } from '../notifications/index';
import { describeKind } from './checkout-details';
import type { PaymentProvider } from './provider';
import { issueReceipt } from './receipts.service';
import { type RefundDeps, type ReturnedReason, returnPayment, reverseReturned } from './refunds.service';
import { moveSubscription, startSubscription } from './subscriptions.service';
import { bookTokens } from '../tokens/index';

/** A provider's word on a checkout, in the port's terms. */
export interface PaymentEvent {
  provider: 'local' | 'stripe';
  /** The provider's unique id for the event (a Stripe event id; a fresh id for each local one). */
  eventId: string;
  /**
   * checkout.paid, .processing (a delayed payment the provider is still settling), .cancelled;
   * checkout.returned: the money went back outside SwapU (a refund made at the provider, a
   * chargeback); checkout.dispute_won: a chargeback closed in SwapU's favour;
   * subscription.renewed, .payment_failed.
   */
  type:
    | 'checkout.paid'
    | 'checkout.processing'
    | 'checkout.cancelled'
    | 'checkout.returned'
    | 'checkout.dispute_won'
    | 'subscription.renewed'
    | 'subscription.payment_failed';
  /** The checkout (checkout events) or the subscription (subscription events; its id is its first checkout's). */
  checkoutId: string;
  /** checkout.paid for a subscription: the provider's id for the subscription it started. */
  subscriptionRef?: string | null;
  /** subscription.renewed: the provider's id for the payment it took (a Stripe invoice id). */
  invoiceRef?: string | null;
  /** checkout.returned: how the money went back. */
  returned?: ReturnedReason;
  at: Date;
}

export type FulfilmentOutcome = 'granted' | 'refunded' | 'reversed' | 'processing' | 'cancelled' | 'duplicate' | 'no_change';

/** What fulfilment needs: receipts, the configured provider (a payment that cannot be granted goes back through it), the hub. */
export interface FulfilmentDeps extends RefundDeps {
  payments?: PaymentProvider;
}

type CheckoutRow = typeof checkouts.$inferSelect;
/** Why a payment that arrived cannot be granted (catalogue codes, and refund reasons). */
type Refusal = 'already_subscribed' | 'quote_expired';

/**
 * What a paid checkout grants; one branch per kind of purchase. A time-limited grant records the
 * span it added on the checkout (details.grantedMs), so a refund takes back exactly that. Answers
 * a refusal when the purchase can no longer be granted: the member has a live subscription
 * already, or the delivery's quote stopped holding before the payment arrived.
 */
async function grant(tx: Tx, c: CheckoutRow, e: PaymentEvent): Promise<Refusal | null> {
  const at = e.at;
  const d = c.details as { amount?: number; postId?: string; months?: number };
  const record = (grantedMs: number) =>
    tx
      .update(checkouts)
      .set({ details: sql`${checkouts.details} || ${JSON.stringify({ grantedMs })}::jsonb` })
      .where(eq(checkouts.id, c.id));
  switch (c.kind) {
    case 'tokens':
      await bookTokens(tx, { userId: c.userId, delta: d.amount!, reason: 'purchase', sourceId: c.id, now: at });
      return null;
    case 'subscription': {
      const s = { userId: c.userId, checkoutId: c.id, provider: c.provider, providerRef: e.subscriptionRef ?? null };
      return (await startSubscription(tx, s, at)) ? null : 'already_subscribed';
    }
    case 'swap_assist':
      await record((await grantItemAssist(tx, d.postId!, 1, at)).grantedMs);
      return null;
    case 'unlimited_assist':
      await record((await grantMemberAssist(tx, c.userId, d.months!, at)).grantedMs);
      return null;
    case 'delivery':
      // The courier is booked by the delivery worker (an outbox row); a payment for a delivery
      // that is no longer waiting for one is refunded by the same worker.
      return (await markDeliveryPaid(tx, (d as { deliveryId: string }).deliveryId, c.id, at)) === 'expired' ? 'quote_expired' : null;
    default:
      throw new Error(`no fulfilment for purchase kind ${c.kind}`);
  }
}

/** The configured provider, which must be the one that took this checkout's money. */
function providerOf(deps: FulfilmentDeps, c: Pick<CheckoutRow, 'id' | 'provider'>): PaymentProvider {
  if (!deps.payments || deps.payments.name !== c.provider)
    throw new Error(`checkout ${c.id} was paid through ${c.provider}, which is not the configured provider`);
  return deps.payments;
}

/**
 * A payment arrived. Only an open checkout can be paid locally; a provider's payment also pays a
 * checkout that is processing, that the member cancelled (the money was taken), or that lapsed.
 * What cannot be granted — a lapsed checkout, a second subscription, an expired quote — is
 * refused in this transaction when the local card is being charged (nothing is taken), and
 * otherwise returned through the provider at once: the tax invoice and its refund note are issued,
 * the member told, and a subscription the provider started is told not to charge again.
 */
async function pay(tx: Tx, deps: FulfilmentDeps, notices: Notices, e: PaymentEvent): Promise<FulfilmentOutcome> {
  // FOR NO KEY UPDATE, not FOR UPDATE: this transaction already holds a KEY SHARE lock on the row
  // (its payment_events row references it), and so may a concurrent event's; two FOR UPDATEs then
  // wait on each other's KEY SHARE (a deadlock seen on PostgreSQL). NO KEY UPDATE still orders
  // events for one checkout against each other and against the status updates.
  const [before] = await tx.select({ status: checkouts.status }).from(checkouts).where(eq(checkouts.id, e.checkoutId)).for('no key update');
  const payable = e.provider === 'local' ? ['open'] : ['open', 'processing', 'cancelled', 'expired'];
  if (!before || !payable.includes(before.status)) return 'no_change';
  const [paid] = await tx.update(checkouts).set({ status: 'paid', completedAt: e.at }).where(eq(checkouts.id, e.checkoutId)).returning();
  const refusal = before.status === 'expired' ? 'lapsed' : await grant(tx, paid!, e);
  // The local card is charged only if this transaction commits: refused, nothing is taken.
  if (refusal && refusal !== 'lapsed' && e.provider === 'local') throw errors.conflict(refusal);
  const d = paid!.details as { description?: string };
  await issueReceipt(tx, deps, paid!, 'payment', d.description ?? describeKind(paid!.kind, paid!.details as object), e.at);
  if (!refusal) return 'granted';
  const provider = providerOf(deps, paid!);
  await returnPayment(tx, provider, deps, notices, paid!.id, refusal, e.at, false);
  if (paid!.kind === 'subscription' && e.subscriptionRef) await provider.cancelSubscription(e.subscriptionRef);
  return 'refunded';
}

/**
 * A renewal or a failed renewal of a subscription. A renewal is a paid checkout of its own, with
 * its receipt; one that would bring back a subscription that ended here while the member has
 * another live one is returned at once and that subscription stopped at the provider.
 */
async function renewOrFail(tx: Tx, deps: FulfilmentDeps, notices: Notices, e: PaymentEvent): Promise<FulfilmentOutcome> {
  const moved = await moveSubscription(tx, e.checkoutId, e.type === 'subscription.renewed' ? 'renewed' : 'payment_failed', e.at);
  if (!moved) return 'no_change';
  if (e.type !== 'subscription.renewed') return 'granted';
  const description = 'SwapU subscription, 1 month (renewal)';
  const [renewal] = await tx
    .insert(checkouts)
    .values({
      id: newId(),
      userId: moved.row.userId,
      kind: 'subscription',
      details: { renewalOf: moved.row.id, description },
      amountCents: SUBSCRIPTION_MONTHLY_CENTS,
      gstCents: gstOf(SUBSCRIPTION_MONTHLY_CENTS),
      provider: e.provider,
      providerRef: e.invoiceRef ?? null,
      status: 'paid',
      returnTo: '/subscription',
      createdAt: e.at,
      completedAt: e.at,
    })
    .returning();
  await issueReceipt(tx, deps, renewal!, 'payment', description, e.at);
  if (!moved.superseded) return 'granted';
  const provider = providerOf(deps, renewal!);
  await returnPayment(tx, provider, deps, notices, renewal!.id, 'already_subscribed', e.at, false);
  if (moved.row.providerRef && moved.row.provider === provider.name) await provider.cancelSubscription(moved.row.providerRef);
  return 'refunded';
}

/**
 * Applies one provider event, exactly once (docs/decisions/0023, 0034). In one transaction: the
 * event is recorded (a second delivery finds it and changes nothing), the checkout moves by a
 * conditional update (two different events for one checkout cannot both grant, or both reverse),
 * the purchase is granted (or taken back) and its receipt issued. Nothing is acknowledged before
 * the transaction commits; the member's notices are announced after it.
 */
export async function fulfil(db: Db, deps: FulfilmentDeps, e: PaymentEvent): Promise<FulfilmentOutcome> {
  const notices = new Notices();
  const outcome = await db.transaction(async (tx): Promise<FulfilmentOutcome> => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ provider: e.provider, eventId: e.eventId, checkoutId: e.checkoutId, type: e.type, receivedAt: e.at })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (recorded.length === 0) return 'duplicate';
    switch (e.type) {
      case 'subscription.renewed':
      case 'subscription.payment_failed':
        return renewOrFail(tx, deps, notices, e);
      case 'checkout.paid':
        return pay(tx, deps, notices, e);
      case 'checkout.processing': {
        const [moved] = await tx
          .update(checkouts)
          .set({ status: 'processing' })
          .where(and(eq(checkouts.id, e.checkoutId), eq(checkouts.status, 'open')))
          .returning({ id: checkouts.id });
        return moved ? 'processing' : 'no_change';
      }
      case 'checkout.returned': {
        const [c] = await tx
          .select({ id: checkouts.id, provider: checkouts.provider })
          .from(checkouts)
          .where(eq(checkouts.id, e.checkoutId));
        if (!c) return 'no_change';
        const reversed = await reverseReturned(tx, providerOf(deps, c), deps, notices, c.id, e.returned ?? 'provider_refund', e.at);
        return reversed ? 'reversed' : 'no_change';
      }
      case 'checkout.dispute_won':
        // What the dispute took back stays taken back (decision 0034): the outcome is recorded.
        await tx
          .update(checkouts)
          .set({ details: sql`${checkouts.details} || ${JSON.stringify({ disputeWonAt: e.at.toISOString() })}::jsonb` })
          .where(
            and(
              eq(checkouts.id, e.checkoutId),
              eq(checkouts.refundReason, 'dispute'),
              sql`${checkouts.details} ->> 'disputeWonAt' is null`,
            ),
          );
        return 'no_change';
      case 'checkout.cancelled': {
        const [cancelled] = await tx
          .update(checkouts)
          .set({ status: 'cancelled', completedAt: e.at })
          .where(and(eq(checkouts.id, e.checkoutId), inArray(checkouts.status, ['open', 'processing'])))
          .returning({ id: checkouts.id });
        return cancelled ? 'cancelled' : 'no_change';
      }
    }
  });
  await notices.announce(deps.hub ?? null);
  return outcome;
}
