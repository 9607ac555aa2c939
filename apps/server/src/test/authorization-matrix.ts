import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { offers, savedSearches, users } from '../db/schema/index';
import { newId } from '../lib/ids';
import { signAccessToken, signEmailVerification } from '../lib/tokens';
import type { TestApp } from './app';
import { createBlogPost, createPost, createUser } from './factories';
import { multipartFile } from './multipart';

/**
 * The authorization matrix: for every route the app serves, who may call it and what they get.
 * The actors are a guest, another member, the owner or party of what the route is about, an
 * admin, a banned member, and a member whose terms are pending (an account made through the
 * Firebase contract). src/authorization.test.ts runs every case as every actor and fails on any
 * route without a case. Add a route → add its case here.
 */
export const ACTORS = ['anonymous', 'other', 'owner', 'admin', 'banned', 'pending'] as const;
export type ActorName = (typeof ACTORS)[number];
export type Expect = Record<ActorName, number>;

export interface Actor {
  name: ActorName;
  id: string | null;
  email: string | null;
  headers: Record<string, string>;
}

export interface World {
  t: TestApp;
  actors: Record<ActorName, Actor>;
  /** A photo upload body. */
  jpeg: Buffer;
}

export interface Request {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface Case {
  /** `METHOD /path` exactly as the app registers it. */
  route: string;
  /** What makes this case differ from the route's other cases. */
  name?: string;
  /** Builds the request for one actor, on fresh fixtures (actors never share what they change). */
  request: (w: World, as: Actor) => Promise<Request> | Request;
  expect: Expect;
}

/** Routes that cannot be driven by inject(), with the reason and where they are tested instead. */
export const EXEMPT: Record<string, string> = {
  'GET /api/v1/ws': 'a WebSocket upgrade; its authentication (auth message, token version, membership) is tested in chat.test.ts',
  'GET /identity/v1/oauth/:provider/start':
    'redirects to Google/Facebook only when configured; oauth.test.ts drives it against a mock provider',
  'GET /identity/v1/oauth/:provider/callback': 'needs a provider round trip; oauth.test.ts drives it against a mock provider',
  'GET /*': 'the web app shell (served only with a built web app)',
};

// Expectation shorthands -------------------------------------------------------------------------

/** Anyone, signed in or not, banned or not. */
const anyone = (status: number): Expect => ({
  anonymous: status,
  other: status,
  owner: status,
  admin: status,
  banned: status,
  pending: status,
});
/** A signed-in member that is not banned; writes also need accepted terms. */
const member = (status: number, write = true): Expect => ({
  anonymous: 401,
  other: status,
  owner: status,
  admin: status,
  banned: 403,
  pending: write ? 403 : status,
});
/** Any signed-in account, banned ones included (their own account, support). */
const account = (status: number): Expect => ({
  anonymous: 401,
  other: status,
  owner: status,
  admin: status,
  banned: status,
  pending: status,
});
/** The owner (and an admin) of what the route is about; another member gets `others`. */
const owned = (status: number, others: number, admin = status, write = true): Expect => ({
  anonymous: 401,
  other: others,
  owner: status,
  admin,
  banned: 403,
  pending: write ? 403 : others,
});
/** Admins only. */
const adminOnly = (status: number): Expect => ({ anonymous: 401, other: 403, owner: 403, admin: status, banned: 403, pending: 403 });

// Fixtures -----------------------------------------------------------------------------------------

const DAY = 86_400_000;
const old = (w: World) => new Date(w.t.clock.now().getTime() - 3 * DAY);

/** A listing of the owner that everyone may see (listed days ago). */
const ownersPost = (w: World, extra: Parameters<typeof createPost>[1] = {}) =>
  createPost(w.t.db, { ownerId: w.actors.owner.id!, publishedAt: old(w), openToSelling: true, now: w.t.clock.now(), ...extra });

/** A listing of someone outside the cast, listed days ago. */
const strangersPost = async (w: World) => createPost(w.t.db, { publishedAt: old(w), openToSelling: true, now: w.t.clock.now() });

/** An offer by the owner (offerer) on a stranger's listing, in `state`. */
async function ownersOffer(w: World, state = 'pending') {
  const target = await strangersPost(w);
  const now = w.t.clock.now();
  const id = newId();
  await w.t.db.insert(offers).values({
    id,
    postId: target.id,
    offererId: w.actors.owner.id!,
    ownerId: target.ownerId,
    proposedBy: 'offerer',
    state,
    cashKind: 'only',
    cashCents: 5000,
    expiresAt: new Date(now.getTime() + 7 * DAY),
    completedAt: state === 'completed' ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  return { id, target };
}

/** The owner's room with a stranger. */
async function ownersRoom(w: World) {
  const stranger = await createUser(w.t.db);
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/v1/rooms',
    headers: w.actors.owner.headers,
    payload: { userId: stranger.id },
  });
  if (res.statusCode >= 300) throw new Error(`room: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

const listing = {
  title: 'Matrix lamp',
  description: 'A lamp for the authorization matrix.',
  categories: ['garden-and-home'],
  cashValueCents: 2000,
  weightKg: 2,
  lengthCm: 30,
  widthCm: 20,
  heightCm: 40,
  location: { suburb: 'Fitzroy', postcode: '3065' },
  condition: 'used-good',
  deliveryOption: 'sendle',
};

const upload = (w: World) => multipartFile('file', 'photo.jpg', w.jpeg, 'image/jpeg');

/** The photo of a fresh owner listing (its row id). */
async function ownersPhoto(w: World) {
  const p = await ownersPost(w);
  const file = upload(w);
  const res = await w.t.app.inject({
    method: 'POST',
    url: `/api/v1/posts/${p.id}/images`,
    payload: file.payload,
    headers: { ...w.actors.owner.headers, ...file.headers },
  });
  if (res.statusCode !== 201) throw new Error(`photo: ${res.statusCode} ${res.body}`);
  return { post: p, imageId: res.json().images[0].id as string };
}

// The matrix ---------------------------------------------------------------------------------------

export const CASES: Case[] = [
  // Operations and documentation
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: anyone(200) },
  { route: 'GET /api/ready', request: () => ({ url: '/api/ready' }), expect: anyone(200) },
  { route: 'GET /api/docs', request: () => ({ url: '/api/docs' }), expect: anyone(200) },
  { route: 'GET /api/docs/static/index.html', request: () => ({ url: '/api/docs/static/index.html' }), expect: anyone(302) },
  { route: 'GET /api/docs/static/*', request: () => ({ url: '/api/docs/static/swagger-ui.css' }), expect: anyone(200) },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    request: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
    expect: anyone(200),
  },
  { route: 'GET /api/docs/json', request: () => ({ url: '/api/docs/json' }), expect: anyone(200) },
  { route: 'GET /api/docs/yaml', request: () => ({ url: '/api/docs/yaml' }), expect: anyone(200) },

  // Public reads
  {
    route: 'GET /media/*',
    name: 'a listing photo',
    request: async (w) => {
      const { post } = await ownersPhoto(w);
      const detail = await w.t.app.inject({ url: `/api/v1/posts/${post.id}` });
      return { url: detail.json().images[0].url as string };
    },
    expect: anyone(200),
  },
  { route: 'GET /api/v1/posts', request: () => ({ url: '/api/v1/posts' }), expect: anyone(200) },
  {
    route: 'GET /api/v1/posts/:id',
    name: 'a live listing',
    request: async (w) => ({ url: `/api/v1/posts/${(await ownersPost(w)).id}` }),
    expect: anyone(200),
  },
  {
    route: 'GET /api/v1/posts/:id',
    name: 'a draft: its owner and admins only',
    request: async (w) => ({ url: `/api/v1/posts/${(await ownersPost(w, { state: 'draft', publishedAt: null })).id}` }),
    expect: { anonymous: 404, other: 404, owner: 200, admin: 200, banned: 404, pending: 404 },
  },
  { route: 'GET /api/v1/users/:id', request: (w) => ({ url: `/api/v1/users/${w.actors.owner.id}` }), expect: anyone(200) },
  { route: 'GET /api/v1/users/:id/reviews', request: (w) => ({ url: `/api/v1/users/${w.actors.owner.id}/reviews` }), expect: anyone(200) },
  { route: 'GET /api/v1/activity', request: () => ({ url: '/api/v1/activity' }), expect: anyone(200) },
  { route: 'GET /api/v1/search', request: () => ({ url: '/api/v1/search?q=lamp' }), expect: anyone(200) },
  { route: 'GET /api/v1/search/suggest', request: () => ({ url: '/api/v1/search/suggest?q=la' }), expect: anyone(200) },
  { route: 'GET /api/v1/categories', request: () => ({ url: '/api/v1/categories' }), expect: anyone(200) },
  { route: 'GET /api/v1/localities', request: () => ({ url: '/api/v1/localities?q=fitz' }), expect: anyone(200) },
  { route: 'GET /api/v1/blog', request: () => ({ url: '/api/v1/blog' }), expect: anyone(200) },
  {
    route: 'GET /api/v1/blog/:id',
    request: async (w) => ({ url: `/api/v1/blog/${(await createBlogPost(w.t.db)).id}` }),
    expect: anyone(200),
  },
  {
    route: 'GET /api/v1/blog/by-url-title/:urlTitle',
    request: async (w) => ({ url: `/api/v1/blog/by-url-title/${(await createBlogPost(w.t.db)).urlTitle}` }),
    expect: anyone(200),
  },
  { route: 'GET /api/v1/auth/providers', request: () => ({ url: '/api/v1/auth/providers' }), expect: anyone(200) },

  // Listings: writes by their owner (or an admin)
  { route: 'POST /api/v1/posts', request: () => ({ url: '/api/v1/posts', payload: listing }), expect: member(201) },
  {
    route: 'PATCH /api/v1/posts/:id',
    request: async (w) => ({ url: `/api/v1/posts/${(await ownersPost(w)).id}`, payload: { title: 'Renamed lamp' } }),
    expect: owned(200, 403),
  },
  {
    route: 'DELETE /api/v1/posts/:id',
    request: async (w) => ({ url: `/api/v1/posts/${(await ownersPost(w)).id}` }),
    expect: owned(200, 403),
  },
  {
    route: 'POST /api/v1/posts/:id/publish',
    request: async (w) => ({ url: `/api/v1/posts/${(await ownersPost(w, { state: 'archived' })).id}/publish` }),
    expect: owned(200, 403),
  },
  {
    route: 'POST /api/v1/posts/:id/state',
    request: async (w) => ({ url: `/api/v1/posts/${(await ownersPost(w)).id}/state`, payload: { state: 'archived' } }),
    expect: owned(200, 403),
  },
  {
    route: 'POST /api/v1/posts/:id/images',
    request: async (w) => {
      const file = upload(w);
      return { url: `/api/v1/posts/${(await ownersPost(w)).id}/images`, payload: file.payload, headers: file.headers };
    },
    expect: owned(201, 403),
  },
  {
    route: 'PUT /api/v1/posts/:id/images/order',
    request: async (w) => {
      const { post, imageId } = await ownersPhoto(w);
      return { url: `/api/v1/posts/${post.id}/images/order`, payload: { imageIds: [imageId] } };
    },
    expect: owned(200, 403),
  },
  {
    route: 'DELETE /api/v1/posts/:id/images/:imageId',
    request: async (w) => {
      const { post, imageId } = await ownersPhoto(w);
      return { url: `/api/v1/posts/${post.id}/images/${imageId}` };
    },
    expect: owned(200, 403),
  },
  {
    route: 'PUT /api/v1/posts/:id/like',
    request: async (w) => ({ url: `/api/v1/posts/${(await strangersPost(w)).id}/like` }),
    expect: member(200),
  },
  {
    route: 'DELETE /api/v1/posts/:id/like',
    request: async (w) => ({ url: `/api/v1/posts/${(await strangersPost(w)).id}/like` }),
    expect: member(200),
  },
  {
    route: 'POST /api/v1/posts/:id/report',
    request: async (w) => ({ url: `/api/v1/posts/${(await strangersPost(w)).id}/report`, payload: { reason: 'scam' } }),
    expect: member(202),
  },

  // My account
  { route: 'GET /api/v1/me', request: () => ({ url: '/api/v1/me' }), expect: account(200) },
  { route: 'PATCH /api/v1/me', request: () => ({ url: '/api/v1/me', payload: { bio: 'Swapping since 2026.' } }), expect: member(200) },
  { route: 'DELETE /api/v1/me', request: () => ({ url: '/api/v1/me', payload: { password: 'not-the-password' } }), expect: account(400) },
  { route: 'GET /api/v1/me/posts', request: () => ({ url: '/api/v1/me/posts' }), expect: member(200, false) },
  { route: 'GET /api/v1/me/favorites', request: () => ({ url: '/api/v1/me/favorites' }), expect: member(200, false) },
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
    expect: { anonymous: 401, other: 403, owner: 201, admin: 403, banned: 403, pending: 403 },
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
    request: async (w) => ({ url: `/api/v1/admin/users/${(await createUser(w.t.db)).id}/ban`, payload: { banned: true } }),
    expect: adminOnly(200),
  },
  { route: 'GET /api/v1/admin/mail', request: () => ({ url: '/api/v1/admin/mail' }), expect: adminOnly(200) },
  { route: 'GET /api/v1/admin/mail/:id', request: () => ({ url: '/api/v1/admin/mail/no-such-mail' }), expect: adminOnly(404) },

  // Developer pages and test hooks (a loopback test server only; refused in production)
  { route: 'GET /api/v1/dev/mail', request: () => ({ url: '/api/v1/dev/mail' }), expect: anyone(200) },
  { route: 'GET /api/v1/dev/mail/:id', request: () => ({ url: '/api/v1/dev/mail/no-such-mail' }), expect: anyone(404) },
  {
    route: 'POST /api/test/offers/:id/expire',
    request: async (w) => ({ url: `/api/test/offers/${(await ownersOffer(w)).id}/expire` }),
    expect: anyone(204),
  },
  { route: 'POST /api/test/search/alerts', request: () => ({ url: '/api/test/search/alerts', payload: {} }), expect: anyone(200) },
  { route: 'POST /api/test/search/terms', request: () => ({ url: '/api/test/search/terms' }), expect: anyone(200) },
  {
    route: 'POST /api/test/posts/:id/backdate',
    request: async (w) => ({ url: `/api/test/posts/${(await ownersPost(w)).id}/backdate`, payload: { hours: 1 } }),
    expect: anyone(204),
  },

  // Mail links and the newsletter (capabilities in links, not accounts)
  {
    route: 'GET /api/v1/auth/verify-email',
    request: async (w, as) => {
      const who = as.id ?? w.actors.owner.id!;
      const [u] = await w.t.db.select().from(users).where(eq(users.id, who));
      const token = await signEmailVerification(w.t.config.jwtSecret, who, u!.email, w.t.clock.now());
      return { url: `/api/v1/auth/verify-email?token=${encodeURIComponent(token)}` };
    },
    expect: anyone(302),
  },
  {
    route: 'POST /api/v1/auth/password-reset',
    request: () => ({ url: '/api/v1/auth/password-reset', payload: { email: 'nobody@example.com' } }),
    expect: anyone(202),
  },
  {
    route: 'POST /api/v1/auth/password-reset/confirm',
    request: () => ({ url: '/api/v1/auth/password-reset/confirm', payload: { token: 'forged', password: 'secret-1' } }),
    expect: anyone(400),
  },
  {
    route: 'POST /api/v1/email-subscription',
    request: () => ({ url: '/api/v1/email-subscription', payload: { email: `news-${newId()}@example.com`, subscribe: true } }),
    expect: anyone(202),
  },
  {
    route: 'POST /api/v1/email-subscription/confirm',
    request: () => ({ url: '/api/v1/email-subscription/confirm', payload: { token: 'forged' } }),
    expect: anyone(400),
  },
  {
    route: 'GET /api/v1/email-subscription/unsubscribe',
    request: () => ({ url: '/api/v1/email-subscription/unsubscribe?token=forged' }),
    expect: anyone(303),
  },
  {
    route: 'POST /api/v1/email-subscription/unsubscribe',
    request: () => ({ url: '/api/v1/email-subscription/unsubscribe?token=forged' }),
    expect: anyone(404),
  },

  // The identity contract (credentials in the body, not a bearer token)
  {
    route: 'POST /identity/v1/accounts:signUp',
    request: () => ({
      url: '/identity/v1/accounts:signUp',
      payload: { email: `m-${newId()}@example.com`, password: 'secret-1', acceptTerms: true },
    }),
    expect: anyone(200),
  },
  {
    route: 'POST /identity/v1/accounts:signInWithPassword',
    request: () => ({ url: '/identity/v1/accounts:signInWithPassword', payload: { email: 'nobody@example.com', password: 'secret-1' } }),
    expect: anyone(400),
  },
  {
    route: 'POST /identity/v1/accounts:signOut',
    request: () => ({ url: '/identity/v1/accounts:signOut', payload: { refreshToken: 'forged' } }),
    expect: anyone(204),
  },
  {
    route: 'POST /identity/v1/token',
    request: () => ({ url: '/identity/v1/token', payload: { refreshToken: 'forged' } }),
    expect: anyone(400),
  },
  { route: 'POST /identity/v1/token/revoke', request: () => ({ url: '/identity/v1/token/revoke' }), expect: anyone(204) },
  {
    route: 'POST /identity/v1/oauth/complete',
    request: () => ({ url: '/identity/v1/oauth/complete', payload: { code: 'forged', nonce: 'a-nonce-that-is-long-enough-0123' } }),
    expect: anyone(400),
  },
  {
    route: 'POST /identitytoolkit.googleapis.com/v1/accounts:signUp',
    request: () => ({
      url: '/identitytoolkit.googleapis.com/v1/accounts:signUp',
      payload: { email: `f-${newId()}@example.com`, password: 'secret-1' },
    }),
    expect: anyone(200),
  },
  {
    route: 'POST /identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
    request: () => ({
      url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
      payload: { email: 'nobody@example.com', password: 'secret-1' },
    }),
    expect: anyone(400),
  },
  {
    // The ID token in the body is the credential: each actor presents its own (a guest has none).
    route: 'POST /identitytoolkit.googleapis.com/v1/accounts:lookup',
    request: (_w, as) => ({
      url: '/identitytoolkit.googleapis.com/v1/accounts:lookup',
      payload: { idToken: as.headers.authorization?.slice(7) ?? '' },
    }),
    expect: { anonymous: 400, other: 200, owner: 200, admin: 200, banned: 200, pending: 200 },
  },
  {
    route: 'POST /identitytoolkit.googleapis.com/v1/accounts:update',
    request: (_w, as) => ({
      url: '/identitytoolkit.googleapis.com/v1/accounts:update',
      payload: { idToken: as.headers.authorization?.slice(7) ?? '', displayName: 'New Name' },
    }),
    expect: { anonymous: 400, other: 200, owner: 200, admin: 200, banned: 200, pending: 200 },
  },
  {
    route: 'POST /identitytoolkit.googleapis.com/v1/accounts:sendOobCode',
    request: () => ({
      url: '/identitytoolkit.googleapis.com/v1/accounts:sendOobCode',
      payload: { requestType: 'PASSWORD_RESET', email: 'nobody@example.com' },
    }),
    expect: anyone(200),
  },
  {
    route: 'POST /securetoken.googleapis.com/v1/token',
    request: () => ({ url: '/securetoken.googleapis.com/v1/token', payload: { grant_type: 'refresh_token', refresh_token: 'forged' } }),
    expect: anyone(400),
  },
];

/** The cast: fresh accounts with access tokens (no password hashing, so the matrix stays fast). */
export async function createWorld(t: TestApp): Promise<World> {
  const now = t.clock.now();
  const make = async (name: ActorName, overrides: Partial<typeof users.$inferInsert>): Promise<Actor> => {
    if (name === 'anonymous') return { name, id: null, email: null, headers: {} };
    const u = await createUser(t.db, { termsAcceptedAt: now, privacyAcceptedAt: now, ...overrides });
    const token = await signAccessToken(t.config.jwtSecret, u.id, now, u.tokenVersion);
    return { name, id: u.id, email: u.email, headers: { authorization: `Bearer ${token}` } };
  };
  const actors = {
    anonymous: await make('anonymous', {}),
    other: await make('other', {}),
    owner: await make('owner', {}),
    admin: await make('admin', { role: 'admin' }),
    banned: await make('banned', { banned: true }),
    pending: await make('pending', { termsAcceptedAt: null, privacyAcceptedAt: null }),
  };
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f9e5b' } })
    .jpeg()
    .toBuffer();
  return { t, actors, jpeg };
}
