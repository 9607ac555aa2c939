import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PostDetail, PostList } from '@swapu/shared/api';
import { createTestApp, type TestApp } from '../../test/app';
import { addImage, addSubscription, createPost, createUser } from '../../test/factories';
import { posts } from '../../db/schema/index';
import { getPost, listFeed } from './posts.service';
import { signAccessToken } from '../../lib/tokens';

const NOW = new Date('2026-11-20T00:00:00.000Z');
const HOUR = 3600_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.execute(sql`truncate ${posts} cascade`);
});

const getFeed = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/posts${query}` });
  return { status: res.statusCode, body: res.json() };
};

describe('GET /api/v1/posts (home feed)', () => {
  it('returns 10 posts by default, newest first, and pages through all of them without gaps or duplicates', async () => {
    const owner = await createUser(t.db);
    const created: Array<Awaited<ReturnType<typeof createPost>>> = [];
    for (let i = 0; i < 23; i++) {
      created.push(
        await createPost(t.db, { ownerId: owner.id, title: `Item ${i}`, publishedAt: new Date(NOW.getTime() - (30 + i) * HOUR) }),
      );
    }
    // Two posts listed at the same instant still page deterministically.
    created.push(await createPost(t.db, { ownerId: owner.id, title: 'Twin', publishedAt: new Date(NOW.getTime() - 30 * HOUR) }));

    const first = await getFeed();
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(10);
    const seen: string[] = [];
    let page: PostList = first.body;
    for (;;) {
      seen.push(...page.items.map((p) => p.id));
      if (!page.nextCursor) break;
      page = (await getFeed(`?cursor=${page.nextCursor}`)).body;
    }
    expect(seen).toHaveLength(24);
    expect(new Set(seen).size).toBe(24);
    const times = seen.map((id) => created.find((c) => c.id === id)!.publishedAt!.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('shows a card with the first image, value, suburb and listing time', async () => {
    const post = await createPost(t.db, { cashValueCents: 12_500 });
    await addImage(t.db, post.id, 1);
    const first = await addImage(t.db, post.id, 0);
    const { body } = await getFeed();
    expect(body.items[0]).toMatchObject({
      id: post.id,
      title: post.title,
      cashValueCents: 12_500,
      suburb: 'Fitzroy',
      auState: 'VIC',
      thumbUrl: `/media/${first.storageKey}/sm.webp`,
      publishedAt: post.publishedAt!.toISOString(),
    });
  });

  it('hides drafts, archived and swapped posts', async () => {
    await createPost(t.db, { state: 'draft' });
    await createPost(t.db, { state: 'archived' });
    await createPost(t.db, { state: 'swapped' });
    const visible = await createPost(t.db);
    const { body } = await getFeed();
    expect(body.items.map((p: { id: string }) => p.id)).toEqual([visible.id]);
  });

  it('hides posts younger than 24 hours from guests (early access)', async () => {
    const old = await createPost(t.db, { publishedAt: new Date(NOW.getTime() - 24 * HOUR) });
    await createPost(t.db, { publishedAt: new Date(NOW.getTime() - 23 * HOUR) });
    const { body } = await getFeed();
    expect(body.items.map((p: { id: string }) => p.id)).toEqual([old.id]);
  });

  it('filters by category and by keyword', async () => {
    const bike = await createPost(t.db, { title: 'Road bike', categories: ['bicycles'] });
    const tent = await createPost(t.db, { title: 'Four person tent', categories: ['camping-and-fishing'], keywords: ['coleman'] });
    expect((await getFeed('?category=camping-and-fishing')).body.items.map((p: { id: string }) => p.id)).toEqual([tent.id]);
    expect((await getFeed('?q=coleman')).body.items.map((p: { id: string }) => p.id)).toEqual([tent.id]);
    expect((await getFeed('?q=road%20BIKE')).body.items.map((p: { id: string }) => p.id)).toEqual([bike.id]);
    expect((await getFeed('?q=100%25')).body.items).toEqual([]);
  });

  it.each([
    ['?limit=abc', 'limit'],
    ['?limit=10000', 'limit'],
    ['?limit=0', 'limit'],
    ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ['?category=spaceships', 'category'],
  ])('rejects %s with 400 and the catalogue error body', async (query, field) => {
    const res = await getFeed(query);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('data_invalid');
    expect(res.body.error.message).toBe('Data invalid');
    expect(Object.keys(res.body.error.fields)).toContain(field);
  });
});

describe('early-access rule in the feed service', () => {
  it('lets subscribers, owners and admins see a post at once, and nobody else', async () => {
    const owner = await createUser(t.db);
    const young = await createPost(t.db, { ownerId: owner.id, publishedAt: new Date(NOW.getTime() - HOUR) });
    const subscriber = await createUser(t.db);
    await addSubscription(t.db, subscriber.id);
    const ids = async (viewer: Parameters<typeof listFeed>[1]) => (await listFeed(t.db, viewer, NOW, { limit: 10 })).items.map((p) => p.id);

    expect(await ids({ userId: null, role: 'guest', subscriber: false })).toEqual([]);
    expect(await ids({ userId: subscriber.id, role: 'user', subscriber: false })).toEqual([]);
    expect(await ids({ userId: subscriber.id, role: 'user', subscriber: true })).toEqual([young.id]);
    expect(await ids({ userId: owner.id, role: 'user', subscriber: false })).toEqual([young.id]);
    expect(await ids({ userId: 'someone', role: 'admin', subscriber: false })).toEqual([young.id]);
  });
});

describe('GET /api/v1/posts/:id', () => {
  it('returns every spec field, the images in order and the owner', async () => {
    const owner = await createUser(t.db, { displayName: 'Mia Tran', suburb: 'Glenelg', auState: 'SA' });
    const post = await createPost(t.db, { ownerId: owner.id, sizePreset: 'carry-on' });
    const a = await addImage(t.db, post.id, 0);
    const b = await addImage(t.db, post.id, 1);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/posts/${post.id}` });
    expect(res.statusCode).toBe(200);
    const body: PostDetail = res.json();
    expect(body).toMatchObject({
      id: post.id,
      state: 'published',
      title: 'Giant Talon mountain bike',
      description: 'Well looked after, new tyres last spring.',
      categories: ['bicycles'],
      keywords: ['bike', 'mtb'],
      wishCategories: ['camping-and-fishing'],
      wishKeywords: ['tent'],
      cashValueCents: 45_000,
      weightKg: 13.5,
      lengthCm: 170,
      widthCm: 60,
      heightCm: 100,
      materials: [
        { material: 'aluminium', percent: 70 },
        { material: 'rubber', percent: 20 },
      ],
      suburb: 'Fitzroy',
      postcode: '3065',
      auState: 'VIC',
      condition: 'used-good',
      openToSelling: true,
      openToSwapAnything: false,
      deliveryOption: 'person-to-person',
      owner: { id: owner.id, displayName: 'Mia Tran', suburb: 'Glenelg', auState: 'SA' },
      publishedAt: post.publishedAt!.toISOString(),
    });
    expect(body.images.map((i) => i.id)).toEqual([a.id, b.id]);
    expect(body.images[0]!.url).toBe(`/media/${a.storageKey}/lg.webp`);
    expect(JSON.stringify(body)).not.toContain('@example.com');
  });

  it('answers 404 with the error body for an unknown id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/posts/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('hides drafts from everyone but the owner, and young posts from guests, saying only when those open', async () => {
    const draft = await createPost(t.db, { state: 'draft' });
    const young = await createPost(t.db, { title: 'Young lamp', publishedAt: new Date(NOW.getTime() - HOUR) });
    expect((await t.app.inject({ url: `/api/v1/posts/${draft.id}` })).statusCode).toBe(404);
    const early = await t.app.inject({ url: `/api/v1/posts/${young.id}`, headers: { 'accept-language': 'pt-PT' } });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({
      error: {
        code: 'early_access',
        message: 'Os subscritores veem os artigos novos primeiro. Este fica visível para todos em breve.',
        fields: { opensAt: new Date(NOW.getTime() + 23 * HOUR).toISOString() },
      },
    });
    const owner = { userId: draft.ownerId, role: 'user' as const, subscriber: false };
    expect((await getPost(t.db, owner, NOW, draft.id)).state).toBe('draft');
    const subscriber = { userId: 'x', role: 'user' as const, subscriber: true };
    expect((await getPost(t.db, subscriber, NOW, young.id)).id).toBe(young.id);
  });

  it('shows a swapped post on its direct link so old links still work', async () => {
    const swapped = await createPost(t.db, { state: 'swapped' });
    const res = await t.app.inject({ url: `/api/v1/posts/${swapped.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('swapped');
  });
});

describe('database constraints', () => {
  it('refuses a published post without the required fields, whatever the code does', async () => {
    await expect(createPost(t.db, { cashValueCents: null })).rejects.toThrow();
    await expect(createPost(t.db, { weightKg: 0 })).rejects.toThrow();
    await expect(createPost(t.db, { categories: [] })).rejects.toThrow();
    await expect(createPost(t.db, { state: 'draft', cashValueCents: null, categories: [] })).resolves.toBeTruthy();
  });
});

describe('shared renderings', () => {
  it('lets guests and members without early access share a feed rendering for the cache time; subscribers have their own', async () => {
    const cachedApp = await createTestApp({ now: NOW.toISOString(), config: { sharedCacheMs: 60_000 } });
    try {
      const first = await createPost(cachedApp.db, { title: 'First' });
      const a = await cachedApp.app.inject({ url: '/api/v1/posts' });
      await createPost(cachedApp.db, { title: 'Second', publishedAt: new Date(NOW.getTime() - 25 * HOUR) });
      const b = await cachedApp.app.inject({ url: '/api/v1/posts' });
      expect(b.headers['content-type']).toContain('application/json');
      expect(b.json()).toEqual(a.json());
      expect(a.json().items.map((p: { id: string }) => p.id)).toEqual([first.id]);
      // A different page (query) is a different entry.
      const c = await cachedApp.app.inject({ url: '/api/v1/posts?limit=5' });
      expect(c.json().items).toHaveLength(2);
      // A member who sees what guests see shares their rendering.
      const member = await createUser(cachedApp.db);
      const memberToken = await signAccessToken(cachedApp.config.jwtSecret, member.id, NOW);
      const signedIn = await cachedApp.app.inject({ url: '/api/v1/posts', headers: { authorization: `Bearer ${memberToken}` } });
      expect(signedIn.json()).toEqual(a.json());
      // A subscriber sees more (early access): never the guests' rendering.
      const subscriber = await createUser(cachedApp.db);
      await addSubscription(cachedApp.db, subscriber.id);
      const subscriberToken = await signAccessToken(cachedApp.config.jwtSecret, subscriber.id, NOW);
      const early = await cachedApp.app.inject({ url: '/api/v1/posts', headers: { authorization: `Bearer ${subscriberToken}` } });
      expect(early.json().items).toHaveLength(2);
    } finally {
      await cachedApp.close();
    }
  });
});

describe('guest micro-cache under concurrency', () => {
  it('answers every concurrent guest, sharing one load, and shares a not-found too', async () => {
    const cachedApp = await createTestApp({ now: NOW.toISOString(), config: { sharedCacheMs: 60_000 } });
    try {
      const post = await createPost(cachedApp.db);
      const many = await Promise.all(Array.from({ length: 12 }, () => cachedApp.app.inject({ url: `/api/v1/posts/${post.id}` })));
      expect(many.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
      expect(new Set(many.map((r) => r.body)).size).toBe(1);
      expect(many[0]!.json().id).toBe(post.id);
      const missing = await Promise.all(Array.from({ length: 5 }, () => cachedApp.app.inject({ url: '/api/v1/posts/nope' })));
      expect(missing.map((r) => r.statusCode)).toEqual(Array(5).fill(404));
    } finally {
      await cachedApp.close();
    }
  });
});
