import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts, subscriptions } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { revokeItemAssist, revokeMemberAssist } from '../assist/assist.service';
import { deliveryGoesAhead } from '../delivery/delivery-payment';
import { type Details, describeKind } from './checkout-details';
import type { PaymentProvider } from './provider';
import { issueReceipt, type ReceiptDeps } from './receipts.service';
import { bookTokens } from './tokens.service';

/**
 * Refunds a paid checkout (an admin's decision): in one transaction the checkout becomes
 * 'refunded' (a conditional update, so it happens once), exactly what it granted is taken back —
 * the tokens bought (refused with 'tokens_insufficient' when they are already spent), the
 * subscription (it ends now), the span of Swap Assist it added — a refund note is issued, and
 * last the provider returns the money (an idempotency key per checkout, so a retry after a crash
 * never refunds twice). If anything fails, nothing changes.
 */
export async function refundCheckout(
  db: Db,
  provider: PaymentProvider,
  deps: ReceiptDeps,
  checkoutId: string,
  now: Date,
): Promise<{ userId: string }> {
  return db.transaction(async (tx) => {
    const [c] = await tx
      .update(checkouts)
      .set({ status: 'refunded', refundedAt: now })
      .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, 'paid')))
      .returning();
    if (!c) {
      const [exists] = await tx.select({ status: checkouts.status }).from(checkouts).where(eq(checkouts.id, checkoutId));
      if (!exists) throw errors.notFound();
      throw errors.conflict('data_invalid');
    }
    const d = c.details as Details;
    switch (c.kind) {
      case 'tokens':
        await bookTokens(tx, { userId: c.userId, delta: -d.amount!, reason: 'refund', sourceId: c.id, now });
        break;
      case 'subscription': {
        const [sub] = await tx
          .update(subscriptions)
          .set({ status: 'expired', currentPeriodEnd: sql`least(${subscriptions.currentPeriodEnd}, ${now.toISOString()}::timestamptz)` })
          .where(eq(subscriptions.id, d.renewalOf ?? c.id))
          .returning({ provider: subscriptions.provider, ref: subscriptions.providerRef });
        // The provider must not charge for it again.
        if (sub?.ref && sub.provider === provider.name) await provider.cancelSubscription(sub.ref);
        break;
      }
      case 'swap_assist':
        await revokeItemAssist(tx, d.postId!, d.grantedMs ?? 0, now);
        break;
      case 'unlimited_assist':
        await revokeMemberAssist(tx, c.userId, d.grantedMs ?? 0, now);
        break;
      case 'delivery':
        // Only a payment whose delivery will not go ahead (cancelled, failed, or never booked).
        if (await deliveryGoesAhead(tx, c.id)) throw errors.conflict('data_invalid');
        break;
    }
    await issueReceipt(tx, deps, c, 'refund', `Refund: ${d.description ?? describeKind(c.kind, d)}`, now);
    if (c.provider === provider.name && c.providerRef) await provider.refund(c.providerRef, c.amountCents, `refund_${c.id}`);
    else if (c.provider !== 'local') throw errors.conflict('data_invalid');
    return { userId: c.userId };
  });
}
