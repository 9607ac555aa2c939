import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { UPLOAD_MAX_BYTES } from '@swapu/shared/constants';
import { postImages } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { multipartFile } from '../../test/multipart';
import { backfillImageVariants } from './image-backfill';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T00:00:00.000Z' });
});
afterAll(async () => {
  await t.close();
});

const photo = (colour: string, withGps = false) => {
  let img = sharp({ create: { width: 800, height: 600, channels: 3, background: colour } }).jpeg();
  if (withGps) img = img.withExif({ IFD0: { Artist: 'Jo Citizen', Copyright: 'GPS -37.8136,144.9631' } });
  return img.toBuffer();
};
const draft = async (m: TestMember) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/posts', headers: m.headers, payload: { title: 'Camping chairs' } });
  return res.json().id as string;
};
const upload = (m: TestMember | null, postId: string, data: Buffer, name = 'photo.jpg') => {
  const body = multipartFile('file', name, data, 'image/jpeg');
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/posts/${postId}/images`,
    payload: body.payload,
    headers: { ...body.headers, ...(m?.headers ?? {}) },
  });
};
const storedFile = (url: string) => path.join(t.config.uploadsDir, url.replace(/^\/media\//, ''));

describe('listing photos', () => {
  it('stores web-sized variants without EXIF or GPS, in upload order', async () => {
    const m = await signUpMember(t.app);
    const id = await draft(m);
    const first = await upload(m, id, await photo('#c0392b', true));
    expect(first.statusCode).toBe(201);
    const second = await upload(m, id, await photo('#2980b9'));
    expect(second.statusCode).toBe(201);
    const images = second.json().images;
    expect(images).toHaveLength(2);
    const stored = fs.readFileSync(storedFile(images[0].url));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('GPS -37.8136'))).toBe(false);
    expect(meta.width).toBe(800); // never enlarged, never cropped
    const thumb = await sharp(fs.readFileSync(storedFile(images[0].thumbUrl))).metadata();
    expect([thumb.width, thumb.height]).toEqual([480, 480]);
    // The moderation model saw each decoded photo.
    expect(t.moderator.seen.length).toBeGreaterThanOrEqual(2);
  });

  it('stores every responsive size and names them in srcset: the whole photo never wider than itself, the card square at 240/480/720', async () => {
    const m = await signUpMember(t.app);
    const id = await draft(m);
    const images = (await upload(m, id, await photo('#16a085'))).json().images as { srcSet: string }[];
    const candidates = (set: string) => set.split(', ').map((c) => c.split(' ') as [string, string]);
    // An 800 px wide photo: 640 and its own 800, no 960 or 1280 that would only repeat it.
    const gallery = candidates(images[0]!.srcSet);
    expect(gallery.map(([, w]) => w)).toEqual(['640w', '800w']);
    for (const [url, w] of gallery) expect((await sharp(fs.readFileSync(storedFile(url))).metadata()).width).toBe(parseInt(w));
    const card = (await t.app.inject({ url: '/api/v1/me/posts', headers: m.headers })).json().items[0];
    const squares = candidates(card.thumbSrcSet);
    expect(squares.map(([, w]) => w)).toEqual(['240w', '480w', '720w']);
    for (const [url, w] of squares) {
      const meta = await sharp(fs.readFileSync(storedFile(url))).metadata();
      expect([meta.width, meta.height]).toEqual([parseInt(w), parseInt(w)]);
    }
  });

  it('fills in the sizes of photos stored before they existed, and sends the nearest older size meanwhile', async () => {
    const m = await signUpMember(t.app);
    const id = await draft(m);
    const image = (await upload(m, id, await photo('#8e44ad'))).json().images[0] as { url: string };
    const dir = path.dirname(storedFile(image.url));
    for (const name of ['g960', 'g640', 'c240', 'c720']) fs.rmSync(path.join(dir, `${name}.webp`));
    const base = image.url.replace(/\/lg\.webp$/, '');
    const meanwhile = await t.app.inject({ url: `${base}/c240.webp` });
    expect(meanwhile.statusCode).toBe(302);
    expect(meanwhile.headers.location).toBe(`${base}/sm.webp`);
    expect((await t.app.inject({ url: `${base}/g640.webp` })).headers.location).toBe(`${base}/lg.webp`);
    // Unknown names are not redirected anywhere.
    expect((await t.app.inject({ url: `${base}/secret.webp` })).statusCode).toBe(404);

    expect(await backfillImageVariants(t.db, t.app.ctx.storage)).toBeGreaterThanOrEqual(1);
    const filled = await t.app.inject({ url: `${base}/c240.webp` });
    expect(filled.statusCode).toBe(200);
    expect((await sharp(filled.rawPayload).metadata()).width).toBe(240);
    // Done once: a second run finds nothing left to do.
    expect(await backfillImageVariants(t.db, t.app.ctx.storage)).toBe(0);
  });

  it('refuses a non-image renamed .jpg with "Please use valid image" and stores nothing', async () => {
    const m = await signUpMember(t.app);
    const id = await draft(m);
    const res = await upload(m, id, Buffer.from('%PDF-1.7 definitely not a picture'.repeat(50)), 'holiday.jpg');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'image_invalid', message: 'Please use valid image' });
    expect(await t.db.select().from(postImages).where(eq(postImages.postId, id))).toHaveLength(0);
  });

  it('refuses a file of 25 MB or more with the spec message', async () => {
    const m = await signUpMember(t.app);
    const id = await draft(m);
    const res = await upload(m, id, Buffer.alloc(UPLOAD_MAX_BYTES + 10, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('File too large. Please choose file under 25MB');
    expect(await t.db.select().from(postImages).where(eq(postImages.postId, id))).toHaveLength(0);
  });

  it('rejects what the moderation model flags, storing nothing', async () => {
    const m = await signUpMember(t.app);
    const id = await draft(m);
    t.moderator.rejectAll(true);
    try {
      const res = await upload(m, id, await photo('#f5cba7'));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Please refrain from using inappropriate images.');
    } finally {
      t.moderator.rejectAll(false);
    }
    expect(await t.db.select().from(postImages).where(eq(postImages.postId, id))).toHaveLength(0);
    expect(fs.existsSync(path.join(t.config.uploadsDir, 'posts', id))).toBe(false);
  });

  it('allows at most 10 photos, even when uploads race', async () => {
    const m = await signUpMember(t.app);
    const id = await draft(m);
    const img = await photo('#27ae60');
    const results = await Promise.all(Array.from({ length: 12 }, () => upload(m, id, img)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.json().error.code).toBe('images_limit');
    const rows = await t.db.select().from(postImages).where(eq(postImages.postId, id));
    expect(rows.map((r) => r.position).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('reorders and removes photos, keeping positions contiguous', async () => {
    const m = await signUpMember(t.app);
    const id = await draft(m);
    for (const c of ['#111111', '#555555', '#999999']) await upload(m, id, await photo(c));
    const detail = (await t.app.inject({ url: `/api/v1/posts/${id}`, headers: m.headers })).json();
    const [a, b, c] = detail.images.map((i: { id: string }) => i.id);
    const reordered = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/posts/${id}/images/order`,
      headers: m.headers,
      payload: { imageIds: [c, a, b] },
    });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().images.map((i: { id: string }) => i.id)).toEqual([c, a, b]);

    const partial = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/posts/${id}/images/order`,
      headers: m.headers,
      payload: { imageIds: [c, a] },
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error.message).toBe('Data invalid');

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/posts/${id}/images/${a}`, headers: m.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().images.map((i: { id: string }) => i.id)).toEqual([c, b]);
    const rows = await t.db.select().from(postImages).where(eq(postImages.postId, id));
    expect(rows.map((r) => r.position).sort()).toEqual([0, 1]);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/v1/posts/${id}/images/${a}`, headers: m.headers });
    expect(gone.statusCode).toBe(404);
  });

  it("refuses changes to another member's photos and guests", async () => {
    const owner = await signUpMember(t.app);
    const other = await signUpMember(t.app);
    const id = await draft(owner);
    const img = await photo('#8e44ad');
    const mine = (await upload(owner, id, img)).json().images[0].id;

    const theirs = await upload(other, id, img);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().error.message).toBe('Permission Denied');
    expect((await upload(null, id, img)).statusCode).toBe(401);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/posts/${id}/images/${mine}`, headers: other.headers });
    expect(del.statusCode).toBe(403);
    const order = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/posts/${id}/images/order`,
      headers: other.headers,
      payload: { imageIds: [mine] },
    });
    expect(order.statusCode).toBe(403);
    expect(await t.db.select().from(postImages).where(eq(postImages.postId, id))).toHaveLength(1);
  });
});
