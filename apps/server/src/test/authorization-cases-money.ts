import { eq } from 'drizzle-orm';
import { checkouts, coupons, deliveries, receipts, subscriptions, swipes } from '../db/schema/index';
import { businessDayFrom, todayIn } from '../modules/delivery/business-days';
import { bookTokens } from '../modules/tokens/tokens.service';
import { newId } from '../lib/ids';
import { createPost } from './factories';
import { adminOnly, member, owned, ownersOffer, ownersPost, strangersPost, type Case, type World } from './authorization-fixtures';

/** Purchases, tokens and what they pay for, the swipe deck, analytics and coupons; delivery orders. */

/** An open checkout of the owner's for 20 tokens, through the local provider. */
async function ownersCheckout(w: World) {
  const id = newId();
  await w.t.db.insert(checkouts).values({
    id,
    userId: w.actors.owner.id!,
    kind: 'tokens',
    details: { amount: 20 },
    amountCents: 2000,
    gstCents: 182,
    provider: 'local',
    createdAt: w.t.clock.now(),
  });
  return id;
}

/** A paid checkout of the owner's for 20 tokens, with its receipt (what a refund or a receipt page needs). */
async function ownersPaidCheckout(w: World) {
  const id = await ownersCheckout(w);
  await w.t.db.update(checkouts).set({ status: 'paid', completedAt: w.t.clock.now() }).where(eq(checkouts.id, id));
  await w.t.db.transaction((tx) =>
    bookTokens(tx, { userId: w.actors.owner.id!, delta: 20, reason: 'purchase', sourceId: id, now: w.t.clock.now() }),
  );
  const receiptId = newId();
  await w.t.db.insert(receipts).values({
    id: receiptId,
    checkoutId: id,
    userId: w.actors.owner.id!,
    description: 'SwapU tokens × 20',
    amountCents: 2000,
    gstCents: 182,
    sellerName: 'SwapU',
    sellerAbn: '',
    issuedAt: w.t.clock.now(),
  });
  return { id, receiptId };
}

/** A fresh code for the unlimited 3-month package, usable once. */
async function freshCoupon(w: World) {
  const code = `AUTHZ${newId()
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 12)
    .toUpperCase()}`;
  await w.t.db.insert(coupons).values({ code, type: 'months_3', maxUses: 1, createdAt: w.t.clock.now() });
  return code;
}

/**
 * A delivery the owner books and receives: the item of a stranger's the owner took in an accepted
 * cash offer, from Fitzroy to Newtown, in `state` (label_created has its tracking reference).
 */
async function ownersDelivery(w: World, state: 'awaiting_payment' | 'label_created') {
  const { id: offerId, target } = await ownersOffer(w, 'accepted');
  const now = w.t.clock.now();
  const id = newId();
  await w.t.db.insert(deliveries).values({
    id,
    offerId,
    postId: target.id,
    senderId: target.ownerId,
    receiverId: w.actors.owner.id!,
    bookedBy: w.actors.owner.id!,
    state,
    sender: { name: 'Alex', street: '3 Smith Street', suburb: 'Fitzroy', postcode: '3065', state: 'VIC', email: 'alex@example.com' },
    receiver: { name: 'Owner', street: '12 King Street', suburb: 'Newtown', postcode: '2042', state: 'NSW', email: 'owner@example.com' },
    itemDescription: 'A bike',
    weightKg: 1,
    lengthCm: 30,
    widthCm: 20,
    heightCm: 10,
    pickupDate: businessDayFrom(todayIn('VIC', now), 'VIC'),
    courier: 'local',
    priceCents: 955,
    transitDays: 3,
    estimatedDelivery: '2026-12-31',
    quoteExpiresAt: new Date(now.getTime() + 30 * 60_000),
    ...(state === 'label_created' ? { courierRef: `LOCAL-${id}`, trackingRef: 'SWU123456789', bookedAt: now, nextTrackAt: now } : {}),
    createdAt: now,
    updatedAt: now,
  });
  return { id, offerId, postId: target.id };
}

