import { and, eq, gt, lte, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { deliveries, deliveryEvents } from '../../db/schema/index';
import { newId } from '../../lib/ids';

// What a payment does to the delivery it pays for, inside the payment's transaction. Here, below
// the delivery module (which imports payments to open and refund its checkouts), not in it.

/**
 * A paid delivery checkout, inside the payment's own transaction: the delivery becomes 'booking'
 * (a conditional update: only one still waiting for payment, and only while its quote holds) and
 * is due for the courier at once. The row is the booking's outbox; the worker places the order.
 * - 'expired': the quote's price hold ended before the payment arrived; nothing is booked, and the
 *   payment is refused (the local card) or returned (a provider's), never kept (decision 0034).
 * - 'not_waiting': no delivery waits for this payment (two tabs paid twice, or it was cancelled
 *   meanwhile); nothing changes here, and the worker refunds every paid delivery checkout that no
 *   delivery goes ahead with.
 */
export async function markDeliveryPaid(
  tx: Tx,
  deliveryId: string,
  checkoutId: string,
  at: Date,
): Promise<'booked' | 'expired' | 'not_waiting'> {
  const waiting = and(eq(deliveries.id, deliveryId), eq(deliveries.state, 'awaiting_payment'), sql`${deliveries.checkoutId} is null`);
  const [moved] = await tx
    .update(deliveries)
    .set({ state: 'booking', checkoutId, nextAttemptAt: at, updatedAt: at })
    .where(and(waiting, gt(deliveries.quoteExpiresAt, at)))
    .returning({ id: deliveries.id });
  if (!moved) {
    const [expired] = await tx
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(and(waiting, lte(deliveries.quoteExpiresAt, at)));
    return expired ? 'expired' : 'not_waiting';
  }
  await tx
    .insert(deliveryEvents)
    .values({ id: newId(), deliveryId, state: 'booking', description: 'Paid: booking the courier', at })
    .onConflictDoNothing();
  return 'booked';
}

/**
 * The money for a delivery went back outside SwapU (a refund at the provider, a chargeback): a
 * delivery not yet with the courier is not booked on it. One already booked goes on (the courier
 * has the order; what to do about the parcel is the support team's).
 */
export async function stopUnbookedDelivery(tx: Tx, checkoutId: string, at: Date) {
  const stopped = await tx
    .update(deliveries)
    .set({ state: 'cancelled', nextAttemptAt: null, updatedAt: at })
    .where(and(eq(deliveries.checkoutId, checkoutId), eq(deliveries.state, 'booking')))
    .returning({ id: deliveries.id });
  for (const d of stopped)
    await tx
      .insert(deliveryEvents)
      .values({ id: newId(), deliveryId: d.id, state: 'cancelled', description: 'The payment was returned: not booked', at })
      .onConflictDoNothing();
}

/** Whether a paid checkout still pays for a delivery that goes ahead (so it must not be refunded). */
export async function deliveryGoesAhead(tx: Tx, checkoutId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.checkoutId, checkoutId), notInArray(deliveries.state, ['cancelled', 'failed'])))
    .for('update');
  return rows.length > 0;
}
