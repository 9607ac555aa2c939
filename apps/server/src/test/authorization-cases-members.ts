import { eq } from 'drizzle-orm';
import {
  checkouts,
  coupons,
  deliveries,
  receipts,
  savedSearches,
  subscriptions,
  swapChainMembers,
  swapChains,
  swipes,
} from '../db/schema/index';
import { businessDayFrom, todayIn } from '../modules/delivery/business-days';
import { bookTokens } from '../modules/payments/tokens.service';
import { newId } from '../lib/ids';
import { createPost, createUser } from './factories';
import {
  account,
  adminOnly,
  member,
  owned,
  ownersOffer,
  ownersPost,
  ownersRoom,
  strangersPost,
  upload,
  type Case,
  type World,
} from './authorization-fixtures';

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

/** My account, offers, chat and support. */
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

/** A goal of the owner's, set through the API from a fresh listing of theirs. */
/** A found swap chain of three: the owner and two others, each giving a listing of their own. */
async function ownersChain(w: World) {
  const now = w.t.clock.now();
  const people = [w.actors.owner.id!, (await createUser(w.t.db)).id, (await createUser(w.t.db)).id];
  const items = [(await ownersPost(w)).id];
  for (const id of people.slice(1)) items.push((await createPost(w.t.db, { ownerId: id, now })).id);
  const chainId = newId();
  await w.t.db.insert(swapChains).values({ id: chainId, createdAt: now, expiresAt: new Date(now.getTime() + 48 * 3_600_000) });
  // Each fixture call makes a new chain: the owner's listing leaves the last one's open set first.
  await w.t.db.update(swapChainMembers).set({ open: false }).where(eq(swapChainMembers.givesPostId, items[0]!));
  await w.t.db.insert(swapChainMembers).values(
    people.map((userId, position) => ({
      chainId,
      position,
      userId,
      givesPostId: items[position]!,
      receivesPostId: items[(position + 1) % 3]!,
    })),
  );
  return chainId;
}