export const MONEY_CASES: Case[] = [
  // Money: purchases, tokens and what they pay for
  {
    route: 'POST /api/v1/checkouts',
    request: () => ({ url: '/api/v1/checkouts', payload: { purchase: { kind: 'tokens', amount: 20 } } }),
    expect: member(201),
  },
  {
    route: 'GET /api/v1/checkouts/:id',
    request: async (w) => ({ url: `/api/v1/checkouts/${await ownersCheckout(w)}` }),
    expect: owned(200, 404, 404, false),
  },
  {
    route: 'POST /api/v1/checkouts/:id/pay',
    request: async (w) => ({ url: `/api/v1/checkouts/${await ownersCheckout(w)}/pay`, payload: { cardNumber: '4242 4242 4242 4242' } }),
    expect: owned(200, 404, 404),
  },
  {
    route: 'POST /api/v1/checkouts/:id/cancel',
    request: async (w) => ({ url: `/api/v1/checkouts/${await ownersCheckout(w)}/cancel` }),
    expect: owned(200, 404, 404),
  },
  { route: 'GET /api/v1/me/subscription', request: () => ({ url: '/api/v1/me/subscription' }), expect: member(200, false) },
  {
    route: 'POST /api/v1/me/subscription/cancel',
    request: async (w) => {
      // The owner subscribes (once: one live subscription per member); everyone else has nothing to cancel.
      await w.t.db
        .insert(subscriptions)
        .values({
          id: newId(),
          userId: w.actors.owner.id!,
          status: 'active',
          currentPeriodEnd: new Date(w.t.clock.now().getTime() + 20 * 86_400_000),
          createdAt: w.t.clock.now(),
        })
        .onConflictDoNothing();
      return { url: '/api/v1/me/subscription/cancel' };
    },
    expect: owned(200, 409, 409),
  },
  { route: 'GET /api/v1/me/tokens', request: () => ({ url: '/api/v1/me/tokens' }), expect: member(200, false) },
  {
    route: 'POST /api/v1/posts/:id/boost',
    request: async (w) => {
      const post = await ownersPost(w);
      await w.t.db.transaction((tx) =>
        bookTokens(tx, { userId: w.actors.owner.id!, delta: 5, reason: 'purchase', sourceId: newId(), now: w.t.clock.now() }),
      );
      return { url: `/api/v1/posts/${post.id}/boost` };
    },
    expect: owned(200, 403, 403),
  },
  {
    route: 'POST /api/v1/posts/:id/assist',
    request: async (w) => {
      const post = await ownersPost(w);
      await w.t.db.transaction((tx) =>
        bookTokens(tx, { userId: w.actors.owner.id!, delta: 2, reason: 'purchase', sourceId: newId(), now: w.t.clock.now() }),
      );
      return { url: `/api/v1/posts/${post.id}/assist` };
    },
    expect: owned(200, 403, 403),
  },
  { route: 'GET /api/v1/me/extra-swipes', request: () => ({ url: '/api/v1/me/extra-swipes' }), expect: member(200, false) },
  // Swap Swipe (issue 18): the deck and swipes are for the owner's own published item.
  {
    route: 'GET /api/v1/swipe/deck/:postId',
    request: async (w) => ({ url: `/api/v1/swipe/deck/${(await ownersPost(w)).id}` }),
    expect: owned(200, 403, 403, false),
  },
  {
    route: 'POST /api/v1/swipes',
    request: async (w) => {
      const [mine, theirs] = [await ownersPost(w), await strangersPost(w)];
      return { url: '/api/v1/swipes', payload: { fromPostId: mine.id, postId: theirs.id, direction: 'right' } };
    },
    expect: owned(200, 403, 403),
  },
  {
    route: 'POST /api/v1/swipes/undo',
    request: async (w) => {
      // Every account has just passed a card, so what is tested is who may take a swipe back.
      const theirs = await strangersPost(w);
      for (const a of Object.values(w.actors)) {
        if (!a.id) continue;
        const mine = await createPost(w.t.db, { ownerId: a.id, now: w.t.clock.now() });
        await w.t.db.insert(swipes).values({
          userId: a.id,
          postId: theirs.id,
          fromPostId: mine.id,
          direction: 'left',
          day: '2026-11-20',
          createdAt: w.t.clock.now(),
        });
      }
      return { url: '/api/v1/swipes/undo' };
    },
    expect: member(200),
  },
  { route: 'GET /api/v1/me/swipe-allowance', request: () => ({ url: '/api/v1/me/swipe-allowance' }), expect: member(200, false) },
  {
    route: 'POST /api/v1/me/extra-swipes',
    request: async (w) => {
      // Every account gets a token to spend, so what is tested is who may spend it.
      for (const a of Object.values(w.actors)) {
        if (!a.id) continue;
        await w.t.db.transaction((tx) =>
          bookTokens(tx, { userId: a.id!, delta: 1, reason: 'purchase', sourceId: newId(), now: w.t.clock.now() }),
        );
      }
      return { url: '/api/v1/me/extra-swipes' };
    },
    expect: member(200),
  },
  { route: 'GET /api/v1/me/assist', request: () => ({ url: '/api/v1/me/assist' }), expect: member(200, false) },
  {
    route: 'POST /api/v1/me/coupons',
    request: async (w) => ({ url: '/api/v1/me/coupons', payload: { code: await freshCoupon(w) } }),
    expect: member(200),
  },
  { route: 'GET /api/v1/me/receipts', request: () => ({ url: '/api/v1/me/receipts' }), expect: member(200, false) },
  {
    route: 'GET /api/v1/me/receipts/:id',
    request: async (w) => ({ url: `/api/v1/me/receipts/${(await ownersPaidCheckout(w)).receiptId}` }),
    expect: owned(200, 404, 404, false),
  },
  {
    route: 'POST /api/v1/admin/coupons',
    request: () => ({ url: '/api/v1/admin/coupons', payload: { type: 'month_normal', count: 2, maxUses: 1 } }),
    expect: adminOnly(201),
  },
  { route: 'GET /api/v1/admin/coupons', request: () => ({ url: '/api/v1/admin/coupons' }), expect: adminOnly(200) },
  // Analytics (issue 20): the dashboard's figures, admins only.
  {
    route: 'GET /api/v1/admin/analytics',
    request: () => ({ url: '/api/v1/admin/analytics?from=2026-11-01&to=2026-11-30' }),
    expect: adminOnly(200),
  },
  { route: 'GET /api/v1/admin/coupons.csv', request: () => ({ url: '/api/v1/admin/coupons.csv' }), expect: adminOnly(200) },
  {
    route: 'PUT /api/v1/admin/coupons/:code/disabled',
    request: async (w) => ({ method: 'PUT', url: `/api/v1/admin/coupons/${await freshCoupon(w)}/disabled`, payload: { disabled: true } }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/v1/admin/checkouts/:id/refund',
    request: async (w) => ({ url: `/api/v1/admin/checkouts/${(await ownersPaidCheckout(w)).id}/refund` }),
    expect: adminOnly(200),
  },
];

export const DELIVERY_CASES: Case[] = [
  // Delivery orders (issue 17): only the two parties of a swap; another member's ids say nothing.
  { route: 'GET /api/v1/deliveries/shippable', request: () => ({ url: '/api/v1/deliveries/shippable' }), expect: member(200, false) },
  { route: 'GET /api/v1/deliveries', request: () => ({ url: '/api/v1/deliveries?status=delivered' }), expect: member(200, false) },
  {
    route: 'GET /api/v1/deliveries/draft/:postId/:offerId/:receiver',
    request: async (w) => {
      const { id, target } = await ownersOffer(w, 'accepted');
      return { url: `/api/v1/deliveries/draft/${target.id}/${id}/${w.actors.owner.id}` };
    },
    expect: owned(200, 404, 404, false),
  },
  {
    route: 'POST /api/v1/deliveries',
    request: async (w) => {
      const { id, target } = await ownersOffer(w, 'accepted');
      return {
        url: '/api/v1/deliveries',
        payload: {
          postId: target.id,
          offerId: id,
          receiverId: w.actors.owner.id,
          sender: { name: 'Alex', street: '3 Smith Street', suburb: 'Fitzroy', postcode: '3065' },
          receiver: { name: 'Owner', street: '12 King Street', suburb: 'Newtown', postcode: '2042' },
          itemDescription: 'A bike',
          parcel: { weightKg: 1, lengthCm: 30, widthCm: 20, heightCm: 10 },
          pickupDate: businessDayFrom(todayIn('VIC', w.t.clock.now()), 'VIC'),
        },
      };
    },
    expect: owned(201, 404, 404),
  },
  {
    route: 'GET /api/v1/deliveries/:id',
    request: async (w) => ({ url: `/api/v1/deliveries/${(await ownersDelivery(w, 'label_created')).id}` }),
    expect: owned(200, 404, 404, false),
  },
  {
    route: 'POST /api/v1/deliveries/:id/checkout',
    request: async (w) => ({ url: `/api/v1/deliveries/${(await ownersDelivery(w, 'awaiting_payment')).id}/checkout` }),
    expect: owned(201, 404, 404),
  },
  {
    route: 'POST /api/v1/deliveries/:id/cancel',
    request: async (w) => ({ url: `/api/v1/deliveries/${(await ownersDelivery(w, 'awaiting_payment')).id}/cancel` }),
    expect: owned(200, 404, 404),
  },
  {
    route: 'GET /api/v1/deliveries/:id/label',
    request: async (w) => ({ url: `/api/v1/deliveries/${(await ownersDelivery(w, 'label_created')).id}/label?size=4x6` }),
    expect: owned(200, 404, 404, false),
  },
];
