import { and, eq, sql } from 'drizzle-orm';
import { paths } from '@swapu/shared/paths';
import type { RefundReason } from '@swapu/shared/money-api';
import type { Tx } from '../../db/client';
import { checkouts, subscriptions, tokenBalances } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import type { Hub } from '../../lib/hub';
import { revokeItemAssist, revokeMemberAssist } from '../assist/index';
import { deliveryGoesAhead, stopUnbookedDelivery } from './delivery-payment';
import { Notices } from '../notifications/index';
import { type Details, describeKind } from './checkout-details';
import type { PaymentProvider } from './provider';
import { issueReceipt, type ReceiptDeps } from './receipts.service';
import { bookTokens } from '../tokens/index';

type CheckoutRow = typeof checkouts.$inferSelect;

/** What a refund needs besides the provider: receipts, and the hub to announce the member's notice. */
export interface RefundDeps extends ReceiptDeps {
  hub?: Hub | null;
}

/** Money returned outside SwapU: a refund made at the provider (Stripe's dashboard), or a chargeback. */
export type ReturnedReason = Extract<RefundReason, 'provider_refund' | 'dispute'>;

/** A paid checkout becomes refunded, with its reason: a conditional update, so it happens once. */
async function markRefunded(tx: Tx, checkoutId: string, reason: RefundReason, now: Date): Promise<CheckoutRow | null> {
  const [c] = await tx
    .update(checkouts)
    .set({ status: 'refunded', refundedAt: now, refundReason: reason })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, 'paid')))
    .returning();
  return c ?? null;
}

/**
 * Takes back what a paid checkout granted. `exactly`: an admin's refund, refused with
 * 'tokens_insufficient' when the tokens are already spent (and a delivery that goes ahead is not
 * refunded). `what_is_left`: the money already went back outside SwapU, so whatever is left is
 * taken — tokens down to a balance of 0, the rest answered as the shortfall — and a delivery not
 * yet booked is not booked. Answers the shortfall in tokens.
 */
async function takeBack(tx: Tx, provider: PaymentProvider, c: CheckoutRow, now: Date, how: 'exactly' | 'what_is_left'): Promise<number> {
  const d = c.details as Details;
  switch (c.kind) {
    case 'tokens': {
      if (how === 'exactly') {
        await bookTokens(tx, { userId: c.userId, delta: -d.amount!, reason: 'refund', sourceId: c.id, now });
        return 0;
      }
      // The row lock orders this against the member's spends: the balance read is the one changed.
      const [bal] = await tx
        .select({ balance: tokenBalances.balance })
        .from(tokenBalances)
        .where(eq(tokenBalances.userId, c.userId))
        .for('update');
      const taken = Math.min(bal?.balance ?? 0, d.amount!);
      if (taken > 0) await bookTokens(tx, { userId: c.userId, delta: -taken, reason: 'refund', sourceId: c.id, now });
      return d.amount! - taken;
    }
    case 'subscription': {
      const [sub] = await tx
        .update(subscriptions)
        .set({ status: 'expired', currentPeriodEnd: sql`least(${subscriptions.currentPeriodEnd}, ${now.toISOString()}::timestamptz)` })
        .where(eq(subscriptions.id, d.renewalOf ?? c.id))
        .returning({ provider: subscriptions.provider, ref: subscriptions.providerRef });
      // The provider must not charge for it again.
      if (sub?.ref && sub.provider === provider.name) await provider.cancelSubscription(sub.ref);
      return 0;
    }
    case 'swap_assist':
      await revokeItemAssist(tx, d.postId!, d.grantedMs ?? 0, now);
      return 0;
    case 'unlimited_assist':
      await revokeMemberAssist(tx, c.userId, d.grantedMs ?? 0, now);
      return 0;
    case 'delivery':
      if (how === 'exactly') {
        // Only a payment whose delivery will not go ahead (cancelled, failed, or never booked).
        if (await deliveryGoesAhead(tx, c.id)) throw errors.conflict('data_invalid');
      } else {
        await stopUnbookedDelivery(tx, c.id, now);
      }
      return 0;
    default:
      return 0;
  }
}

