import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { deliveries, deliveryEvents } from '../../db/schema/index';
import { newId } from '../../lib/ids';

/**
 * A paid delivery checkout, inside the payment's own transaction: the delivery becomes 'booking'
 * (a conditional update: only one still waiting for payment) and is due for the courier at once.
 * The row is the booking's outbox; the worker places the order. A payment that finds no delivery
 * waiting (two tabs paid twice, or it was cancelled meanwhile) changes nothing here: the worker
 * refunds every paid delivery checkout that no delivery goes ahead with.
 */
export async function markDeliveryPaid(tx: Tx, deliveryId: string, checkoutId: string, at: Date): Promise<boolean> {
  const [moved] = await tx
    .update(deliveries)
    .set({ state: 'booking', checkoutId, nextAttemptAt: at, updatedAt: at })
    .where(and(eq(deliveries.id, deliveryId), eq(deliveries.state, 'awaiting_payment'), sql`${deliveries.checkoutId} is null`))
    .returning({ id: deliveries.id });
  if (!moved) return false;
  await tx
    .insert(deliveryEvents)
    .values({ id: newId(), deliveryId, state: 'booking', description: 'Paid: booking the courier', at })
    .onConflictDoNothing();
  return true;
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
