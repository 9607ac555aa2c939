import { eq } from 'drizzle-orm';
import { goals, offers, rooms, savedSearches, users } from '../db/schema/index';
import { bookTokens } from '../modules/tokens/tokens.service';
import { newId } from '../lib/ids';
import { signAccessToken } from '../lib/tokens';
import type { TestApp } from './app';
import { addImage, createBlogPost, createPost, createUser } from './factories';

/**
 * The world the API fuzzing (fuzz.ts) runs in: a member, an admin and one of each thing a path can
 * name, and how a request's path parameters and body ids are made real.
 */

export interface FuzzWorld {
  member: { id: string; headers: Record<string, string> };
  admin: { id: string; headers: Record<string, string> };
  /** Real ids for path parameters, by route prefix and parameter name. */
  ids: Record<string, string>;
}

/** A member, an admin and one of each thing a path can name. */
export async function createFuzzWorld(t: TestApp): Promise<FuzzWorld> {
  const now = t.clock.now();
  const person = async (role: 'user' | 'admin') => {
    const u = await createUser(t.db, { role, termsAcceptedAt: now, privacyAcceptedAt: now });
    return { id: u.id, headers: { authorization: `Bearer ${await signAccessToken(t.config.jwtSecret, u.id, now, u.tokenVersion)}` } };
  };
  const member = await person('user');
  const admin = await person('admin');
  const post = await createPost(t.db, {
    ownerId: member.id,
    publishedAt: new Date(now.getTime() - 3 * 86_400_000),
    openToSelling: true,
    now,
  });
  const theirs = await createPost(t.db, { publishedAt: new Date(now.getTime() - 3 * 86_400_000), openToSelling: true, now });
  const image = await addImage(t.db, post.id);
  const blog = await createBlogPost(t.db);
  const offerId = newId();
  await t.db.insert(offers).values({
    id: offerId,
    postId: theirs.id,
    offererId: member.id,
    ownerId: theirs.ownerId,
    proposedBy: 'offerer',
    state: 'pending',
    cashKind: 'only',
    cashCents: 1000,
    expiresAt: new Date(now.getTime() + 7 * 86_400_000),
    createdAt: now,
    updatedAt: now,
  });
  const [a, b] = [member.id, theirs.ownerId].sort() as [string, string];
  const roomId = newId();
  await t.db.insert(rooms).values({ id: roomId, userA: a, userB: b, createdAt: now });
  // A goal to name, and tokens to spend (a Boost, today's extra swipes), so those routes can succeed too.
  const goalId = newId();
  await t.db.insert(goals).values({
    id: goalId,
    userId: member.id,
    name: 'Trade up',
    goalItem: 'A road bike',
    goalValueCents: 100_000,
    startPostId: post.id,
    currentPostId: post.id,
    createdAt: now,
  });
  await t.db.transaction((tx) => bookTokens(tx, { userId: member.id, delta: 200, reason: 'purchase', sourceId: newId(), now }));
  const savedId = newId();
  await t.db.insert(savedSearches).values({ id: savedId, userId: member.id, name: 'Lamps', filters: { q: 'lamp' }, createdAt: now });
  return {
    member,
    admin,
    ids: {
      post: post.id,
      theirs: theirs.id,
      image: image.id,
      offer: offerId,
      room: roomId,
      user: theirs.ownerId,
      blog: blog.id,
      urlTitle: blog.urlTitle,
      saved: savedId,
      goal: goalId,
    },
  };
}

/** Signs fresh access tokens for the world's member and admin (at their current token version). */
export async function renewTokens(t: TestApp, w: FuzzWorld) {
  const now = t.clock.now();
  for (const who of [w.member, w.admin]) {
    await t.db.update(users).set({ banned: false, deletedAt: null }).where(eq(users.id, who.id));
    // Written past the services, so the viewer cache is told here, as a service would.
    t.app.ctx.viewers.forget([who.id]);
    const [u] = await t.db.select().from(users).where(eq(users.id, who.id));
    who.headers = { authorization: `Bearer ${await signAccessToken(t.config.jwtSecret, who.id, now, u!.tokenVersion)}` };
  }
}

/** A real id for a path parameter of this route. */
export function realParam(url: string, name: string, w: FuzzWorld): string {
  if (name === 'imageId') return w.ids.image!;
  if (name === 'urlTitle') return w.ids.urlTitle!;
  if (name === 'provider') return 'google';
  if (name === 'counterId') return w.ids.theirs!;
  if (name === 'userId') return w.ids.user!;
  if (url.includes('/offers/')) return w.ids.offer!;
  // The fair-swap meter of a draft offer: on someone else's listing (on one's own it is refused before any reading).
  if (url.endsWith('/fairness')) return w.ids.theirs!;
  if (url.includes('/rooms/')) return w.ids.room!;
  if (url.includes('/users/')) return w.ids.user!;
  if (url.includes('/blog/')) return w.ids.blog!;
  if (url.includes('/saved-searches/')) return w.ids.saved!;
  if (url.includes('/goals/')) return w.ids.goal!;
  return w.ids.post!;
}

/**
 * A body the schema allows with its item ids made real: the member's own listing where the body
 * names the item one starts from, someone else's where it names the item acted on. Without them
 * a route that needs two real listings (a swipe, a goal, an offer) never gets past its 404s.
 */
const REAL_ID_FIELDS: Record<string, (w: FuzzWorld) => string> = {
  fromPostId: (w) => w.ids.post!,
  startPostId: (w) => w.ids.post!,
  postId: (w) => w.ids.theirs!,
};
export function withRealIds(body: unknown, w: FuzzWorld): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [field, id] of Object.entries(REAL_ID_FIELDS)) if (typeof out[field] === 'string') out[field] = id(w);
  return out;
}
