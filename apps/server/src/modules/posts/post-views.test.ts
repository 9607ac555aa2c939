import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts as postsTable, users } from '../../db/schema/index';
import { signAccessToken } from '../../lib/tokens';
import { GUEST, publishedVisibleTo, visiblePublishedCondition, type Viewer } from '../../lib/viewer';
import { createTestApp, type TestApp } from '../../test/app';
import { addSubscription, createPost, createUser } from '../../test/factories';
import { listFeed } from './posts.service';

// The signed-in request path with its caches on (decision 0015): what members see must be exactly
// what a fresh read shows them, and what changes must show at once on this instance.
const NOW = new Date('2026-11-20T00:00:00Z');
const HOUR = 3600_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString(), config: { sharedCacheMs: 60_000, viewerCacheMs: 1000 } });
});
afterAll(async () => {
  await t?.close();
});

const tokenOf = async (userId: string) => {
  const [u] = await t.db.select({ v: users.tokenVersion }).from(users).where(eq(users.id, userId));
  return signAccessToken(t.config.jwtSecret, userId, NOW, u!.v);
};
const get = async (url: string, userId?: string) =>
  t.app.inject({ url, headers: userId ? { authorization: `Bearer ${await tokenOf(userId)}` } : {} });
const ids = (res: { statusCode: number; body: string; json(): { items: { id: string }[] } }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((p) => p.id);
};

describe('shared renderings of the feed', () => {
  it('never shows an early-access item to a guest or a member, whoever asked first, and always to a subscriber', async () => {
    const old = await createPost(t.db, { title: 'Old enough', categories: ['tools'] });
    const early = await createPost(t.db, { title: 'Still early', categories: ['tools'], publishedAt: new Date(NOW.getTime() - 2 * HOUR) });
    const member = await createUser(t.db);
    const subscriber = await createUser(t.db);
    await addSubscription(t.db, subscriber.id);
    // The subscriber's rendering is loaded first; nobody else may be handed it.
    const bySubscriber = await get('/api/v1/posts?category=tools', subscriber.id);
    expect(ids(bySubscriber)).toEqual([early.id, old.id]);
    expect(ids(await get('/api/v1/posts?category=tools'))).toEqual([old.id]);
    expect(ids(await get('/api/v1/posts?category=tools', member.id))).toEqual([old.id]);
    // And the other way round: a guest's rendering never reaches a subscriber.
    expect(ids(await get('/api/v1/posts?category=tools&limit=7'))).toEqual([old.id]);
    expect(ids(await get('/api/v1/posts?category=tools&limit=7', subscriber.id))).toEqual([early.id, old.id]);
  });

  it("puts a member's own early listings first, then the shared feed, page after page exactly as a fresh read does", async () => {
    const owner = await createUser(t.db);
    const others = [];
    for (let i = 0; i < 5; i++) {
      others.push(
        await createPost(t.db, { title: `Lamp ${i}`, categories: ['furniture'], publishedAt: new Date(NOW.getTime() - (30 + i) * HOUR) }),
      );
    }
    const ownOld = await createPost(t.db, {
      ownerId: owner.id,
      categories: ['furniture'],
      publishedAt: new Date(NOW.getTime() - 40 * HOUR),
    });
    const ownEarly = [];
    for (let i = 0; i < 3; i++) {
      ownEarly.push(
        await createPost(t.db, { ownerId: owner.id, categories: ['furniture'], publishedAt: new Date(NOW.getTime() - (i + 1) * HOUR) }),
      );
    }
    // Someone else's early listing: the owner does not see it.
    await createPost(t.db, { categories: ['furniture'], publishedAt: new Date(NOW.getTime() - 3 * HOUR) });
    // Warm the shared rendering as a guest first.
    expect(ids(await get('/api/v1/posts?category=furniture&limit=2'))).toEqual([others[0]!.id, others[1]!.id]);

    const ownerViewer: Viewer = { userId: owner.id, role: 'user', subscriber: false };
    const seen: string[] = [];
    const truth: string[] = [];
    let cursor: string | null = null;
    let truthCursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await get(`/api/v1/posts?category=furniture&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, owner.id);
      expect(res.statusCode).toBe(200);
      seen.push(...ids(res));
      cursor = res.json().nextCursor;
      const fresh = await listFeed(t.db, ownerViewer, NOW, { limit: 2, category: 'furniture', cursor: truthCursor });
      truth.push(...fresh.items.map((p) => p.id));
      truthCursor = fresh.nextCursor ?? undefined;
      if (!cursor) break;
    }
    expect(truthCursor).toBeUndefined();
    expect(seen).toEqual(truth);
    expect(seen.slice(0, 3)).toEqual(ownEarly.map((p) => p.id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain(ownOld.id);
    expect(seen).toHaveLength(9);
  });

  it("shows a member's newly published listing in their feed at once", async () => {
    const owner = await createUser(t.db);
    await createPost(t.db, { categories: ['boats'] });
    expect(ids(await get('/api/v1/posts?category=boats', owner.id))).toHaveLength(1);
    const draft = await createPost(t.db, { ownerId: owner.id, state: 'draft', categories: ['boats'] });
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/${draft.id}/publish`,
      headers: { authorization: `Bearer ${await tokenOf(owner.id)}` },
    });
    expect(published.statusCode).toBe(200);
    const after = await get('/api/v1/posts?category=boats', owner.id);
    expect(ids(after)[0]).toBe(draft.id);
    // Everyone else waits out early access, even with the guests' rendering refreshed.
    expect(ids(await get('/api/v1/posts?category=boats&limit=3'))).not.toContain(draft.id);
  });
});

