import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Checkout, CheckoutCreateBody } from '@swapu/shared/money-api';
import { gstOf, isValidTokenAmount, priceOf, type Purchase } from '@swapu/shared/purchases';
import type { Db } from '../../db/client';
import { checkouts } from '../../db/schema/index';
import { AppError, errors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { fulfil } from './fulfilment';
import { judgeLocalCard } from './local-card';
import { subscriptionOf } from './subscriptions.service';
import type { PaymentProvider } from './provider';

type Row = typeof checkouts.$inferSelect;

const view = (c: Row): Checkout => ({
  id: c.id,
  kind: c.kind as Checkout['kind'],
  tokens: c.kind === 'tokens' ? (c.details as { amount: number }).amount : null,
  amountCents: c.amountCents,
  gstCents: c.gstCents,
  provider: c.provider as Checkout['provider'],
  status: c.status as Checkout['status'],
  returnTo: c.returnTo,
  createdAt: c.createdAt.toISOString(),
  completedAt: c.completedAt?.toISOString() ?? null,
});

/** The purchase in the body, checked by the shared rules (the spec's words for a bad token amount). */
async function purchaseOf(db: Db, userId: string, body: CheckoutCreateBody, now: Date): Promise<Purchase> {
  const p = body.purchase;
  if (p.kind === 'subscription') {
    if (['active', 'cancelled'].includes((await subscriptionOf(db, userId, now)).status)) throw errors.conflict('already_subscribed');
    return { kind: 'subscription' };
  }
  if (!isValidTokenAmount(p.amount)) throw errors.badRequest('token_amount_invalid', { 'purchase.amount': 'token_amount_invalid' });
  return { kind: 'tokens', amount: p.amount };
}

const describe = (p: Purchase) => (p.kind === 'tokens' ? `SwapU tokens × ${p.amount}` : 'SwapU subscription, 1 month');
const detailsOf = (p: Purchase) => (p.kind === 'tokens' ? { amount: p.amount } : {});

/**
 * Starts a purchase: the checkout row first (so the provider's event always finds it), then the
 * provider's checkout, whose address the person is sent to.
 */
export async function createCheckout(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  body: CheckoutCreateBody,
  publicUrl: string,
  now: Date,
): Promise<{ id: string; url: string }> {
  const purchase = await purchaseOf(db, userId, body, now);
  const amountCents = priceOf(purchase);
  const id = newId();
  const returnTo = body.returnTo ?? (purchase.kind === 'tokens' ? '/tokens' : '/subscription');
  await db.insert(checkouts).values({
    id,
    userId,
    kind: purchase.kind,
    details: detailsOf(purchase),
    amountCents,
    gstCents: gstOf(amountCents),
    provider: provider.name,
    returnTo,
    createdAt: now,
  });
  const back = (outcome: string) => `${publicUrl}/checkout/${id}?outcome=${outcome}`;
  const { ref, url } = await provider.createCheckout({
    id,
    description: describe(purchase),
    amountCents,
    mode: purchase.kind === 'subscription' ? 'subscription' : 'payment',
    email: null,
    successUrl: back('paid'),
    cancelUrl: back('cancelled'),
  });
  await db.update(checkouts).set({ providerRef: ref }).where(eq(checkouts.id, id));
  return { id, url };
}

/** A member's own checkout (anyone else's is not found). */
export async function getCheckout(db: Db, userId: string, id: string): Promise<Checkout> {
  const [c] = await db.select().from(checkouts).where(eq(checkouts.id, id));
  if (!c || c.userId !== userId) throw errors.notFound();
  return view(c);
}

/**
 * The local provider's Pay button: the card is judged as a provider would, and an approved one
 * becomes a 'checkout.paid' event through the same fulfilment as a webhook. A declined or invalid
 * card is 'Checkout process didn't go through' (402) and grants nothing; the checkout stays open.
 */
export async function payLocally(db: Db, userId: string, id: string, cardNumber: string, now: Date): Promise<Checkout> {
  const current = await getCheckout(db, userId, id);
  if (current.provider !== 'local') throw errors.notFound();
  if (current.status !== 'open') return current;
  if (judgeLocalCard(cardNumber) !== 'approved') throw new AppError(402, 'checkout_failed');
  await fulfil(db, { provider: 'local', eventId: `local_${randomUUID()}`, type: 'checkout.paid', checkoutId: id, at: now });
  return getCheckout(db, userId, id);
}

/** Cancel on the checkout page (or on return from the provider's cancel link): nothing is granted. */
export async function cancelCheckout(db: Db, userId: string, id: string, now: Date): Promise<Checkout> {
  const current = await getCheckout(db, userId, id);
  if (current.status !== 'open') return current;
  await fulfil(db, { provider: current.provider, eventId: `user_cancel_${id}`, type: 'checkout.cancelled', checkoutId: id, at: now });
  return getCheckout(db, userId, id);
}
