import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { offerEvents, offers, postImages, postReports } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import type { TestApp } from '../../test/app';
import { useModerationApp } from '../../test/moderation-app';
import { multipartFile } from '../../test/multipart';

const NOW = new Date('2026-11-20T00:00:00.000Z');
const h = useModerationApp(NOW);
const { post, queue, auditOf, noticesOf, postRow, listing } = h;
let t: TestApp;
let admin: TestMember;
let other: TestMember;
beforeAll(() => {
  ({ t, admin, other } = h);
});
const report = (m: TestMember, postId: string, reason: string, details = '') =>
  t.app.inject({ method: 'POST', url: `/api/v1/posts/${postId}/report`, headers: m.headers, payload: { reason, details } });
const photo = (colour: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const upload = async (m: TestMember, postId: string, colour: string) => {
  const body = multipartFile('file', 'photo.jpg', await photo(colour), 'image/jpeg');
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/posts/${postId}/images`,
    payload: body.payload,
    headers: { ...body.headers, ...m.headers },
  });
};
const scores = (s: Record<string, number>) => ({ Drawing: 0, Hentai: 0, Porn: 0, Sexy: 0, Neutral: 1, ...s });

describe('who may moderate', () => {
  it('answers 401 to guests and 403 to members on the queue and on actions, changing nothing', async () => {
    expect((await t.app.inject({ url: '/api/v1/admin/moderation' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/v1/admin/moderation', headers: other.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Permission Denied');
    const owner = await signUpMember(t.app);
    const p = await listing(owner, 'Members may not hide this');
    expect((await post(`/posts/${p.id}/hide`, { reason: 'x' }, other.headers)).statusCode).toBe(403);
    expect((await postRow(p.id)).state).toBe('published');
  });
});

describe('reported listings', () => {
  it('groups open reports per listing with the count, each reason and details, the cover and the owner; dismiss closes them and nothing else', async () => {
    const owner = await signUpMember(t.app);
    const [r1, r2] = [await signUpMember(t.app), await signUpMember(t.app)];
    const p = await listing(owner, 'Suspicious designer bag');
    expect((await report(r1, p.id, 'scam', 'Looks fake')).statusCode).toBeLessThan(300);
    expect((await report(r2, p.id, 'prohibited')).statusCode).toBeLessThan(300);

    const q = await queue('listings');
    const card = q.listings.find((l) => l.post.id === p.id)!;
    expect(card).toMatchObject({
      count: 2,
      post: { title: 'Suspicious designer bag', state: 'published', hiddenReason: null },
      owner: { id: owner.id },
    });
    expect(card.reports.map((r) => [r.reason, r.details])).toEqual([
      ['scam', 'Looks fake'],
      ['prohibited', ''],
    ]);
    expect(q.counts.listings).toBeGreaterThanOrEqual(1);
    expect(q.members).toEqual([]);

    const res = await post(`/posts/${p.id}/dismiss`, { reason: 'Checked: genuine.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resolvedReports: 2 });
    const rows = await t.db.select().from(postReports).where(eq(postReports.postId, p.id));
    expect(rows.every((r) => r.status === 'resolved' && r.resolution === 'dismissed' && r.resolvedBy === admin.id)).toBe(true);
    expect(rows.every((r) => r.resolvedAt?.getTime() === NOW.getTime())).toBe(true);
    expect((await postRow(p.id)).state).toBe('published');
    expect((await queue('listings')).listings.some((l) => l.post.id === p.id)).toBe(false);
    const audit = await auditOf(p.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'report.dismiss', actorId: admin.id, actorName: 'Avery Admin', reason: 'Checked: genuine.' });
    expect((await post('/posts/no-such-post/dismiss')).statusCode).toBe(404);
  });

  it('hides a listing with a reason: archived, pending offers end, reports close, the owner is told why and cannot republish it; unhide brings it back', async () => {
    const owner = await signUpMember(t.app);
    const [buyer, reporter] = [await signUpMember(t.app), await signUpMember(t.app)];
    const p = await listing(owner, 'Replica watch');
    const buyersTent = await listing(buyer, 'Buyer tent');
    const ownersOther = await listing(owner, 'Owner kayak');
    await report(reporter, p.id, 'prohibited', 'Counterfeit');
    // An offer for the listing, and one that gives it as an item.
    const forIt = await t.app.inject({
      method: 'POST',
      url: '/api/v1/offers',
      headers: buyer.headers,
      payload: { postId: p.id, itemIds: [buyersTent.id] },
    });
    expect(forIt.statusCode, forIt.body).toBe(201);
    const buyersBike = await listing(buyer, 'Buyer bike');
    const givingIt = await t.app.inject({
      method: 'POST',
      url: '/api/v1/offers',
      headers: owner.headers,
      payload: { postId: buyersBike.id, itemIds: [p.id, ownersOther.id] },
    });
    expect(givingIt.statusCode, givingIt.body).toBe(201);

    // Refusals change nothing.
    const empty = await post(`/posts/${p.id}/hide`, { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      code: 'moderation_reason_required',
      message: 'Please write a reason: the member is shown it.',
    });
    expect((await post('/posts/no-such-post/hide', { reason: 'x' })).statusCode).toBe(404);
    expect((await postRow(p.id)).state).toBe('published');
    expect(await auditOf(p.id)).toHaveLength(0);

    const res = await post(`/posts/${p.id}/hide`, { reason: 'Counterfeit goods are not allowed.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resolvedReports: 1 });
    const row = await postRow(p.id);
    expect(row).toMatchObject({ state: 'archived', hiddenReason: 'Counterfeit goods are not allowed.', hiddenAt: NOW });
    const [o1] = await t.db.select().from(offers).where(eq(offers.id, forIt.json().id));
    const [o2] = await t.db.select().from(offers).where(eq(offers.id, givingIt.json().id));
    expect([o1!.state, o2!.state]).toEqual(['declined', 'withdrawn']);
    const events = await t.db
      .select()
      .from(offerEvents)
      .where(inArray(offerEvents.offerId, [o1!.id, o2!.id]));
    expect(events.filter((e) => e.transition === 'moderation_hide').map((e) => e.actorId)).toEqual([admin.id, admin.id]);
    expect((await t.db.select().from(postReports).where(eq(postReports.postId, p.id)))[0]).toMatchObject({
      status: 'resolved',
      resolution: 'hidden',
    });
    const told = await noticesOf(owner.id);
    expect(told.map((n) => n.data)).toEqual([
      { event: 'hidden', postTitle: 'Replica watch', reason: 'Counterfeit goods are not allowed.' },
    ]);
    expect(told[0]!.link).toBe(`/viewPost/${p.id}`);
    const audit = await auditOf(p.id);
    expect(audit.map((a) => a.action)).toEqual(['post.hide']);
    expect(audit[0]).toMatchObject({ before: { state: 'published', hiddenReason: null }, reason: 'Counterfeit goods are not allowed.' });
    expect(audit[0]!.after).toMatchObject({ state: 'archived', endedOffers: 2 });

    // The owner cannot publish it again while it is hidden.
    const republish = await t.app.inject({ method: 'POST', url: `/api/v1/posts/${p.id}/publish`, headers: owner.headers });
    expect(republish.statusCode).toBe(409);
    expect(republish.json().error).toMatchObject({
      code: 'listing_hidden',
      message: 'The SwapU team has hidden this listing, so it cannot be published again. Please contact support.',
    });
    expect((await postRow(p.id)).state).toBe('archived');
    expect((await post(`/posts/${p.id}/hide`, { reason: 'again' })).json().error.code).toBe('listing_already_hidden');

    // Lifting it: back to published, told, audited; a second lift is refused.
    const lift = await post(`/posts/${p.id}/unhide`, { reason: 'Owner showed the receipt.' });
    expect(lift.statusCode, lift.body).toBe(200);
    expect(await postRow(p.id)).toMatchObject({ state: 'published', hiddenReason: null, hiddenAt: null });
    expect((await noticesOf(owner.id)).map((n) => n.data.event).sort()).toEqual(['hidden', 'unhidden']);
    expect((await auditOf(p.id)).map((a) => a.action)).toEqual(['post.hide', 'post.unhide']);
    expect((await post(`/posts/${p.id}/unhide`)).json().error.code).toBe('listing_not_hidden');
  });

  it('refuses to hide a listing reserved in an accepted swap, and a draft', async () => {
    const [owner, buyer] = [await signUpMember(t.app), await signUpMember(t.app)];
    const p = await listing(owner, 'Reserved canoe');
    const tent = await listing(buyer, 'Tent for canoe');
    const o = (
      await t.app.inject({ method: 'POST', url: '/api/v1/offers', headers: buyer.headers, payload: { postId: p.id, itemIds: [tent.id] } })
    ).json();
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/offers/${o.id}/transitions`,
      headers: owner.headers,
      payload: { transition: 'accept' },
    });
    expect((await postRow(p.id)).state).toBe('reserved');
    const res = await post(`/posts/${p.id}/hide`, { reason: 'Nope' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This listing is reserved in an accepted swap and cannot be hidden now. Resolve the swap first.');
    expect(await postRow(p.id)).toMatchObject({ state: 'reserved', hiddenReason: null });
    expect(await auditOf(p.id)).toHaveLength(0);

    const draft = await listing(owner, 'Draft', { state: 'draft' });
    expect((await post(`/posts/${draft.id}/hide`, { reason: 'x' })).json().error.code).toBe('listing_draft');
  });
});

