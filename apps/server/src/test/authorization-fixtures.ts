import { offers } from '../db/schema/index';
import { newId } from '../lib/ids';
import type { TestApp } from './app';
import { createPost, createUser } from './factories';
import { multipartFile } from './multipart';

/** The authorization matrix's actors, expectation shorthands and fixtures (see authorization-matrix.ts). */

/** `docs`: a member an admin gave the docs role (the documentation area, and otherwise a plain member). */
export const ACTORS = ['anonymous', 'other', 'owner', 'admin', 'banned', 'pending', 'docs'] as const;
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

// Expectation shorthands -------------------------------------------------------------------------

/** Anyone, signed in or not, banned or not. */
export const anyone = (status: number): Expect => ({
  anonymous: status,
  other: status,
  owner: status,
  admin: status,
  banned: status,
  pending: status,
  docs: status,
});
/** A signed-in member that is not banned; writes also need accepted terms. */
export const member = (status: number, write = true): Expect => ({
  anonymous: 401,
  other: status,
  owner: status,
  admin: status,
  banned: 403,
  pending: write ? 403 : status,
  docs: status,
});
/** Any signed-in account, banned ones included (their own account, support). */
export const account = (status: number): Expect => ({
  anonymous: 401,
  other: status,
  owner: status,
  admin: status,
  banned: status,
  pending: status,
  docs: status,
});
/** The owner (and an admin) of what the route is about; another member gets `others`. */
export const owned = (status: number, others: number, admin = status, write = true): Expect => ({
  anonymous: 401,
  other: others,
  owner: status,
  admin,
  banned: 403,
  pending: write ? 403 : others,
  docs: others,
});
/** Admins only. */
export const adminOnly = (status: number): Expect => ({
  anonymous: 401,
  other: 403,
  owner: 403,
  admin: status,
  banned: 403,
  pending: 403,
  docs: 403,
});
/** The documentation area: admins and the docs role. */
export const docsReaders = (status: number): Expect => ({ ...adminOnly(status), docs: status });

// Fixtures -----------------------------------------------------------------------------------------

export const DAY = 86_400_000;
export const old = (w: World) => new Date(w.t.clock.now().getTime() - 3 * DAY);

/** A listing of the owner that everyone may see (listed days ago). */
export const ownersPost = (w: World, extra: Parameters<typeof createPost>[1] = {}) =>
  createPost(w.t.db, { ownerId: w.actors.owner.id!, publishedAt: old(w), openToSelling: true, now: w.t.clock.now(), ...extra });

/** A listing of someone outside the cast, listed days ago. */
export const strangersPost = async (w: World) => createPost(w.t.db, { publishedAt: old(w), openToSelling: true, now: w.t.clock.now() });

/** An offer by the owner (offerer) on a stranger's listing, in `state`. */
export async function ownersOffer(w: World, state = 'pending') {
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
export async function ownersRoom(w: World) {
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

export const listing = {
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

export const upload = (w: World) => multipartFile('file', 'photo.jpg', w.jpeg, 'image/jpeg');

/** The photo of a fresh owner listing (its row id). */
export async function ownersPhoto(w: World) {
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