describe('shared renderings of a post page', () => {
  it('answers a like and an edit at once, with the right count and like for each viewer', async () => {
    const owner = await createUser(t.db);
    const fan = await createUser(t.db);
    const other = await createUser(t.db);
    const post = await createPost(t.db, { ownerId: owner.id });
    expect((await get(`/api/v1/posts/${post.id}`, fan.id)).json()).toMatchObject({ likeCount: 0, likedByMe: false });
    const liked = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/posts/${post.id}/like`,
      headers: { authorization: `Bearer ${await tokenOf(fan.id)}` },
    });
    expect(liked.statusCode).toBe(200);
    expect((await get(`/api/v1/posts/${post.id}`, fan.id)).json()).toMatchObject({ likeCount: 1, likedByMe: true });
    expect((await get(`/api/v1/posts/${post.id}`, other.id)).json()).toMatchObject({ likeCount: 1, likedByMe: false });
    expect((await get(`/api/v1/posts/${post.id}`)).json()).toMatchObject({ likeCount: 1, likedByMe: false });

    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${post.id}`,
      headers: { authorization: `Bearer ${await tokenOf(owner.id)}` },
      payload: { title: 'Giant Talon 2, new tyres' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await get(`/api/v1/posts/${post.id}`, owner.id)).json().title).toBe('Giant Talon 2, new tyres');
    expect((await get(`/api/v1/posts/${post.id}`, fan.id)).json()).toMatchObject({ title: 'Giant Talon 2, new tyres', likedByMe: true });

    const unliked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/posts/${post.id}/like`,
      headers: { authorization: `Bearer ${await tokenOf(fan.id)}` },
    });
    expect(unliked.statusCode).toBe(200);
    expect((await get(`/api/v1/posts/${post.id}`, fan.id)).json()).toMatchObject({ likeCount: 0, likedByMe: false });
  });

  it('shows a listing reserved by an accepted offer at once, to everyone', async () => {
    const ben = await createUser(t.db);
    const ana = await createUser(t.db);
    const other = await createUser(t.db);
    const bike = await createPost(t.db, { ownerId: ben.id, openToSelling: true });
    const tent = await createPost(t.db, { ownerId: ana.id, title: 'Four-person tent' });
    expect((await get(`/api/v1/posts/${bike.id}`, other.id)).json().state).toBe('published');
    expect((await get(`/api/v1/posts/${tent.id}`)).json().state).toBe('published');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/offers',
      headers: { authorization: `Bearer ${await tokenOf(ana.id)}` },
      payload: { postId: bike.id, itemIds: [tent.id], cashKind: 'none', cashCents: 0, message: 'Tent for the bike?', expiryDays: 7 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/offers/${made.json().id}/transitions`,
      headers: { authorization: `Bearer ${await tokenOf(ben.id)}` },
      payload: { transition: 'accept' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await get(`/api/v1/posts/${bike.id}`, other.id)).json().state).toBe('reserved');
    expect((await get(`/api/v1/posts/${tent.id}`)).json().state).toBe('reserved');
  });

  it('keeps drafts to their owner and admins, and early items to subscribers, from the shared rendering', async () => {
    const owner = await createUser(t.db);
    const admin = await createUser(t.db, { role: 'admin' });
    const member = await createUser(t.db);
    const subscriber = await createUser(t.db);
    await addSubscription(t.db, subscriber.id);
    const draft = await createPost(t.db, { ownerId: owner.id, state: 'draft' });
    const early = await createPost(t.db, { ownerId: owner.id, publishedAt: new Date(NOW.getTime() - HOUR) });
    expect((await get(`/api/v1/posts/${draft.id}`, owner.id)).statusCode).toBe(200);
    expect((await get(`/api/v1/posts/${draft.id}`, admin.id)).statusCode).toBe(200);
    expect((await get(`/api/v1/posts/${draft.id}`, member.id)).statusCode).toBe(404);
    expect((await get(`/api/v1/posts/${draft.id}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/posts/${early.id}`, subscriber.id)).statusCode).toBe(200);
    expect((await get(`/api/v1/posts/${early.id}`, owner.id)).statusCode).toBe(200);
    expect((await get(`/api/v1/posts/${early.id}`, member.id)).statusCode).toBe(403);
    expect((await get(`/api/v1/posts/${early.id}`)).statusCode).toBe(403);
  });

  it('tells a guest and a member without a subscription only when an early item opens to everyone, never the item', async () => {
    const owner = await createUser(t.db, { displayName: 'Otto Owner' });
    const member = await createUser(t.db);
    const early = await createPost(t.db, {
      ownerId: owner.id,
      title: 'Brass telescope',
      publishedAt: new Date(NOW.getTime() - 5 * HOUR),
    });
    for (const who of [undefined, member.id]) {
      const res = await get(`/api/v1/posts/${early.id}`, who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: {
          code: 'early_access',
          message: expect.any(String),
          fields: { opensAt: new Date(NOW.getTime() + 19 * HOUR).toISOString() },
        },
      });
      expect(res.body).not.toContain('Brass telescope');
      expect(res.body).not.toContain(owner.id);
    }
    // Drafts and unknown ids stay simply not found: nothing says they exist.
    const draft = await createPost(t.db, { ownerId: owner.id, state: 'draft' });
    expect((await get(`/api/v1/posts/${draft.id}`)).json().error.code).toBe('not_found');
    expect((await get('/api/v1/posts/00000000-0000-4000-8000-000000000000')).json().error.code).toBe('not_found');
  });
});