describe('flagged photos', () => {
  it('stores a photo close to the line as flagged with its score, refuses one above it, leaves an ordinary one alone', async () => {
    const owner = await signUpMember(t.app);
    const p = await listing(owner, 'Swimwear set');
    try {
      t.moderator.useScores(scores({ Sexy: 0.5, Porn: 0.25, Neutral: 0.25 }));
      expect((await upload(owner, p.id, '#aa3355')).statusCode).toBe(201);
      t.moderator.useScores(scores({ Porn: 0.75, Neutral: 0.25 }));
      const refused = await upload(owner, p.id, '#aa3356');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('image_inappropriate');
      t.moderator.useScores(scores({ Sexy: 0.1, Neutral: 0.9 }));
      expect((await upload(owner, p.id, '#aa3357')).statusCode).toBe(201);
    } finally {
      t.moderator.useScores(null);
    }
    const rows = await t.db.select().from(postImages).where(eq(postImages.postId, p.id)).orderBy(postImages.position);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ moderationFlag: 'flagged', reviewedAt: null });
    expect(rows[0]!.moderationScore).toBeCloseTo(0.75, 6);
    expect(rows[1]).toMatchObject({ moderationFlag: null });
    expect(rows[1]!.moderationScore).toBeCloseTo(0.1, 6);

    const card = (await queue('photos')).photos.find((ph) => ph.id === rows[0]!.id)!;
    expect(card).toMatchObject({ flag: 'flagged', post: { id: p.id, title: 'Swimwear set' }, owner: { id: owner.id }, photoCount: 2 });
    expect(card.score).toBeCloseTo(0.75, 6);
    expect(card.imageUrl).toBe(`/media/${rows[0]!.storageKey}/g640.webp`);

    // Approving: it stays, leaves the queue, audited once.
    const ok = await post(`/images/${rows[0]!.id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.db.select().from(postImages).where(eq(postImages.id, rows[0]!.id)))[0]!.reviewedAt).toEqual(NOW);
    expect((await queue('photos')).photos.some((ph) => ph.id === rows[0]!.id)).toBe(false);
    expect((await auditOf(rows[0]!.id)).map((a) => a.action)).toEqual(['image.approve']);
    expect((await post('/images/no-such-image/approve')).statusCode).toBe(404);
  });

  it('removes a photo with its files and tells the owner; the only photo of a live listing is refused', async () => {
    const owner = await signUpMember(t.app);
    const p = await listing(owner, 'Poster');
    try {
      t.moderator.useScores(scores({ Porn: 0.45, Neutral: 0.55 }));
      expect((await upload(owner, p.id, '#113355')).statusCode).toBe(201);
    } finally {
      t.moderator.useScores(null);
    }
    const [only] = await t.db.select().from(postImages).where(eq(postImages.postId, p.id));
    const last = await post(`/images/${only!.id}/remove`, { reason: 'Nudity' });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe('This is the only photo of a live listing. Hide the listing instead.');
    expect(await t.db.select().from(postImages).where(eq(postImages.postId, p.id))).toHaveLength(1);

    expect((await upload(owner, p.id, '#335511')).statusCode).toBe(201);
    expect((await post(`/images/${only!.id}/remove`, { reason: '' })).json().error.code).toBe('moderation_reason_required');
    const file = path.join(t.config.uploadsDir, only!.storageKey, 'lg.webp');
    expect(fs.existsSync(file)).toBe(true);
    const res = await post(`/images/${only!.id}/remove`, { reason: 'Nudity is not allowed.' });
    expect(res.statusCode, res.body).toBe(200);
    const left = await t.db.select().from(postImages).where(eq(postImages.postId, p.id));
    expect(left.map((i) => i.position)).toEqual([0]);
    expect(fs.existsSync(file)).toBe(false);
    expect((await noticesOf(owner.id)).map((n) => n.data)).toEqual([
      { event: 'image_removed', postTitle: 'Poster', reason: 'Nudity is not allowed.' },
    ]);
    const audit = await auditOf(only!.id);
    expect(audit).toMatchObject([{ action: 'image.remove', targetType: 'image', reason: 'Nudity is not allowed.' }]);
    expect(audit[0]!.before).toMatchObject({ postId: p.id, moderationFlag: 'flagged' });
    expect((await post('/images/no-such-image/remove', { reason: 'x' })).statusCode).toBe(404);
  });
});
