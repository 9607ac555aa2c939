import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { favorites, mailOutbox, notifications, postLikes, postMatches, postReports } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost } from '../../test/factories';

let t: TestApp;
const NOW = new Date('2026-11-20T00:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

const like = (m: TestMember, postId: string) => t.app.inject({ method: 'PUT', url: `/api/v1/posts/${postId}/like`, headers: m.headers });
const unlike = (m: TestMember, postId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/posts/${postId}/like`, headers: m.headers });
const postOf = (m: TestMember, title: string, extra: Parameters<typeof createPost>[1] = {}) =>
  createPost(t.db, { ownerId: m.id, title, now: NOW, ...extra });
const likesOf = (postId: string, userId: string) =>
  t.db
    .select()
    .from(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.likedById, userId)));
const mailTo = (email: string, template = 'match') =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)));

describe('liking a post', () => {
  it('needs an account', async () => {
    const owner = await signUpMember(t.app);
    const post = await postOf(owner, 'Kayak');
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/posts/${post.id}/like` });
    expect(res.statusCode).toBe(401);
  });

  it('records the like and the favourite; liking again replaces the record; unliking removes both', async () => {
    const [owner, fan] = [await signUpMember(t.app), await signUpMember(t.app)];
    const post = await postOf(owner, 'Weber Q barbecue');
    const first = await like(fan, post.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ liked: true, matched: false, likeCount: 1 });
    const [record] = await likesOf(post.id, fan.id);
    expect(record).toMatchObject({ postId: post.id, postOwnerId: owner.id, likedById: fan.id, likedTime: NOW });

    t.clock.advance(60_000);
    expect((await like(fan, post.id)).json().likeCount).toBe(1);
    const again = await likesOf(post.id, fan.id);
    expect(again).toHaveLength(1);
    expect(again[0]!.id).not.toBe(record!.id); // removed and added anew, as the rule says
    expect(again[0]!.likedTime.getTime()).toBe(NOW.getTime() + 60_000);

    const detail = await t.app.inject({ url: `/api/v1/posts/${post.id}`, headers: fan.headers });
    expect(detail.json()).toMatchObject({ likedByMe: true, likeCount: 1 });
    const favs = await t.app.inject({ url: '/api/v1/me/favorites', headers: fan.headers });
    expect(favs.json().items.map((i: { post: { id: string } }) => i.post.id)).toEqual([post.id]);

    const off = await unlike(fan, post.id);
    expect(off.json()).toEqual({ liked: false, matched: false, likeCount: 0 });
    expect(await likesOf(post.id, fan.id)).toHaveLength(0);
    expect(await t.db.select().from(favorites).where(eq(favorites.userId, fan.id))).toHaveLength(0);
    const after = await t.app.inject({ url: `/api/v1/posts/${post.id}`, headers: fan.headers });
    expect(after.json()).toMatchObject({ likedByMe: false, likeCount: 0 });
  });

  it('refuses liking your own post, and posts that are not live', async () => {
    const owner = await signUpMember(t.app);
    const mine = await postOf(owner, 'My own lamp');
    const res = await like(owner, mine.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('You cannot like your own item.');
    const other = await signUpMember(t.app);
    const archived = await postOf(owner, 'Old lamp', { state: 'archived' });
    expect((await like(other, archived.id)).statusCode).toBe(404);
    expect((await like(other, 'no-such-post')).statusCode).toBe(404);
  });

  it('follows the 24-hour rule: a non-subscriber cannot like a post they cannot see yet', async () => {
    const [owner, fan] = [await signUpMember(t.app), await signUpMember(t.app)];
    const fresh = await postOf(owner, 'Brand new listing', { publishedAt: new Date(NOW.getTime() - 3600_000) });
    expect((await like(fan, fresh.id)).statusCode).toBe(404);
  });

  it('lists favourites newest like first', async () => {
    const [owner, fan] = [await signUpMember(t.app), await signUpMember(t.app)];
    const a = await postOf(owner, 'Guitar');
    const b = await postOf(owner, 'Amp');
    await like(fan, a.id);
    t.clock.advance(1000);
    await like(fan, b.id);
    const favs = (await t.app.inject({ url: '/api/v1/me/favorites', headers: fan.headers })).json();
    expect(favs.items.map((i: { post: { title: string } }) => i.post.title)).toEqual(['Amp', 'Guitar']);
  });
});