async function ownersGoal(w: World) {
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/v1/me/goals',
    headers: w.actors.owner.headers,
    payload: { name: 'A ute', goalItem: 'A dual-cab ute', goalValueCents: 2_000_000, startPostId: (await ownersPost(w)).id },
  });
  if (res.statusCode !== 201) throw new Error(`goal: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

export const MEMBER_CASES: Case[] = [
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
  // My account
  { route: 'GET /api/v1/me', request: () => ({ url: '/api/v1/me' }), expect: account(200) },
  { route: 'PATCH /api/v1/me', request: () => ({ url: '/api/v1/me', payload: { bio: 'Swapping since 2026.' } }), expect: member(200) },
  { route: 'DELETE /api/v1/me', request: () => ({ url: '/api/v1/me', payload: { password: 'not-the-password' } }), expect: account(400) },
  { route: 'GET /api/v1/me/posts', request: () => ({ url: '/api/v1/me/posts' }), expect: member(200, false) },
  { route: 'GET /api/v1/me/favorites', request: () => ({ url: '/api/v1/me/favorites' }), expect: member(200, false) },
  { route: 'GET /api/v1/me/points', request: () => ({ url: '/api/v1/me/points' }), expect: member(200, false) },
  { route: 'GET /api/v1/me/suggested', request: () => ({ url: '/api/v1/me/suggested' }), expect: member(200, false) },
  { route: 'GET /api/v1/me/welcome-mail', request: () => ({ url: '/api/v1/me/welcome-mail' }), expect: account(200) },
  { route: 'POST /api/v1/me/accept-terms', request: () => ({ url: '/api/v1/me/accept-terms' }), expect: account(200) },
  { route: 'POST /api/v1/me/verification-mail', request: () => ({ url: '/api/v1/me/verification-mail' }), expect: account(202) },
  { route: 'POST /api/v1/me/sign-out-everywhere', request: () => ({ url: '/api/v1/me/sign-out-everywhere' }), expect: account(204) },
  {
    route: 'POST /api/v1/me/avatar',
    request: (w) => {
      const file = upload(w);
      return { url: '/api/v1/me/avatar', payload: file.payload, headers: file.headers };
    },
    expect: member(200),
  },
  { route: 'DELETE /api/v1/me/avatar', request: () => ({ url: '/api/v1/me/avatar' }), expect: member(204) },
  {
    route: 'POST /api/v1/me/banner',
    request: (w) => {
      const file = upload(w);
      return { url: '/api/v1/me/banner', payload: file.payload, headers: file.headers };
    },
    expect: member(200),
  },
  { route: 'DELETE /api/v1/me/banner', request: () => ({ url: '/api/v1/me/banner' }), expect: member(204) },
  { route: 'POST /api/v1/me/2fa/setup', request: () => ({ url: '/api/v1/me/2fa/setup' }), expect: member(200) },
  {
    route: 'POST /api/v1/me/2fa/enable',
    request: () => ({ url: '/api/v1/me/2fa/enable', payload: { code: '000000' } }),
    expect: member(400),
  },
  {
    route: 'POST /api/v1/me/2fa/disable',
    request: () => ({ url: '/api/v1/me/2fa/disable', payload: { code: '000000' } }),
    expect: member(400),
  },
  { route: 'GET /api/v1/me/saved-searches', request: () => ({ url: '/api/v1/me/saved-searches' }), expect: member(200, false) },
  {
    route: 'POST /api/v1/me/saved-searches',
    request: () => ({ url: '/api/v1/me/saved-searches', payload: { name: 'Lamps', filters: { q: 'lamp' } } }),
    expect: member(201),
  },
  {
    route: 'DELETE /api/v1/me/saved-searches/:id',
    request: async (w) => {
      const id = newId();
      await w.t.db
        .insert(savedSearches)
        .values({ id, userId: w.actors.owner.id!, name: 'Lamps', filters: { q: 'lamp' }, createdAt: w.t.clock.now() });
      return { url: `/api/v1/me/saved-searches/${id}` };
    },
    expect: owned(204, 404, 404),
  },
  { route: 'GET /api/v1/notifications', request: () => ({ url: '/api/v1/notifications' }), expect: member(200, false) },
  { route: 'POST /api/v1/notifications/read', request: () => ({ url: '/api/v1/notifications/read', payload: {} }), expect: member(200) },

  // Swap chains (issue 19): only the chain's members see or act on it.
  { route: 'GET /api/v1/me/chains', request: () => ({ url: '/api/v1/me/chains' }), expect: member(200, false) },
  {
    route: 'GET /api/v1/chains/:id',
    request: async (w) => ({ url: `/api/v1/chains/${await ownersChain(w)}` }),
    expect: owned(200, 404, 404, false),
  },
  {
    route: 'POST /api/v1/chains/:id/unlock',
    request: async (w) => ({ url: `/api/v1/chains/${await ownersChain(w)}/unlock` }),
    expect: owned(200, 404, 404),
  },
  {
    route: 'POST /api/v1/chains/:id/decline',
    request: async (w) => ({ url: `/api/v1/chains/${await ownersChain(w)}/decline` }),
    expect: owned(200, 404, 404),
  },

  // Goal trackers (issue 18): mine only; a goal starts from the member's own published item.
  { route: 'GET /api/v1/me/goals', request: () => ({ url: '/api/v1/me/goals' }), expect: member(200, false) },
  {
    route: 'POST /api/v1/me/goals',
    name: 'from the owner’s listing: only the owner may',
    request: async (w) => ({
      url: '/api/v1/me/goals',
      payload: { name: 'A ute', goalItem: 'A dual-cab ute', goalValueCents: 2_000_000, startPostId: (await ownersPost(w)).id },
    }),
    expect: owned(201, 400, 400),
  },
  {
    route: 'PATCH /api/v1/me/goals/:id',
    request: async (w) => ({ url: `/api/v1/me/goals/${await ownersGoal(w)}`, payload: { showOnProfile: true } }),
    expect: owned(200, 404, 404),
  },
  {
    route: 'GET /api/v1/me/goals/:id/suggestions',
    request: async (w) => ({ url: `/api/v1/me/goals/${await ownersGoal(w)}/suggestions` }),
    expect: owned(200, 404, 404, false),
  },

  // Offers: their two parties
  {
    route: 'POST /api/v1/offers',
    name: 'cash for a stranger’s listing',
    request: async (w) => ({ url: '/api/v1/offers', payload: { postId: (await strangersPost(w)).id, cashKind: 'only', cashCents: 5000 } }),
    expect: member(201),
  },
  {
    route: 'POST /api/v1/offers',
    name: 'offering the owner’s item: only the owner may',
    request: async (w) => ({
      url: '/api/v1/offers',
      payload: { postId: (await strangersPost(w)).id, itemIds: [(await ownersPost(w)).id] },
    }),
    expect: { anonymous: 401, other: 403, owner: 201, admin: 403, banned: 403, pending: 403, docs: 403 },
  },
  { route: 'GET /api/v1/offers', request: () => ({ url: '/api/v1/offers' }), expect: member(200, false) },
  {
    route: 'GET /api/v1/offers/:id',
    request: async (w) => ({ url: `/api/v1/offers/${(await ownersOffer(w)).id}` }),
    expect: owned(200, 404, 200, false),
  },
  {
    route: 'POST /api/v1/offers/:id/transitions',
    request: async (w) => ({ url: `/api/v1/offers/${(await ownersOffer(w)).id}/transitions`, payload: { transition: 'withdraw' } }),
    expect: owned(200, 404, 403),
  },
  {
    route: 'POST /api/v1/offers/:id/review',
    request: async (w) => ({
      url: `/api/v1/offers/${(await ownersOffer(w, 'completed')).id}/review`,
      payload: { stars: 5, text: 'Great swap' },
    }),
    expect: owned(201, 404, 404),
  },

  // Chat: the room's two members
  { route: 'GET /api/v1/rooms', request: () => ({ url: '/api/v1/rooms' }), expect: member(200, false) },
  {
    route: 'POST /api/v1/rooms',
    request: async (w) => ({ url: '/api/v1/rooms', payload: { userId: (await createUser(w.t.db)).id } }),
    expect: member(201),
  },
  {
    route: 'GET /api/v1/rooms/:id',
    request: async (w) => ({ url: `/api/v1/rooms/${await ownersRoom(w)}` }),
    expect: owned(200, 403, 403, false),
  },
  {
    route: 'GET /api/v1/rooms/:id/messages',
    request: async (w) => ({ url: `/api/v1/rooms/${await ownersRoom(w)}/messages` }),
    expect: owned(200, 403, 403, false),
  },
  {
    route: 'POST /api/v1/rooms/:id/messages',
    request: async (w) => ({ url: `/api/v1/rooms/${await ownersRoom(w)}/messages`, payload: { body: 'Hello!' } }),
    expect: owned(201, 403, 403),
  },
  {
    route: 'POST /api/v1/rooms/:id/seen',
    request: async (w) => ({ url: `/api/v1/rooms/${await ownersRoom(w)}/seen` }),
    expect: owned(204, 403, 403),
  },
  {
    route: 'POST /api/v1/rooms/:id/block',
    request: async (w) => ({ url: `/api/v1/rooms/${await ownersRoom(w)}/block` }),
    expect: owned(204, 403, 403),
  },
  {
    route: 'DELETE /api/v1/rooms/:id/block',
    request: async (w) => ({ url: `/api/v1/rooms/${await ownersRoom(w)}/block` }),
    expect: owned(204, 403, 403),
  },
  {
    route: 'POST /api/v1/rooms/:id/report',
    request: async (w) => ({ url: `/api/v1/rooms/${await ownersRoom(w)}/report`, payload: { reason: 'Rude' } }),
    expect: owned(202, 403, 403),
  },

  // Support: every account, banned ones included; the team side is admins only
  { route: 'GET /api/v1/support/messages', request: () => ({ url: '/api/v1/support/messages' }), expect: account(200) },
  {
    route: 'POST /api/v1/support/messages',
    request: () => ({ url: '/api/v1/support/messages', payload: { body: 'Help, please' } }),
    expect: account(201),
  },
  { route: 'GET /api/v1/admin/support', request: () => ({ url: '/api/v1/admin/support' }), expect: adminOnly(200) },
  {
    route: 'GET /api/v1/admin/support/:userId/messages',
    request: (w) => ({ url: `/api/v1/admin/support/${w.actors.owner.id}/messages` }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/v1/admin/support/:userId/messages',
    request: (w) => ({ url: `/api/v1/admin/support/${w.actors.owner.id}/messages`, payload: { body: 'We are on it.' } }),
    expect: adminOnly(201),
  },
  {
    route: 'PUT /api/v1/admin/users/:id/ban',
    request: async (w) => ({
      url: `/api/v1/admin/users/${(await createUser(w.t.db)).id}/ban`,
      payload: { banned: true, reason: 'Spam listings' },
    }),
    expect: adminOnly(200),
  },
  { route: 'GET /api/v1/admin/mail', request: () => ({ url: '/api/v1/admin/mail' }), expect: adminOnly(200) },
  { route: 'GET /api/v1/admin/mail/:id', request: () => ({ url: '/api/v1/admin/mail/no-such-mail' }), expect: adminOnly(404) },
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
