import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { offerEvents, offers, postImages, posts, reviews } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost } from '../../test/factories';
import { multipartFile } from '../../test/multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (m: TestMember, title: string, extra: Parameters<typeof createPost>[1] = {}) =>
  createPost(t.db, { ownerId: m.id, title, now: t.clock.now(), ...extra });
const act = (m: TestMember, id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/offers/${id}/transitions`, headers: m.headers, payload });
const del = (m: TestMember, id: string) => t.app.inject({ method: 'DELETE', url: `/api/v1/posts/${id}`, headers: m.headers });
const stateOf = async (id: string) => (await t.db.select({ s: posts.state }).from(posts).where(eq(posts.id, id)))[0]?.s;
const jpeg = () =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: '#d9480f' } })
    .jpeg()
    .toBuffer();

/** Uploads a photo to the listing and returns its two public URLs. */
async function photo(m: TestMember, postId: string) {
  const file = multipartFile('file', 'thing.jpg', await jpeg(), 'image/jpeg');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/posts/${postId}/images`,
    payload: file.payload,
    headers: { ...m.headers, ...file.headers },
  });
  expect(res.statusCode).toBe(201);
  const img = res.json().images.at(-1) as { url: string; thumbUrl?: string };
  const [row] = await t.db.select().from(postImages).where(eq(postImages.postId, postId));
  return [`/media/${row!.storageKey}/lg.webp`, `/media/${row!.storageKey}/sm.webp`, img.url];
}
const status = async (url: string) => (await t.app.inject({ url })).statusCode;