describe('matches', () => {
  it('mails both people a link to the post and notifies them, once', async () => {
    const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const anasBike = await postOf(ana, 'Road bike');
    const bensTent = await postOf(ben, 'Four-person tent');

    expect((await like(ben, anasBike.id)).json().matched).toBe(false);
    expect(await mailTo(ana.email)).toHaveLength(0);

    const res = await like(ana, bensTent.id);
    expect(res.json()).toMatchObject({ liked: true, matched: true });
    const link = `${t.config.publicUrl}/viewPost/${bensTent.id}`;
    for (const m of [ana, ben]) {
      const mails = await mailTo(m.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(link);
      const notes = await t.db.select().from(notifications).where(eq(notifications.userId, m.id));
      expect(notes).toMatchObject([{ kind: 'match', link: `/viewPost/${bensTent.id}` }]);
    }
    expect((await mailTo(ana.email))[0]!.text).toContain('"Four-person tent"');

    // Unlike and like again: still a match, but nobody is mailed twice for it.
    await unlike(ana, bensTent.id);
    expect((await like(ana, bensTent.id)).json().matched).toBe(true);
    expect(await mailTo(ana.email)).toHaveLength(1);
    expect(await mailTo(ben.email)).toHaveLength(1);
  });

  it('two concurrent likes never duplicate records or match emails', async () => {
    const [cy, di] = [await signUpMember(t.app), await signUpMember(t.app)];
    const cysPost = await postOf(cy, 'Espresso machine');
    const disPost = await postOf(di, 'Stand mixer');
    // Both like each other's post at the same moment, each twice (a double tap).
    const results = await Promise.all([like(cy, disPost.id), like(di, cysPost.id), like(cy, disPost.id), like(di, cysPost.id)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(results.some((r) => r.json().matched)).toBe(true);
    expect(await likesOf(disPost.id, cy.id)).toHaveLength(1);
    expect(await likesOf(cysPost.id, di.id)).toHaveLength(1);
    expect(await t.db.select().from(favorites).where(eq(favorites.userId, cy.id))).toHaveLength(1);
    const matches = await t.db.select().from(postMatches).where(eq(postMatches.likedById, cy.id));
    const matchesDi = await t.db.select().from(postMatches).where(eq(postMatches.likedById, di.id));
    expect(matches.length + matchesDi.length).toBe(1);
    expect(await mailTo(cy.email)).toHaveLength(1);
    expect(await mailTo(di.email)).toHaveLength(1);
  });
});

describe('reporting a listing', () => {
  it('stores one open report per person for the moderation queue', async () => {
    const [owner, reporter] = [await signUpMember(t.app), await signUpMember(t.app)];
    const post = await postOf(owner, 'Suspicious iPhone');
    const send = (reason: string, details: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/posts/${post.id}/report`, headers: reporter.headers, payload: { reason, details } });
    expect((await send('scam', 'Asks for payment outside SwapU')).statusCode).toBe(202);
    expect((await send('prohibited', 'Also looks stolen')).statusCode).toBe(202);
    const rows = await t.db.select().from(postReports).where(eq(postReports.postId, post.id));
    expect(rows).toMatchObject([{ reporterId: reporter.id, reason: 'prohibited', details: 'Also looks stolen', status: 'open' }]);
    expect((await send('nonsense', '')).statusCode).toBe(400);
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/${post.id}/report`,
      headers: owner.headers,
      payload: { reason: 'other' },
    });
    expect(own.statusCode).toBe(400);
  });
});
