import { and, eq, inArray, sql } from 'drizzle-orm';
import { SUBSCRIPTION_MONTHLY_CENTS } from '@swapu/shared/constants';
import { gstOf } from '@swapu/shared/purchases';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../lib/ids';
import { checkouts, paymentEvents } from '../../db/schema/index';
import { grantItemAssist, grantMemberAssist } from '../assist/assist.service';
import { markDeliveryPaid } from '../delivery/delivery-payment';
import { describeKind } from './checkout-details';
import { issueReceipt, type ReceiptDeps } from './receipts.service';
import { moveSubscription, startSubscription } from './subscriptions.service';
import { bookTokens } from './tokens.service';

/** A provider's word on a checkout, in the port's terms. */
export interface PaymentEvent {
  provider: 'local' | 'stripe';
  /** The provider's unique id for the event (a Stripe event id; a fresh id for each local one). */
  eventId: string;
  type: 'checkout.paid' | 'checkout.cancelled' | 'subscription.renewed' | 'subscription.payment_failed';
  /** The checkout (checkout events) or the subscription (subscription events; its id is its first checkout's). */
  checkoutId: string;
  /** checkout.paid for a subscription: the provider's id for the subscription it started. */
  subscriptionRef?: string | null;
  /** subscription.renewed: the provider's id for the payment it took (a Stripe invoice id). */
  invoiceRef?: string | null;
  at: Date;
}

export type FulfilmentOutcome = 'granted' | 'cancelled' | 'duplicate' | 'no_change';

type CheckoutRow = typeof checkouts.$inferSelect;

/**
 * What a paid checkout grants; one branch per kind of purchase. A time-limited grant records the
 * span it added on the checkout (details.grantedMs), so a refund takes back exactly that.
 */
async function grant(tx: Tx, c: CheckoutRow, e: PaymentEvent) {
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
      return;
    case 'subscription':
      await startSubscription(tx, { userId: c.userId, checkoutId: c.id, provider: c.provider, providerRef: e.subscriptionRef ?? null }, at);
      return;
    case 'swap_assist':
      await record((await grantItemAssist(tx, d.postId!, 1, at)).grantedMs);
      return;
    case 'unlimited_assist':
      await record((await grantMemberAssist(tx, c.userId, d.months!, at)).grantedMs);
      return;
    case 'delivery':
      // The courier is booked by the delivery worker (an outbox row); a payment for a delivery
      // that is no longer waiting for one is refunded by the same worker.
      await markDeliveryPaid(tx, (d as { deliveryId: string }).deliveryId, c.id, at);
      return;
    default:
      throw new Error(`no fulfilment for purchase kind ${c.kind}`);
  }
}

/**
 * Applies one provider event, exactly once (docs/decisions/0023). In one transaction: the event
 * is recorded (a second delivery finds it and changes nothing), the checkout moves by a
 * conditional update (only an open one can be paid or cancelled, so two different events for one
 * checkout cannot both grant), the purchase is granted and its receipt issued. Nothing is acknowledged before the
 * transaction commits.
 */
export async function fulfil(db: Db, deps: ReceiptDeps, e: PaymentEvent): Promise<FulfilmentOutcome> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ provider: e.provider, eventId: e.eventId, checkoutId: e.checkoutId, type: e.type, receivedAt: e.at })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (recorded.length === 0) return 'duplicate';
    if (e.type === 'subscription.renewed' || e.type === 'subscription.payment_failed') {
      const moved = await moveSubscription(tx, e.checkoutId, e.type === 'subscription.renewed' ? 'renewed' : 'payment_failed', e.at);
      if (!moved) return 'no_change';
      if (e.type === 'subscription.renewed') {
        // The provider took the next month's payment: it is a paid checkout of its own, with its receipt.
        const description = 'SwapU subscription, 1 month (renewal)';
        const [renewal] = await tx
          .insert(checkouts)
          .values({
            id: newId(),
            userId: moved.userId,
            kind: 'subscription',
            details: { renewalOf: moved.id, description },
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
      }
      return 'granted';
    }
    if (e.type === 'checkout.paid') {
      const [paid] = await tx
        .update(checkouts)
        .set({ status: 'paid', completedAt: e.at })
        .where(and(eq(checkouts.id, e.checkoutId), inArray(checkouts.status, ['open', 'cancelled'])))
        .returning();
      if (!paid) return 'no_change';
      await grant(tx, paid, e);
      await issueReceipt(
        tx,
        deps,
        paid,
        'payment',
        (paid.details as { description?: string }).description ?? describeKind(paid.kind, paid.details as object),
        e.at,
      );
      return 'granted';
    }
    const [cancelled] = await tx
      .update(checkouts)
      .set({ status: 'cancelled', completedAt: e.at })
      .where(and(eq(checkouts.id, e.checkoutId), eq(checkouts.status, 'open')))
      .returning({ id: checkouts.id });
    return cancelled ? 'cancelled' : 'no_change';
  });
}
