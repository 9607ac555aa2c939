import { desc, eq } from 'drizzle-orm';
import { SUBSCRIPTION_MONTHLY_CENTS } from '@swapu/shared/constants';
import type { Subscription } from '@swapu/shared/money-api';
import {
  addMonth,
  nextSubscriptionState,
  type SubscriptionEvent,
  type SubscriptionState,
  subscriptionStatusAt,
} from '@swapu/shared/purchases';
import type { Db, Tx } from '../../db/client';
import { subscriptions } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import type { PaymentProvider } from './provider';

type Row = typeof subscriptions.$inferSelect;

/** The member's newest subscription row, if any. */
async function latest(db: Tx, userId: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  return row;
}

const stateOf = (r: Row): SubscriptionState => ({ status: r.status as SubscriptionState['status'], currentPeriodEnd: r.currentPeriodEnd });

/** My subscription as the spec's states (a lapsed one reads as expired). */
export async function subscriptionOf(db: Tx, userId: string, now: Date): Promise<Subscription> {
  const row = await latest(db, userId);
  return {
    status: subscriptionStatusAt(row ? stateOf(row) : null, now),
    currentPeriodEnd: row?.currentPeriodEnd.toISOString() ?? null,
    priceCents: SUBSCRIPTION_MONTHLY_CENTS,
  };
}

/** A paid subscription checkout: active for one month from payment. Its id is the checkout's. */
export async function startSubscription(
  tx: Tx,
  s: { userId: string; checkoutId: string; provider: string; providerRef: string | null },
  at: Date,
) {
  await tx.insert(subscriptions).values({
    id: s.checkoutId,
    userId: s.userId,
    status: 'active',
    currentPeriodEnd: addMonth(at),
    createdAt: at,
    provider: s.provider,
    providerRef: s.providerRef,
  });
}

/**
 * Moves one subscription by an event (renewal, payment failure, the member cancelling), with the
 * row locked: the state machine is shared/purchases.ts's nextSubscriptionState.
 */
export async function moveSubscription(tx: Tx, subscriptionId: string, event: SubscriptionEvent, at: Date): Promise<Row | null> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update');
  if (!row) return null;
  const next = nextSubscriptionState(stateOf(row), event, at);
  const [moved] = await tx
    .update(subscriptions)
    .set({
      status: next.status,
      currentPeriodEnd: next.currentPeriodEnd,
      cancelledAt: next.status === 'cancelled' && row.status !== 'cancelled' ? at : row.cancelledAt,
    })
    .where(eq(subscriptions.id, subscriptionId))
    .returning();
  return moved ?? null;
}

/**
 * Cancel in the app: the subscription runs to the end of the paid period, then expires. A
 * provider's subscription is cancelled there first (Stripe: at the period's end), so that a
 * failure there leaves it active here rather than cancelled here and still charged there.
 */
export async function cancelMySubscription(db: Db, provider: PaymentProvider, userId: string, now: Date): Promise<Subscription> {
  const current = await latest(db, userId);
  if (!current || subscriptionStatusAt(stateOf(current), now) !== 'active') throw errors.conflict('data_invalid');
  if (current.provider !== 'local') {
    if (current.provider !== provider.name)
      throw new Error(`subscription ${current.id} is billed by ${current.provider}, which is not configured`);
    await provider.cancelSubscription(current.providerRef);
  }
  await db.transaction(async (tx) => {
    const row = await latest(tx, userId);
    if (!row || subscriptionStatusAt(stateOf(row), now) !== 'active') throw errors.conflict('data_invalid');
    await moveSubscription(tx, row.id, 'cancel', now);
  });
  return subscriptionOf(db, userId, now);
}
