import { and, desc, eq, inArray, lte, ne } from 'drizzle-orm';
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

/** The states in which a subscription is live: at most one per member (a partial unique index). */
const LIVE = ['active', 'cancelled'];

/**
 * Closes the member's subscriptions whose paid period has ended (they read as expired already; a
 * local one has nothing that renews it), so that they no longer hold the member's one live place.
 */
async function closeLapsed(tx: Tx, userId: string, at: Date, except?: string) {
  await tx
    .update(subscriptions)
    .set({ status: 'expired' })
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, LIVE),
        lte(subscriptions.currentPeriodEnd, at),
        except ? ne(subscriptions.id, except) : undefined,
      ),
    );
}

/**
 * A paid subscription checkout: active for one month from payment. Its id is the checkout's.
 * False when the member already has a live one: the database's one-live index decides between
 * two paid at the same moment (the second insert waits for the first and then does nothing), and
 * the caller refuses or returns that payment (decision 0034).
 */
export async function startSubscription(
  tx: Tx,
  s: { userId: string; checkoutId: string; provider: string; providerRef: string | null },
  at: Date,
): Promise<boolean> {
  await closeLapsed(tx, s.userId, at);
  const started = await tx
    .insert(subscriptions)
    .values({
      id: s.checkoutId,
      userId: s.userId,
      status: 'active',
      currentPeriodEnd: addMonth(at),
      createdAt: at,
      provider: s.provider,
      providerRef: s.providerRef,
    })
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  return started.length > 0;
}

/**
 * Moves one subscription by an event (renewal, payment failure, the member cancelling), with the
 * row locked: the state machine is shared/purchases.ts's nextSubscriptionState. A renewal of one
 * that has ended here (its payment failed, or its period ran out) while the member has another
 * live subscription does not bring it back: it is `superseded`, and the caller returns that
 * renewal's payment and stops the provider billing it.
 */
export async function moveSubscription(
  tx: Tx,
  subscriptionId: string,
  event: SubscriptionEvent,
  at: Date,
): Promise<{ row: Row; superseded: boolean } | null> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update');
  if (!row) return null;
  const next = nextSubscriptionState(stateOf(row), event, at);
  if (event === 'renewed' && subscriptionStatusAt(stateOf(row), at) === 'expired') {
    await closeLapsed(tx, row.userId, at, row.id);
    const [other] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, row.userId), ne(subscriptions.id, row.id), inArray(subscriptions.status, LIVE)))
      .limit(1);
    if (other) return { row, superseded: true };
  }
  const [moved] = await tx
    .update(subscriptions)
    .set({
      status: next.status,
      currentPeriodEnd: next.currentPeriodEnd,
      cancelledAt: next.status === 'cancelled' && row.status !== 'cancelled' ? at : row.cancelledAt,
    })
    .where(eq(subscriptions.id, subscriptionId))
    .returning();
  return moved ? { row: moved, superseded: false } : null;
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