/** The refund note (mailed with it) and a notice in the app, in the caller's transaction. */
async function tellRefund(tx: Tx, deps: ReceiptDeps, notices: Notices, c: CheckoutRow, reason: RefundReason, now: Date) {
  const d = c.details as Details;
  const description = d.description ?? describeKind(c.kind, d);
  const note = await issueReceipt(tx, deps, c, 'refund', `Refund: ${description}`, now, reason);
  await notices.add(
    tx,
    {
      userId: c.userId,
      kind: 'payment',
      data: { event: 'refunded', reason, description, amountCents: String(c.amountCents) },
      link: note ? paths.receipt(note.id) : paths.receipts,
    },
    now,
  );
}

/**
 * Returns a paid checkout's money, in the caller's transaction (docs/decisions/0024, 0034): the
 * checkout becomes 'refunded' with its reason (once: a conditional update), what it granted is
 * taken back exactly (`granted: false` for a payment that granted nothing: a second subscription,
 * a lapsed checkout, an expired quote), the refund note is issued and the member told, and last
 * the provider returns the money, with an idempotency key per checkout so that a retry after a
 * crash never refunds twice. If anything fails, nothing changes.
 */
export async function returnPayment(
  tx: Tx,
  provider: PaymentProvider,
  deps: ReceiptDeps,
  notices: Notices,
  checkoutId: string,
  reason: RefundReason,
  now: Date,
  granted = true,
): Promise<CheckoutRow> {
  const c = await markRefunded(tx, checkoutId, reason, now);
  if (!c) {
    const [exists] = await tx.select({ status: checkouts.status }).from(checkouts).where(eq(checkouts.id, checkoutId));
    if (!exists) throw errors.notFound();
    throw errors.conflict('data_invalid');
  }
  if (granted) await takeBack(tx, provider, c, now, 'exactly');
  await tellRefund(tx, deps, notices, c, reason, now);
  if (c.provider === provider.name && c.providerRef) await provider.refund(c.providerRef, c.amountCents, `refund_${c.id}`);
  else if (c.provider !== 'local') throw errors.conflict('data_invalid');
  return c;
}

/** Refunds a paid checkout in a transaction of its own (an admin's decision, a delivery that did not go ahead). */
export async function refundCheckout(
  db: Tx,
  provider: PaymentProvider,
  deps: RefundDeps,
  checkoutId: string,
  now: Date,
  reason: RefundReason = 'admin',
): Promise<{ userId: string }> {
  const notices = new Notices();
  const c = await db.transaction((tx) => returnPayment(tx, provider, deps, notices, checkoutId, reason, now));
  await notices.announce(deps.hub ?? null);
  return { userId: c.userId };
}

/**
 * Money that went back outside SwapU (a refund made at the provider, a chargeback), in the
 * caller's transaction: the paid checkout becomes 'refunded' once (a refund made in SwapU that the
 * provider then echoes finds it refunded already, and nothing happens), what it granted is taken
 * back as far as it is left — tokens already spent leave the balance at 0, the rest recorded as
 * the checkout's shortfall — and the refund note is issued and the member told. The provider is
 * not asked for a refund: it has made it. Null when the checkout was not paid.
 */
export async function reverseReturned(
  tx: Tx,
  provider: PaymentProvider,
  deps: ReceiptDeps,
  notices: Notices,
  checkoutId: string,
  reason: ReturnedReason,
  now: Date,
): Promise<CheckoutRow | null> {
  const c = await markRefunded(tx, checkoutId, reason, now);
  if (!c) return null;
  const shortfall = await takeBack(tx, provider, c, now, 'what_is_left');
  if (shortfall > 0) await tx.update(checkouts).set({ shortfallTokens: shortfall }).where(eq(checkouts.id, c.id));
  await tellRefund(tx, deps, notices, c, reason, now);
  return c;
}
