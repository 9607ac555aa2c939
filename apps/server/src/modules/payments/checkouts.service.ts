import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Checkout, CheckoutCreateBody } from '@swapu/shared/money-api';
import { gstOf, isValidTokenAmount, priceOf, type Purchase } from '@swapu/shared/purchases';
import type { Db } from '../../db/client';
import { checkouts, users } from '../../db/schema/index';
import { AppError, errors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { checkoutLapsesAt, lapseOpenCheckouts } from './checkout-lapse';
import { fulfil, type FulfilmentDeps } from './fulfilment';
import { judgeLocalCard } from './local-card';
import { subscriptionOf } from './subscriptions.service';
import { ownPublishedItem } from '../assist/index';
import { type Details, describeKind } from './checkout-details';
import type { PaymentProvider } from './provider';

type Row = typeof checkouts.$inferSelect;

const view = (c: Row): Checkout => {
  const d = c.details as Details;
  return {
    id: c.id,
    kind: c.kind as Checkout['kind'],
    tokens: c.kind === 'tokens' ? (d.amount ?? null) : null,
    postId: d.postId ?? null,
    postTitle: d.postTitle ?? null,
    months: c.kind === 'unlimited_assist' ? (d.months ?? null) : c.kind === 'swap_assist' ? 1 : null,
    description: d.description ?? describeKind(c.kind, d),
    amountCents: c.amountCents,
    gstCents: c.gstCents,
    provider: c.provider as Checkout['provider'],
    status: c.status as Checkout['status'],
    refundReason: (c.refundReason as Checkout['refundReason']) ?? null,
    shortfallTokens: c.shortfallTokens,
    returnTo: c.returnTo,
    createdAt: c.createdAt.toISOString(),
    completedAt: c.completedAt?.toISOString() ?? null,
  };
};

/** The purchase in the body, checked by the shared rules (the spec's words for a bad token amount). */
async function purchaseOf(db: Db, userId: string, body: CheckoutCreateBody, now: Date): Promise<{ purchase: Purchase; details: Details }> {
  const p = body.purchase;
  switch (p.kind) {
    case 'subscription':
      if (['active', 'cancelled'].includes((await subscriptionOf(db, userId, now)).status)) throw errors.conflict('already_subscribed');
      return { purchase: { kind: 'subscription' }, details: {} };
    case 'swap_assist': {
      const post = await db.transaction((tx) => ownPublishedItem(tx, userId, p.postId));
      return {
        purchase: { kind: 'swap_assist', postId: p.postId, special: post.special },
        details: { postId: p.postId, postTitle: post.title, special: post.special },
      };
    }
    case 'unlimited_assist':
      return { purchase: { kind: 'unlimited_assist', months: p.months }, details: { months: p.months } };
    case 'tokens':
      if (!isValidTokenAmount(p.amount)) throw errors.badRequest('token_amount_invalid', { 'purchase.amount': 'token_amount_invalid' });
      return { purchase: { kind: 'tokens', amount: p.amount }, details: { amount: p.amount } };
  }
}

const RETURN_TO: Record<Purchase['kind'], string> = {
  tokens: '/tokens',
  subscription: '/subscription',
  swap_assist: '/myswapu',
  unlimited_assist: '/myswapu',
};

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
  const { purchase, details } = await purchaseOf(db, userId, body, now);
  return openCheckout(
    db,
    provider,
    userId,
    {
      kind: purchase.kind,
      details,
      amountCents: priceOf(purchase),
      returnTo: body.returnTo ?? RETURN_TO[purchase.kind],
      mode: purchase.kind === 'subscription' ? 'subscription' : 'payment',
    },
    publicUrl,
    now,
  );
}

/**
 * Opens a checkout for a purchase already checked and priced (here, or by another module: a
 * courier delivery): the checkout row first (so the provider's event always finds it), then the
 * provider's checkout, whose address the person is sent to.
 */
export async function openCheckout(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  p: { kind: string; details: Details; amountCents: number; returnTo: string; mode: 'payment' | 'subscription' },
  publicUrl: string,
  now: Date,
): Promise<{ id: string; url: string }> {
  const id = newId();
  const description = p.details.description ?? describeKind(p.kind, p.details);
  await db.insert(checkouts).values({
    id,
    userId,
    kind: p.kind,
    details: { ...p.details, description },
    amountCents: p.amountCents,
    gstCents: gstOf(p.amountCents),
    provider: provider.name,
    returnTo: p.returnTo,
    createdAt: now,
  });
  const back = (outcome: string) => `${publicUrl}/checkout/${id}?outcome=${outcome}`;
  const { ref, url } = await provider.createCheckout({
    id,
    description,
    amountCents: p.amountCents,
    mode: p.mode,
    email: (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email ?? null,
    successUrl: back('paid'),
    cancelUrl: back('cancelled'),
    expiresAt: checkoutLapsesAt(now),
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

/** What the local card is refused for in the payment's own transaction (nothing is charged). */
const LOCAL_REFUSALS = new Set(['already_subscribed', 'quote_expired']);

/**
 * The local provider's Pay button: the card is judged as a provider would, and an approved one
 * becomes a 'checkout.paid' event through the same fulfilment as a webhook. A declined or invalid
 * card is 'Checkout process didn't go through' (402) and grants nothing; the checkout stays open.
 * A checkout past its time lapses first and is answered as it is (closed). A purchase that can no
 * longer be granted (a second subscription, an expired delivery quote) is refused with its own
 * words, charges nothing, and the checkout closes (decision 0034).
 */
export async function payLocally(
  db: Db,
  deps: FulfilmentDeps,
  userId: string,
  id: string,
  cardNumber: string,
  now: Date,
): Promise<Checkout> {
  let current = await getCheckout(db, userId, id);
  if (current.provider !== 'local') throw errors.notFound();
  if (current.status === 'open' && (await lapseOpenCheckouts(db, now, id)).length) current = await getCheckout(db, userId, id);
  if (current.status !== 'open') return current;
  if (judgeLocalCard(cardNumber) !== 'approved') throw new AppError(402, 'checkout_failed');
  try {
    await fulfil(db, deps, { provider: 'local', eventId: `local_${randomUUID()}`, type: 'checkout.paid', checkoutId: id, at: now });
  } catch (err) {
    if (err instanceof AppError && LOCAL_REFUSALS.has(err.code))
      await fulfil(db, deps, { provider: 'local', eventId: `local_refused_${id}`, type: 'checkout.cancelled', checkoutId: id, at: now });
    throw err;
  }
  return getCheckout(db, userId, id);
}

/** Cancel on the checkout page (or on return from the provider's cancel link): nothing is granted. */
export async function cancelCheckout(db: Db, deps: FulfilmentDeps, userId: string, id: string, now: Date): Promise<Checkout> {
  const current = await getCheckout(db, userId, id);
  if (current.status !== 'open') return current;
  await fulfil(db, deps, { provider: current.provider, eventId: `user_cancel_${id}`, type: 'checkout.cancelled', checkoutId: id, at: now });
  return getCheckout(db, userId, id);
}
