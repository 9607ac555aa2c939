import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mailOutbox, memberAssist, notifications, postLikes, subscriptions, users } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost } from '../../test/factories';
import { runSearchAlerts } from './saved-searches.service';

let t: TestApp;
const NOW = new Date('2026-11-20T00:00:00.000Z');
const HOUR = 3600_000;
const MIN = 60_000;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

const save = (m: TestMember | undefined, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/me/saved-searches', headers: m?.headers, payload: body as object });
const list = async (m: TestMember) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/me/saved-searches', headers: m.headers })).json().items;
const alerts = (at: Date) => runSearchAlerts({ database: t.database, publicUrl: 'https://swapu.test' }, at);
const notesOf = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'saved_search')));
const mailsTo = (email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'saved_search')));
async function subscribe(m: TestMember) {
  await t.db
    .insert(subscriptions)
    .values({ id: `sub-${m.id}`, userId: m.id, status: 'active', currentPeriodEnd: new Date(NOW.getTime() + 30 * 24 * HOUR) });
}

describe('saved searches', () => {
  it('are saved, listed and deleted by their owner only', async () => {
    const [me, other] = [await signUpMember(t.app), await signUpMember(t.app)];
    const res = await save(me, { name: 'Road bikes', filters: { q: 'road bike', category: ['bicycles'], radiusKm: 25, near: '3065' } });
    expect(res.statusCode).toBe(201);
    const saved = res.json();
    expect(saved).toMatchObject({
      name: 'Road bikes',
      filters: { q: 'road bike', category: ['bicycles'], radiusKm: 25, near: '3065' },
      hits: 0,
    });
    expect(await list(me)).toHaveLength(1);
    expect(await list(other)).toHaveLength(0);
    const theirs = await t.app.inject({ method: 'DELETE', url: `/api/v1/me/saved-searches/${saved.id}`, headers: other.headers });
    expect(theirs.statusCode).toBe(404);
    const mine = await t.app.inject({ method: 'DELETE', url: `/api/v1/me/saved-searches/${saved.id}`, headers: me.headers });
    expect(mine.statusCode).toBe(204);
    expect(await list(me)).toHaveLength(0);
  });

  it('refuses guests, searches with no term or an unknown place, and more than 20', async () => {
    expect((await save(undefined, { name: 'x', filters: { q: 'tent' } })).statusCode).toBe(401);
    const me = await signUpMember(t.app);
    const none = await save(me, { name: 'Nothing', filters: { condition: ['new'] } });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Search needs at least one term');
    const nowhere = await save(me, { name: 'Nowhere', filters: { q: 'tent', near: 'Atlantis 9999', radiusKm: 5 } });
    expect(nowhere.json().error.message).toBe('Please enter valid address');
    const results = await Promise.all(Array.from({ length: 22 }, (_, i) => save(me, { name: `Search ${i}`, filters: { q: `word${i}` } })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(results.filter((r) => r.statusCode === 400).map((r) => r.json().error.code)).toEqual([
      'saved_searches_limit',
      'saved_searches_limit',
    ]);
    expect(await list(me)).toHaveLength(20);
  });
});

describe('saved-search alerts', () => {
  it('tell subscribers at once and everyone else 24 hours later, once, never about their own items', async () => {
    await alerts(NOW); // the first sweep starts the clock: earlier items are not "new"
    const [subscriber, member, seller] = [await signUpMember(t.app), await signUpMember(t.app), await signUpMember(t.app)];
    await subscribe(subscriber);
    for (const m of [subscriber, member]) {
      expect((await save(m, { name: 'Kookaburra things', filters: { q: 'kookaburra' } })).statusCode).toBe(201);
    }
    expect((await save(seller, { name: 'My own', filters: { q: 'kookaburra' } })).statusCode).toBe(201);

    const publishedAt = new Date(NOW.getTime() + 5 * MIN);
    const item = await createPost(t.db, { ownerId: seller.id, title: 'Kookaburra print', publishedAt, now: NOW });
    await createPost(t.db, { ownerId: seller.id, title: 'Magpie print', publishedAt, now: NOW });

    await alerts(new Date(NOW.getTime() + 6 * MIN));
    const [note] = await notesOf(subscriber.id);
    expect(note).toMatchObject({
      kind: 'saved_search',
      link: `/viewPost/${item.id}`,
      data: { name: 'Kookaburra things', postTitle: 'Kookaburra print', count: '1' },
    });
    const [mail] = await mailsTo(subscriber.email);
    expect(mail!.subject).toBe('A new item for your search "Kookaburra things"');
    expect(mail!.text).toContain(`https://swapu.test/viewPost/${item.id}`);
    expect(await notesOf(member.id)).toHaveLength(0);
    expect(await notesOf(seller.id)).toHaveLength(0);

    // Sweeping again changes nothing.
    await alerts(new Date(NOW.getTime() + 7 * MIN));
    expect(await notesOf(subscriber.id)).toHaveLength(1);

    // A day later the member hears too; the subscriber is not told twice.
    await alerts(new Date(publishedAt.getTime() + 24 * HOUR + MIN));
    expect(await notesOf(member.id)).toHaveLength(1);
    expect(await mailsTo(member.email)).toHaveLength(1);
    expect(await notesOf(subscriber.id)).toHaveLength(1);
    expect(await mailsTo(subscriber.email)).toHaveLength(1);
    expect(await notesOf(seller.id)).toHaveLength(0);
    expect((await list(member))[0].hits).toBe(1);
  });

  it('an item withdrawn before the 24 hours pass alerts nobody else', async () => {
    const at = new Date(NOW.getTime() + 2 * 24 * HOUR);
    await alerts(at);
    const [member, seller] = [await signUpMember(t.app), await signUpMember(t.app)];
    await save(member, { name: 'Echidna', filters: { q: 'echidna' } });
    await createPost(t.db, {
      ownerId: seller.id,
      title: 'Echidna lamp',
      state: 'archived',
      publishedAt: new Date(at.getTime() + MIN),
      now: NOW,
    });
    await alerts(new Date(at.getTime() + 25 * HOUR));
    expect(await notesOf(member.id)).toHaveLength(0);
  });
});

describe('/suggested', () => {
  it('suggests items with their reason, never my own or ones I already like', async () => {
    const me = await signUpMember(t.app);
    await t.db
      .update(users)
      .set({ interests: ['bicycles'], lat: -37.8, lng: 144.97, suburb: 'Fitzroy' })
      .where(eq(users.id, me.id));
    const far = { lat: -31.95, lng: 115.86, suburb: 'Perth', postcode: '6000', auState: 'WA' };
    await createPost(t.db, {
      ownerId: me.id,
      title: 'My canoe',
      categories: ['water-sports'],
      keywords: [],
      wishCategories: ['camping-and-fishing'],
      wishKeywords: ['lantern'],
      now: NOW,
    });
    const wished = await createPost(t.db, {
      title: 'Three-person tent',
      categories: ['camping-and-fishing'],
      wishCategories: ['books'],
      wishKeywords: [],
      ...far,
      now: NOW,
    });
    const lantern = await createPost(t.db, {
      title: 'Brass lantern',
      categories: ['antiques'],
      wishCategories: ['books'],
      wishKeywords: [],
      ...far,
      now: NOW,
    });
    const wantsMine = await createPost(t.db, {
      title: 'Surf ski',
      categories: ['boats'],
      wishCategories: ['water-sports'],
      wishKeywords: [],
      ...far,
      now: NOW,
    });
    const interest = await createPost(t.db, {
      title: 'BMX',
      categories: ['bicycles'],
      wishCategories: ['books'],
      wishKeywords: [],
      ...far,
      now: NOW,
    });
    const nearby = await createPost(t.db, {
      title: 'Toaster',
      categories: ['kitchen'],
      wishCategories: ['books'],
      wishKeywords: [],
      now: NOW,
    });
    const liked = await createPost(t.db, {
      title: 'Jigsaw',
      categories: ['tools'],
      wishCategories: ['books'],
      wishKeywords: [],
      ...far,
      now: NOW,
    });
    const alsoTools = await createPost(t.db, {
      title: 'Mitre saw',
      categories: ['tools'],
      wishCategories: ['books'],
      wishKeywords: [],
      ...far,
      now: NOW,
    });
    await t.db
      .insert(postLikes)
      .values({ id: `like-${me.id}`, postId: liked.id, postOwnerId: liked.ownerId, likedById: me.id, likedTime: NOW });

    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me/suggested', headers: me.headers });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: string; title: string; reason: string; because: string | null }[];
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get(wished.id)).toMatchObject({ reason: 'wish', because: 'camping-and-fishing' });
    expect(byId.get(lantern.id)).toMatchObject({ reason: 'wish', because: 'lantern' });
    expect(byId.get(wantsMine.id)).toMatchObject({ reason: 'wants_yours', because: 'water-sports' });
    expect(byId.get(interest.id)).toMatchObject({ reason: 'interest', because: 'bicycles' });
    expect(byId.get(alsoTools.id)).toMatchObject({ reason: 'liked', because: 'tools' });
    expect(byId.get(nearby.id)).toMatchObject({ reason: 'nearby', because: 'Fitzroy' });
    expect(items.some((i) => i.title === 'My canoe')).toBe(false);
    expect(byId.has(liked.id)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/suggested' })).statusCode).toBe(401);
  });

  it("puts an assisted item first within its reason (Swap Assist), its own or its owner's package", async () => {
    const me = await signUpMember(t.app);
    await t.db
      .update(users)
      .set({ interests: ['musical-instruments'] })
      .where(eq(users.id, me.id));
    const make = (title: string, hoursAgo: number, extra: Parameters<typeof createPost>[1] = {}) =>
      createPost(t.db, {
        title,
        categories: ['musical-instruments'],
        wishCategories: ['books'],
        wishKeywords: [],
        publishedAt: new Date(NOW.getTime() - (48 + hoursAgo) * 3_600_000),
        now: NOW,
        ...extra,
      });
    const newest = await make('Newest guitar', 0);
    const older = await make('Older ukulele', 5, { swapAssistUntil: new Date(NOW.getTime() + 86_400_000) });
    const lapsed = await make('Lapsed violin', 1, { swapAssistUntil: new Date(NOW.getTime() - 1000) });
    const packaged = await make('Packaged drum', 10);
    await t.db.insert(memberAssist).values({ userId: packaged.ownerId, until: new Date(NOW.getTime() + 86_400_000), updatedAt: NOW });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me/suggested', headers: me.headers });
    const order = (res.json().items as { id: string }[])
      .map((i) => i.id)
      .filter((id) => [newest.id, older.id, lapsed.id, packaged.id].includes(id));
    expect(order).toEqual([older.id, packaged.id, newest.id, lapsed.id]);
  });
});