describe('deleting a listing', () => {
  it('removes one with no swap history for good, photos included: their URLs stop answering', async () => {
    const ana = await signUpMember(t.app);
    const lamp = await post(ana, 'Desk lamp');
    const [lg, sm] = await photo(ana, lamp.id);
    expect(await status(lg!)).toBe(200);
    const res = await del(ana, lamp.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'deleted' });
    expect(await stateOf(lamp.id)).toBeUndefined();
    expect(await status(lg!)).toBe(404);
    expect(await status(sm!)).toBe(404);
  });

  it('archives one with a completed swap, keeping the offer, its history, the reviews and the swap counts', async () => {
    const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const bike = await post(ben, 'Road bike');
    const tent = await post(ana, 'Tent');
    const o = (
      await t.app.inject({ method: 'POST', url: '/api/v1/offers', headers: ana.headers, payload: { postId: bike.id, itemIds: [tent.id] } })
    ).json();
    await act(ben, o.id, { transition: 'accept' });
    await act(ana, o.id, { transition: 'confirm_receipt' });
    expect((await act(ben, o.id, { transition: 'confirm_receipt' })).json().state).toBe('completed');
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/offers/${o.id}/review`,
      headers: ana.headers,
      payload: { stars: 5, text: 'Lovely bike' },
    });
    const before = (await t.app.inject({ url: `/api/v1/users/${ben.id}` })).json();
    expect(before).toMatchObject({ swapsCompleted: 1, reviewsCount: 1 });

    // Both sides delete their swapped item.
    for (const [m, p] of [
      [ben, bike],
      [ana, tent],
    ] as const) {
      const res = await del(m, p.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ outcome: 'archived' });
      expect(await stateOf(p.id)).toBe('swapped');
    }
    expect(await t.db.select().from(offers).where(eq(offers.id, o.id))).toHaveLength(1);
    expect((await t.db.select().from(offerEvents).where(eq(offerEvents.offerId, o.id))).length).toBeGreaterThanOrEqual(3);
    expect(await t.db.select().from(reviews).where(eq(reviews.offerId, o.id))).toHaveLength(1);
    expect((await t.app.inject({ url: `/api/v1/users/${ben.id}` })).json()).toMatchObject({ swapsCompleted: 1, reviewsCount: 1 });
    expect((await t.app.inject({ url: `/api/v1/offers/${o.id}`, headers: ana.headers })).json()).toMatchObject({ state: 'completed' });

    // No code path can cascade them away: the database refuses a raw delete.
    const refused = await t.db.execute(sql`delete from posts where id = ${bike.id}`).catch((e: unknown) => e);
    let cause: unknown = refused;
    // foreign_key_violation (23503) on PostgreSQL 15, restrict_violation (23001) on PGlite's PostgreSQL 17.
    const fkCodes = ['23503', '23001'];
    while (cause && typeof cause === 'object' && !fkCodes.includes((cause as { code?: string }).code ?? ''))
      cause = (cause as { cause?: unknown }).cause;
    expect(fkCodes, String(refused)).toContain((cause as { code?: string } | undefined)?.code);
    expect(await t.db.select().from(offers).where(eq(offers.id, o.id))).toHaveLength(1);
  });

  it('archives a listing that was only offered as an item in a declined offer, and the offer still shows it', async () => {
    const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const guitar = await post(ben, 'Guitar');
    const drum = await post(ana, 'Snare drum');
    const o = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/offers',
        headers: ana.headers,
        payload: { postId: guitar.id, itemIds: [drum.id] },
      })
    ).json();
    expect((await act(ben, o.id, { transition: 'decline' })).statusCode).toBe(200);
    const res = await del(ana, drum.id);
    expect(res.json()).toEqual({ outcome: 'archived' });
    expect(await stateOf(drum.id)).toBe('archived');
    const seen = (await t.app.inject({ url: `/api/v1/offers/${o.id}`, headers: ben.headers })).json();
    expect(seen).toMatchObject({ state: 'declined', items: [{ id: drum.id, title: 'Snare drum' }] });
    // A draft nobody ever offered for is still deleted for good.
    const draft = await post(ana, 'Half-written', { state: 'draft' });
    expect((await del(ana, draft.id)).json()).toEqual({ outcome: 'deleted' });
    expect(await stateOf(draft.id)).toBeUndefined();
  });

  it('archives a live listing that only has a pending offer on it; the offer can no longer be accepted', async () => {
    const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const chair = await post(ben, 'Armchair', { openToSelling: true });
    const o = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/offers',
        headers: ana.headers,
        payload: { postId: chair.id, cashKind: 'only', cashCents: 8000 },
      })
    ).json();
    const res = await del(ben, chair.id);
    expect(res.json()).toEqual({ outcome: 'archived' });
    expect(await stateOf(chair.id)).toBe('archived');
    const accept = await act(ben, o.id, { transition: 'accept' });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.message).toBe('This offer is no longer valid');
    // Someone else's listing cannot be deleted at all.
    expect((await del(ana, chair.id)).statusCode).toBe(403);
  });
});

describe('replaced and deleted images leave storage', () => {
  const upload = async (m: TestMember, kind: 'avatar' | 'banner') => {
    const file = multipartFile('file', `${kind}.jpg`, await jpeg(), 'image/jpeg');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/me/${kind}`,
      payload: file.payload,
      headers: { ...m.headers, ...file.headers },
    });
    expect(res.statusCode).toBe(200);
    return res.json().url as string;
  };

  it('a replaced avatar, a removed banner and a removed listing photo stop answering', async () => {
    const ana = await signUpMember(t.app);
    const first = await upload(ana, 'avatar');
    const second = await upload(ana, 'avatar');
    expect(await status(first)).toBe(404);
    expect(await status(first.replace('lg.webp', 'sm.webp'))).toBe(404);
    expect(await status(second)).toBe(200);

    const banner = await upload(ana, 'banner');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/me/banner', headers: ana.headers })).statusCode).toBe(204);
    expect(await status(banner)).toBe(404);

    const vase = await post(ana, 'Vase');
    const [lg] = await photo(ana, vase.id);
    const [row] = await t.db.select().from(postImages).where(eq(postImages.postId, vase.id));
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/posts/${vase.id}/images/${row!.id}`, headers: ana.headers })).statusCode,
    ).toBe(200);
    expect(await status(lg!)).toBe(404);
  });

  it('a deleted account’s avatar, banner and every listing photo stop answering', async () => {
    const ana = await signUpMember(t.app);
    const avatar = await upload(ana, 'avatar');
    const banner = await upload(ana, 'banner');
    const draft = await post(ana, 'Draft thing', { state: 'draft' });
    const live = await post(ana, 'Live thing');
    const [draftPhoto] = await photo(ana, draft.id);
    const [livePhoto] = await photo(ana, live.id);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/me', headers: ana.headers, payload: { password: 'secret1' } });
    expect(res.statusCode).toBe(204);
    for (const url of [avatar, banner, draftPhoto!, livePhoto!]) expect(await status(url), url).toBe(404);
    expect(await t.db.select().from(postImages).where(eq(postImages.postId, live.id))).toHaveLength(0);
  });
});