describe('the remembered account', () => {
  it('takes a ban at once on this instance', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const member = await createUser(t.db);
    const memberToken = await tokenOf(member.id);
    const me = () => t.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${memberToken}` } });
    expect((await me()).statusCode).toBe(200);
    const ban = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${member.id}/ban`,
      headers: { authorization: `Bearer ${await tokenOf(admin.id)}` },
      payload: { banned: true, reason: 'Spam listings' },
    });
    expect(ban.statusCode).toBe(200);
    // The ban ended every session: the old token opens nothing from the very next request.
    expect((await me()).statusCode).toBe(401);
  });

  it('sees a subscription that began elsewhere (another instance, the payment provider) within one second', async () => {
    const member = await createUser(t.db);
    const early = await createPost(t.db, { publishedAt: new Date(NOW.getTime() - HOUR) });
    expect((await get(`/api/v1/posts/${early.id}`, member.id)).statusCode).toBe(403);
    // Written straight to the database: nothing on this instance was told.
    await addSubscription(t.db, member.id);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await get(`/api/v1/posts/${early.id}`, member.id)).statusCode).toBe(200);
  });

  it('sees an account changed elsewhere at once when the hub says so', async () => {
    const member = await createUser(t.db);
    const early = await createPost(t.db, { publishedAt: new Date(NOW.getTime() - HOUR) });
    expect((await get(`/api/v1/posts/${early.id}`, member.id)).statusCode).toBe(403);
    await addSubscription(t.db, member.id);
    // What another instance publishes after the change (lib/viewer-cache.ts accountsChanged).
    await t.app.ctx.hub!.publish({ kind: 'viewer-changed', users: [member.id], origin: 'elsewhere' });
    expect((await get(`/api/v1/posts/${early.id}`, member.id)).statusCode).toBe(200);
  });
});

describe('early access in memory and in SQL', () => {
  it('agree for every kind of viewer and age of listing', async () => {
    const owner = await createUser(t.db);
    const member = await createUser(t.db);
    const viewers: Viewer[] = [
      GUEST,
      { userId: member.id, role: 'user', subscriber: false },
      { userId: owner.id, role: 'user', subscriber: false },
      { userId: member.id, role: 'user', subscriber: true },
      { userId: member.id, role: 'admin', subscriber: false },
    ];
    const ages = [0, 1, 23.99, 24, 24.01, 100].map((h) => new Date(NOW.getTime() - h * HOUR));
    const made = [];
    for (const publishedAt of ages) made.push(await createPost(t.db, { ownerId: owner.id, publishedAt }));
    for (const viewer of viewers) {
      const sqlSees = await t.db.select({ id: postsTable.id }).from(postsTable).where(visiblePublishedCondition(viewer, NOW));
      const inSql = new Set(sqlSees.map((r) => r.id));
      for (const p of made) {
        expect(
          publishedVisibleTo(viewer, { ownerId: p.ownerId, publishedAt: p.publishedAt! }, NOW),
          `${viewer.role} ${p.publishedAt?.toISOString()}`,
        ).toBe(inSql.has(p.id));
      }
    }
  });
});
