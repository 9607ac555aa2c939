import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Deck, SwipeResult } from '@swapu/shared/engagement';
import { mailOutbox, postLikes, posts, swipeCounts, swipeDecks, swipes } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { addSubscription, createPost } from '../../test/factories';
import { bookTokens } from '../tokens/tokens.service';
import { newId } from '../../lib/ids';
import { rowsOf } from '../../lib/sql-rows';
import { DECK_TTL_MS, valueBuckets } from './deck.service';

let t: TestApp;
// 10:00 in Sydney (UTC+11) on Friday 20 November.
const NOW = new Date('2026-11-19T23:00:00.000Z');
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

const old = () => new Date(t.clock.now().getTime() - 3 * DAY);
const itemOf = (m: { id: string }, extra: Parameters<typeof createPost>[1] = {}) =>
  createPost(t.db, { ownerId: m.id, publishedAt: old(), now: t.clock.now(), ...extra });
const deck = async (m: TestMember, postId: string) => {
  const res = await t.app.inject({ url: `/api/v1/swipe/deck/${postId}`, headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Deck>();
};
const swipe = (m: TestMember, fromPostId: string, postId: string, direction: 'left' | 'right') =>
  t.app.inject({ method: 'POST', url: '/api/v1/swipes', headers: m.headers, payload: { fromPostId, postId, direction } });
const undo = (m: TestMember) => t.app.inject({ method: 'POST', url: '/api/v1/swipes/undo', headers: m.headers });

/** A member with a published road bike that wishes for camping gear, in Fitzroy. */
async function swiper() {
  const m = await signUpMember(t.app);
  const item = await itemOf(m, {
    title: 'Road bike',
    categories: ['bicycles'],
    wishCategories: ['camping-and-fishing'],
    wishKeywords: ['tent'],
  });
  return { m, item };
}

/** Another member's items, far from everything else, that no ranking rule favours. */
async function others(n: number, extra: Parameters<typeof createPost>[1] = {}) {
  const owner = await signUpMember(t.app);
  const items = [];
  for (let i = 0; i < n; i++)
    items.push(
      await itemOf(owner, {
        title: `Filler item ${i}`,
        categories: ['antiques'],
        wishCategories: ['antiques'],
        wishKeywords: [],
        keywords: [],
        cashValueCents: 999_900,
        lat: -31.95,
        lng: 115.86,
        ...extra,
      }),
    );
  return { owner, items };
}

describe('the deck', () => {
  it('ranks a swap both people asked for first, says why, and never deals my own, liked, passed or early-access items', async () => {
    const { m, item } = await swiper();
    const camper = await signUpMember(t.app);
    // Wants bicycles and is a tent: both wishes met.
    const tent = await itemOf(camper, {
      title: 'Two-person tent',
      categories: ['camping-and-fishing'],
      wishCategories: ['bicycles'],
      keywords: ['tent'],
    });
    // Only my wish met, far away and pricier.
    const rod = await itemOf(camper, {
      title: 'Fishing rod',
      categories: ['camping-and-fishing'],
      wishCategories: ['antiques'],
      cashValueCents: 200_000,
      lat: -33.87,
      lng: 151.21,
    });
    const mineToo = await itemOf(m, { title: 'My other thing', categories: ['camping-and-fishing'] });
    const liked = await itemOf(camper, { title: 'Liked stove', categories: ['camping-and-fishing'] });
    await t.app.inject({ method: 'PUT', url: `/api/v1/posts/${liked.id}/like`, headers: m.headers });
    const passed = await itemOf(camper, { title: 'Passed lantern', categories: ['camping-and-fishing'] });
    expect((await swipe(m, item.id, passed.id, 'left')).statusCode).toBe(200);
    const early = await itemOf(camper, { title: 'Brand-new swag', categories: ['camping-and-fishing'], publishedAt: t.clock.now() });

    const d = await deck(m, item.id);
    const ids = d.items.map((c) => c.id);
    expect(ids.slice(0, 2)).toEqual([tent.id, rod.id]);
    for (const hidden of [item.id, mineToo.id, liked.id, passed.id, early.id]) expect(ids).not.toContain(hidden);
    const top = d.items[0]!;
    expect(top.reasons).toEqual([
      { kind: 'wants_yours', category: 'bicycles' },
      { kind: 'wish', category: 'camping-and-fishing' },
      { kind: 'near', km: 1 },
      { kind: 'similar_value' },
      { kind: 'fresh' },
    ]);
    expect(top.ownerName).toBeTruthy();
    expect(d.post.id).toBe(item.id);
    expect(d.allowance).toMatchObject({ used: 0, limit: 25, extra: 0, subscriber: false });
    expect(d.canUndo).toBe(true);

    // A subscriber sees the early-access item at once.
    const sub = await signUpMember(t.app);
    await addSubscription(t.db, sub.id);
    const subItem = await itemOf(sub, { categories: ['bicycles'], wishCategories: ['camping-and-fishing'] });
    expect((await deck(sub, subItem.id)).items.map((c) => c.id)).toContain(early.id);
  });

  it('is only for my own published item', async () => {
    const { m, item } = await swiper();
    const other = await signUpMember(t.app);
    const res = await t.app.inject({ url: `/api/v1/swipe/deck/${item.id}`, headers: other.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('swipe_own_post');
    const draft = await itemOf(m, { state: 'draft', publishedAt: null });
    expect((await t.app.inject({ url: `/api/v1/swipe/deck/${draft.id}`, headers: m.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/swipe/deck/nope', headers: m.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/swipe/deck/${item.id}` })).statusCode).toBe(401);
  });

  it('puts an assisted item first among equal scores, never above a better match', async () => {
    const { m, item } = await swiper();
    const { items } = await others(2);
    const better = await itemOf(await signUpMember(t.app), {
      title: 'A tent',
      categories: ['camping-and-fishing'],
      lat: -31.95,
      lng: 115.86,
      cashValueCents: 999_900,
      wishCategories: [],
    });
    await t.db
      .update(posts)
      .set({ swapAssistUntil: new Date(NOW.getTime() + 30 * DAY) })
      .where(eq(posts.id, items[0]!.id));
    const ids = (await deck(m, item.id)).items.map((c) => c.id);
    expect(ids.indexOf(better.id)).toBeLessThan(ids.indexOf(items[0]!.id));
    expect(ids.indexOf(items[0]!.id)).toBeLessThan(ids.indexOf(items[1]!.id));
  });

  it('passes hide a card for 30 days; asking again deals the next cards', async () => {
    const { m, item } = await swiper();
    const { items } = await others(3);
    for (const p of items) expect((await swipe(m, item.id, p.id, 'left')).statusCode).toBe(200);
    const dealt = async () => (await deck(m, item.id)).items.map((c) => c.id);
    expect(await dealt()).not.toContain(items[0]!.id);
    // 29 days later it is still passed; 31 days later it is dealt again.
    const passedAgo = (days: number) =>
      t.db
        .update(swipes)
        .set({ createdAt: new Date(NOW.getTime() - days * DAY) })
        .where(and(eq(swipes.userId, m.id), eq(swipes.postId, items[0]!.id)));
    await passedAgo(29);
    expect(await dealt()).not.toContain(items[0]!.id);
    await passedAgo(31);
    expect(await dealt()).toContain(items[0]!.id);
  });

  it('ranks a deck once and deals its next cards from it, until the item changes or DECK_TTL_MS passes', async () => {
    const { m, item } = await swiper();
    await others(45);
    const kept = async () =>
      (
        await t.db
          .select()
          .from(swipeDecks)
          .where(and(eq(swipeDecks.userId, m.id), eq(swipeDecks.fromPostId, item.id)))
      )[0];
    const first = (await deck(m, item.id)).items.map((c) => c.id);
    expect(first).toHaveLength(20);
    const ranked = await kept();
    expect(ranked!.postIds.slice(0, 20)).toEqual(first);
    expect(ranked!.postIds.length).toBeGreaterThanOrEqual(40);

    // A better match published now waits for the deck to be ranked again; asking again deals the same cards.
    const tentFor = async (title: string) =>
      itemOf(await signUpMember(t.app), { title, categories: ['camping-and-fishing'], wishCategories: ['bicycles'], keywords: ['tent'] });
    const tent = await tentFor('Tent wanting a bike');
    expect((await deck(m, item.id)).items.map((c) => c.id)).toEqual(first);
    expect((await kept())!.builtAt).toEqual(ranked!.builtAt);

    // What was passed, liked elsewhere or taken off sale since leaves the deck at once.
    expect((await swipe(m, item.id, first[0]!, 'left')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/posts/${first[1]}/like`, headers: m.headers })).statusCode).toBe(200);
    await t.db.update(posts).set({ state: 'archived' }).where(eq(posts.id, first[2]!));
    const next = (await deck(m, item.id)).items.map((c) => c.id);
    expect(next.slice(0, 17)).toEqual(first.slice(3));
    expect(next).toHaveLength(20);
    expect(next).not.toContain(tent.id);

    // Editing my item ranks the deck again: the tent comes first.
    await t.db.update(posts).set({ updatedAt: t.clock.now() }).where(eq(posts.id, item.id));
    t.clock.advance(1000);
    expect((await deck(m, item.id)).items[0]!.id).toBe(tent.id);

    // So does time: another tent is dealt once DECK_TTL_MS has passed.
    const tent2 = await tentFor('Another tent wanting a bike');
    expect((await deck(m, item.id)).items.map((c) => c.id)).not.toContain(tent2.id);
    t.clock.advance(DECK_TTL_MS + 1000);
    try {
      expect((await deck(m, item.id)).items.slice(0, 2).map((c) => c.id)).toEqual(expect.arrayContaining([tent.id, tent2.id]));
    } finally {
      t.clock.set(NOW);
    }
  });

  it('shows guests a sample deck and a shareable pairing with its reasons', async () => {
    const { item } = await swiper();
    const tent = await itemOf(await signUpMember(t.app), {
      title: 'Tent for a bike',
      categories: ['camping-and-fishing'],
      wishCategories: ['bicycles'],
    });
    const sample = await t.app.inject({ url: '/api/v1/swipe/sample' });
    expect(sample.statusCode).toBe(200);
    const pair = await t.app.inject({ url: `/api/v1/swipe/pairing/${item.id}/${tent.id}` });
    expect(pair.statusCode).toBe(200);
    expect(pair.json().post.id).toBe(item.id);
    expect(pair.json().counter.reasons.map((r: { kind: string }) => r.kind)).toEqual([
      'wants_yours',
      'wish',
      'near',
      'similar_value',
      'fresh',
    ]);
    const early = await itemOf(await signUpMember(t.app), { publishedAt: t.clock.now() });
    expect((await t.app.inject({ url: `/api/v1/swipe/pairing/${item.id}/${early.id}` })).statusCode).toBe(404);
  });
});

describe('swiping', () => {
  it('likes on a right swipe; the 25th is allowed, the 26th refused with the spec message and nothing changed', async () => {
    const { m, item } = await swiper();
    const { items } = await others(27);
    for (let i = 0; i < 25; i++) {
      const res = await swipe(m, item.id, items[i]!.id, 'right');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<SwipeResult>().allowance).toMatchObject({ used: i + 1, limit: 25 });
    }
    const refused = await swipe(m, item.id, items[25]!.id, 'right');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'swipe_limit', message: 'You have reached your swipe limit for today' });
    expect(
      await t.db
        .select()
        .from(postLikes)
        .where(and(eq(postLikes.likedById, m.id), eq(postLikes.postId, items[25]!.id))),
    ).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(swipes)
        .where(and(eq(swipes.userId, m.id), eq(swipes.postId, items[25]!.id))),
    ).toHaveLength(0);
    // Left swipes are never limited.
    expect((await swipe(m, item.id, items[26]!.id, 'left')).statusCode).toBe(200);

    // 1 token: 10 more today.
    await t.db.transaction((tx) => bookTokens(tx, { userId: m.id, delta: 1, reason: 'purchase', sourceId: newId(), now: t.clock.now() }));
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/me/extra-swipes', headers: m.headers })).statusCode).toBe(200);
    const more = await swipe(m, item.id, items[25]!.id, 'right');
    expect(more.statusCode).toBe(200);
    expect(more.json<SwipeResult>().allowance).toMatchObject({ used: 26, limit: 35, extra: 10 });
  });

  it('resets at midnight in Sydney, not in UTC', async () => {
    try {
      // 23:30 in Sydney on the 20th (12:30 UTC): 25 swipes.
      t.clock.set('2026-11-20T12:30:00.000Z');
      const { m, item } = await swiper();
      const { items } = await others(27);
      for (let i = 0; i < 25; i++) expect((await swipe(m, item.id, items[i]!.id, 'right')).statusCode).toBe(200);
      expect((await swipe(m, item.id, items[25]!.id, 'right')).statusCode).toBe(409);
      // 00:10 in Sydney on the 21st, still the 20th in UTC: a new day.
      t.clock.set('2026-11-20T13:10:00.000Z');
      const res = await swipe(m, item.id, items[25]!.id, 'right');
      expect(res.statusCode).toBe(200);
      expect(res.json<SwipeResult>().allowance).toMatchObject({ day: '2026-11-21', used: 1 });
    } finally {
      t.clock.set(NOW);
    }
  });

  it('lets a subscriber swipe right without a limit', async () => {
    const m = await signUpMember(t.app);
    await addSubscription(t.db, m.id);
    const item = await itemOf(m);
    const { items } = await others(27);
    for (const p of items) expect((await swipe(m, item.id, p.id, 'right')).statusCode).toBe(200);
    const allowance = await t.app.inject({ url: '/api/v1/me/swipe-allowance', headers: m.headers });
    expect(allowance.json()).toMatchObject({ used: 27, limit: null, subscriber: true });
  });

  it('never passes the limit under 50 concurrent right swipes', async () => {
    const { m, item } = await swiper();
    const { items } = await others(50);
    // 20 used already: 5 left.
    for (let i = 0; i < 20; i++) expect((await swipe(m, item.id, items[i]!.id, 'right')).statusCode).toBe(200);
    const { items: more } = await others(50);
    const results = await Promise.all(more.map((p) => swipe(m, item.id, p.id, 'right')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(45);
    const [count] = await t.db.select().from(swipeCounts).where(eq(swipeCounts.userId, m.id));
    expect(count!.rights).toBe(25);
    expect(await t.db.select().from(postLikes).where(eq(postLikes.likedById, m.id))).toHaveLength(25);
  });

  it('a mutual like from the deck mails both people', async () => {
    const { m, item } = await swiper();
    const other = await signUpMember(t.app);
    const theirs = await itemOf(other, { title: 'Camping chair' });
    await t.app.inject({ method: 'PUT', url: `/api/v1/posts/${item.id}/like`, headers: other.headers });
    const res = await swipe(m, item.id, theirs.id, 'right');
    expect(res.json<SwipeResult>().matched).toBe(true);
    for (const email of [m.email, other.email])
      expect(
        await t.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'match'))),
      ).toHaveLength(1);
  });

  it('two members swiping right on each other at the same moment match once, and an undo racing a swipe never deadlocks', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await swiper();
      const b = await swiper();
      const [ra, rb] = await Promise.all([swipe(a.m, a.item.id, b.item.id, 'right'), swipe(b.m, b.item.id, a.item.id, 'right')]);
      expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
      // Whichever came second saw the first one's like.
      expect([ra.json<SwipeResult>().matched, rb.json<SwipeResult>().matched]).toContain(true);
      for (const email of [a.m.email, b.m.email])
        expect(
          await t.db
            .select()
            .from(mailOutbox)
            .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'match'))),
        ).toHaveLength(1);
      // Undo of that like, side by side with another right swipe of the same card: both answer.
      const [u, again] = await Promise.all([undo(a.m), swipe(a.m, a.item.id, b.item.id, 'right')]);
      expect(u.statusCode, u.body).toBe(200);
      expect(again.statusCode, again.body).toBe(200);
    }
  });

  it('refuses swiping from an item that is not mine, my own items, and unknown ones', async () => {
    const { m, item } = await swiper();
    const { items } = await others(1);
    const stranger = await signUpMember(t.app);
    expect((await swipe(stranger, item.id, items[0]!.id, 'right')).statusCode).toBe(403);
    expect((await swipe(stranger, item.id, items[0]!.id, 'left')).statusCode).toBe(403);
    expect((await swipe(m, 'nope', items[0]!.id, 'right')).statusCode).toBe(404);
    expect((await swipe(m, 'nope', items[0]!.id, 'left')).statusCode).toBe(404);
    const mine = await itemOf(m);
    expect((await swipe(m, item.id, mine.id, 'right')).statusCode).toBe(400);
    expect((await swipe(m, item.id, mine.id, 'left')).statusCode).toBe(404);
    expect((await swipe(m, item.id, 'nope', 'right')).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/swipes',
      headers: m.headers,
      payload: { fromPostId: item.id, postId: items[0]!.id, direction: 'up' },
    });
    expect(bad.statusCode).toBe(400);
    // Nothing was counted for any of these.
    expect(await t.db.select().from(swipeCounts).where(eq(swipeCounts.userId, m.id))).toHaveLength(0);
  });
});

describe('undo', () => {
  it('takes back the latest swipe: a like is unliked and its swipe given back; a pass is forgotten', async () => {
    const { m, item } = await swiper();
    const { items } = await others(2);
    await swipe(m, item.id, items[0]!.id, 'left');
    t.clock.advance(1000);
    await swipe(m, item.id, items[1]!.id, 'right');
    const first = await undo(m);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ postId: items[1]!.id, direction: 'right', allowance: { used: 0 } });
    expect(await t.db.select().from(postLikes).where(eq(postLikes.likedById, m.id))).toHaveLength(0);
    const second = await undo(m);
    expect(second.json()).toMatchObject({ postId: items[0]!.id, direction: 'left' });
    expect(await t.db.select().from(swipes).where(eq(swipes.userId, m.id))).toHaveLength(0);
    const none = await undo(m);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('nothing_to_undo');
    t.clock.set(NOW);
  });

  it('only reaches back half an hour', async () => {
    const { m, item } = await swiper();
    const { items } = await others(1);
    await swipe(m, item.id, items[0]!.id, 'left');
    t.clock.advance(31 * 60_000);
    try {
      expect((await undo(m)).statusCode).toBe(409);
    } finally {
      t.clock.set(NOW);
    }
  });
});

describe('the value buckets of the search vector (migration 0027)', () => {
  it('the buckets asked for a value always hold the bucket PostgreSQL wrote for it, edges included', async () => {
    // Values on and beside every bucket edge up to A$1,000,000, and a spread between them.
    const values = new Set<number>([1, 2, 3]);
    for (let k = 1; Math.pow(1.1, k) < 100_000_000; k++) {
      const edge = Math.pow(1.1, k);
      for (const v of [Math.floor(edge) - 1, Math.floor(edge), Math.ceil(edge), Math.ceil(edge) + 1]) if (v >= 1) values.add(v);
    }
    const list = [...values];
    const written = await rowsOf<{ v: number; b: number }>(
      t.db,
      sql`select v, floor(ln(v::float8) / ln(1.1))::int as b from unnest(${`{${list.join(',')}}`}::int[]) as v`,
    );
    expect(written).toHaveLength(list.length);
    for (const { v, b } of written) expect(valueBuckets(v, v), `value ${v}`).toContain(b);
    // A ±30 % range asks for seven or eight buckets, not the whole price scale.
    expect(valueBuckets(7_000, 13_000).length).toBeLessThanOrEqual(8);
  });
});
