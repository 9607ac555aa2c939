import { eq } from 'drizzle-orm';
import { savedSearches, swapChainMembers, swapChains } from '../db/schema/index';
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
import { DELIVERY_CASES, MONEY_CASES } from './authorization-cases-money';

/** My account, swap chains, goals, offers, chat and support; with money and deliveries (authorization-cases-money.ts). */

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

/** A goal of the owner's, set through the API from a fresh listing of theirs. */
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
  ...MONEY_CASES,
  // My account
  { route: 'GET /api/v1/me', request: () => ({ url: '/api/v1/me' }), expect: account(200) },
  { route: 'PATCH /api/v1/me', request: () => ({ url: '/api/v1/me', payload: { bio: 'Swapping since 2026.' } }), expect: member(200) },
  { route: 'DELETE /api/v1/me', request: () => ({ url: '/api/v1/me', payload: { password: 'not-the-password' } }), expect: account(400) },
  { route: 'GET /api/v1/me/posts', request: () => ({ url: '/api/v1/me/posts' }), expect: member(200, false) },
  { route: 'GET /api/v1/me/favorites', request: () => ({ url: '/api/v1/me/favorites' }), expect: member(200, false) },
  { route: 'GET /api/v1/me/points', request: () => ({ url: '/api/v1/me/points' }), expect: member(200, false) },
  { route: 'GET /api/v1/me/reliability', request: () => ({ url: '/api/v1/me/reliability' }), expect: member(200, false) },
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
  // The fair-swap meter: an offer's for its two parties (not admins: it speaks for a side); a draft's for who would offer.
  {
    route: 'GET /api/v1/offers/:id/fairness',
    request: async (w) => ({ url: `/api/v1/offers/${(await ownersOffer(w)).id}/fairness` }),
    expect: owned(200, 404, 404, false),
  },
  {
    route: 'GET /api/v1/posts/:id/fairness',
    name: 'cash for a stranger’s listing',
    request: async (w) => ({ url: `/api/v1/posts/${(await strangersPost(w)).id}/fairness?cashKind=only&cashCents=5000` }),
    expect: member(200, false),
  },
  {
    route: 'GET /api/v1/posts/:id/fairness',
    name: 'the owner’s items: only the owner may',
    request: async (w) => ({ url: `/api/v1/posts/${(await strangersPost(w)).id}/fairness?items=${(await ownersPost(w)).id}` }),
    expect: { anonymous: 401, other: 403, owner: 200, admin: 403, banned: 403, pending: 403, docs: 403 },
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
  ...DELIVERY_CASES,
];
