import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageConfig } from '../config';
import { signUpMember, type TestMember } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/app';
import { multipartFile } from '../test/multipart';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { imageVariantKeys, isS3Storage, mediaUrl } from './storage';

/**
 * Photos through the app on both storage adapters, with the same assertions: what the API names is
 * served from /media/ with the same caching, a replaced or deleted photo leaves storage, and with
 * MEDIA_PUBLIC_URL every photo address the browser gets is the CDN's.
 */
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});

const onS3 = (): StorageConfig => ({ driver: 's3', s3: s3.config, mediaPublicUrl: undefined });
const drivers: Array<[string, () => StorageConfig | undefined]> = [
  ['the local folder', () => undefined],
  ['an S3 bucket', onS3],
];

const jpeg = (colour: string, width = 800) =>
  sharp({ create: { width, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

describe.each(drivers)('photos stored in %s', (name, storageConfig) => {
  let t: TestApp;
  beforeAll(async () => {
    const storage = storageConfig();
    t = await createTestApp(storage ? { config: { storage } } : {});
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every key stored under a prefix, read from the folder or the bucket itself. */
  async function keysUnder(prefix: string): Promise<string[]> {
    const storage = t.app.ctx.storage;
    if (isS3Storage(storage)) {
      const keys: string[] = [];
      for await (const page of storage.list(prefix)) keys.push(...page.map((o) => o.key));
      return keys;
    }
    const dir = path.join(t.config.uploadsDir, prefix);
    if (!fs.existsSync(dir)) return [];
    return (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
      .filter((f) => fs.statSync(path.join(dir, f)).isFile())
      .map((f) => `${prefix}${f.split(path.sep).join('/')}`);
  }

  const draft = async (m: TestMember) =>
    (await t.app.inject({ method: 'POST', url: '/api/v1/posts', headers: m.headers, payload: { title: 'Camping chairs' } })).json()
      .id as string;
  const upload = async (m: TestMember, postId: string, data: Buffer) => {
    const body = multipartFile('file', 'photo.jpg', data, 'image/jpeg');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/${postId}/images`,
      payload: body.payload,
      headers: { ...body.headers, ...m.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().images as Array<{ id: string; url: string; srcSet: string; thumbUrl: string }>;
  };
  const myCard = async (m: TestMember, postId: string) =>
    (
      (await t.app.inject({ url: '/api/v1/me/posts', headers: m.headers })).json().items as Array<{ id: string; thumbUrl: string | null }>
    ).find((c) => c.id === postId)!;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const keyOf = (url: string) => url.replace(/^\/media\//, '');

  it('serves a listing photo at the address the API gives: WebP, cached a year as immutable, with ETag, 304, HEAD and ranges', async () => {
    const m = await signUpMember(t.app);
    const id = await draft(m);
    const [img] = await upload(m, id, await jpeg('#c0392b'));
    expect(img!.url).toMatch(new RegExp(`^/media/posts/${id}/[0-9a-f-]+/lg\\.webp$`));
    // Where the bytes are: in the bucket, with nothing in the local folder, or the other way round.
    expect(isS3Storage(t.app.ctx.storage)).toBe(name === 'an S3 bucket');
    expect(fs.existsSync(path.join(t.config.uploadsDir, 'posts', id))).toBe(name === 'the local folder');

    const res = await get(img!.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['last-modified']).toBeTruthy();
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800 });
    expect(res.rawPayload.equals((await t.app.ctx.storage.get(keyOf(img!.url)))!)).toBe(true);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);

    const again = await get(img!.url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const head = await t.app.inject({ method: 'HEAD', url: img!.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(head.headers['content-length'])).toBe(res.rawPayload.length);
    expect(head.rawPayload.length).toBe(0);

    const part = await get(img!.url, { range: 'bytes=0-11' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(res.rawPayload.subarray(0, 12))).toBe(true);
    expect(part.headers['content-range']).toBe(`bytes 0-11/${res.rawPayload.length}`);

    // Every size the gallery and the card name is there.
    const card = (await t.app.inject({ url: '/api/v1/me/posts', headers: m.headers })).json().items[0] as { thumbSrcSet: string };
    for (const set of [img!.srcSet, card.thumbSrcSet])
      for (const candidate of set.split(', ')) expect((await get(candidate.split(' ')[0]!)).statusCode, candidate).toBe(200);

    const missing = await get(img!.url.replace(/\/[0-9a-f-]+\/lg\.webp$/, '/00000000-0000-0000-0000-000000000000/lg.webp'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    expect((await get('/media/posts/%2e%2e/%2e%2e/etc/passwd')).statusCode).toBe(404);
  });

  // The fuzzing harness leaves /media/ out of its route walk (no schema to generate from): this is
  // its share of it. Any path, method and conditional or range header gets an answer below 500, an
  // error in the catalogue's shape, and never a file from outside the store.
  it('answers any path under /media/, with any range or validator, below 500 and never outside the store', async () => {
    const segment = fc.oneof(
      fc.constantFrom('..', '.', '%2e%2e', '%2F', '%00', 'posts', 'lg.webp', 'sm.webp', 'etc', 'passwd', '~', '%ZZ', '%C0%AF'),
      fc.stringMatching(/^[\w.%~-]{1,12}$/),
    );
    const header = fc.record(
      {
        range: fc.oneof(
          fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=5-2', 'bytes=0-999999999', 'items=1-2'),
          fc.string({ maxLength: 20 }),
        ),
        'if-none-match': fc.oneof(fc.constant('*'), fc.string({ maxLength: 20 })),
        'if-modified-since': fc.oneof(fc.constant('Thu, 01 Jan 1970 00:00:00 GMT'), fc.string({ maxLength: 20 })),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('GET', 'HEAD'),
        header,
        async (parts, method, headers) => {
          const res = await t.app.inject({ method: method as 'GET' | 'HEAD', url: `/media/${parts.join('/')}`, headers });
          expect(res.statusCode, `${method} /media/${parts.join('/')}`).toBeLessThan(500);
          expect(res.body).not.toContain('root:');
          if (res.statusCode >= 400 && method === 'GET' && res.headers['content-type']?.toString().includes('json'))
            expect(typeof res.json().error?.code).toBe('string');
        },
      ),
      { numRuns: 150 },
    );
  });

  it('sends a photo size not written yet to the nearest older one', async () => {
    const m = await signUpMember(t.app);
    const id = await draft(m);
    const [img] = await upload(m, id, await jpeg('#8e44ad'));
    const base = img!.url.replace(/\/lg\.webp$/, '');
    await t.app.ctx.storage.remove(`${keyOf(base)}/c240.webp`);
    await t.app.ctx.storage.remove(`${keyOf(base)}/g640.webp`);
    const meanwhile = await get(`${base}/c240.webp`);
    expect(meanwhile.statusCode).toBe(302);
    expect(meanwhile.headers.location).toBe(`${base}/sm.webp`);
    expect(meanwhile.headers['cache-control']).toBe('no-cache');
    expect((await get(`${base}/g640.webp`)).headers.location).toBe(`${base}/lg.webp`);
    expect((await get(`${base}/secret.webp`)).statusCode).toBe(404);
  });

  it("replacing a listing's cover removes the old photo's files, and the card shows the next photo", async () => {
    const m = await signUpMember(t.app);
    const id = await draft(m);
    await upload(m, id, await jpeg('#16a085'));
    const [cover, next] = await upload(m, id, await jpeg('#2980b9'));
    expect((await myCard(m, id)).thumbUrl).toBe(cover!.thumbUrl);
    const coverPrefix = `${keyOf(cover!.url).replace(/lg\.webp$/, '')}`;
    expect((await keysUnder(coverPrefix)).length).toBe(Object.keys(imageVariantKeys('x')).length);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/posts/${id}/images/${cover!.id}`, headers: m.headers });
    expect(res.statusCode).toBe(200);
    expect((await myCard(m, id)).thumbUrl).toBe(next!.thumbUrl);
    expect(await keysUnder(coverPrefix)).toEqual([]);
    expect((await get(cover!.url)).statusCode).toBe(404);
    expect((await get(cover!.thumbUrl)).statusCode).toBe(404);
    expect((await get(next!.url)).statusCode).toBe(200);
  });

  it('deleting a listing removes every object it had, and no one else’s', async () => {
    const m = await signUpMember(t.app);
    const [id, other] = [await draft(m), await draft(m)];
    const images = [...(await upload(m, id, await jpeg('#d35400'))), ...(await upload(m, id, await jpeg('#27ae60')))];
    const [kept] = await upload(m, other, await jpeg('#7f8c8d'));
    expect((await keysUnder(`posts/${id}/`)).length).toBe(2 * Object.keys(imageVariantKeys('x')).length);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/posts/${id}`, headers: m.headers });
    expect(res.json()).toEqual({ outcome: 'deleted' });
    expect(await keysUnder(`posts/${id}/`)).toEqual([]);
    for (const img of images) expect((await get(img.url)).statusCode).toBe(404);
    expect((await get(kept!.url)).statusCode).toBe(200);
  });

  it('replacing an avatar removes the old one', async () => {
    const m = await signUpMember(t.app);
    const put = async (colour: string) => {
      const body = multipartFile('file', 'me.jpg', await jpeg(colour), 'image/jpeg');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/me/avatar',
        payload: body.payload,
        headers: { ...body.headers, ...m.headers },
      });
      expect(res.statusCode).toBe(200);
      return res.json().url as string;
    };
    const first = await put('#e74c3c');
    expect((await get(first)).headers['content-type']).toBe('image/webp');
    const second = await put('#3498db');
    expect((await get(first)).statusCode).toBe(404);
    expect((await get(second)).statusCode).toBe(200);
    expect(await keysUnder(`avatars/${m.id}/`)).toEqual(expect.arrayContaining([keyOf(second)]));
    expect((await keysUnder(`avatars/${m.id}/`)).every((k) => k.startsWith(keyOf(second).replace(/lg\.webp$/, '')))).toBe(true);
  });

  it('serves a stored PDF as a PDF and a JPEG as a JPEG', async () => {
    const pdf = Buffer.from('%PDF-1.7\n% a label\n%%EOF\n');
    await t.app.ctx.storage.put('labels/SWAPU123/a4.pdf', pdf);
    await t.app.ctx.storage.put('labels/SWAPU123/photo.jpg', await jpeg('#000'));
    const res = await get(t.app.ctx.storage.url('labels/SWAPU123/a4.pdf'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect((await get('/media/labels/SWAPU123/photo.jpg')).headers['content-type']).toMatch(/^image\/jpeg/);
  });
});

describe.each(drivers)('photo addresses with MEDIA_PUBLIC_URL, stored in %s', (_name, storageConfig) => {
  it('names every photo by the CDN, lets the page load images from it, and /media/ still serves them', async () => {
    const cdn = 'https://cdn.example.com/swapu';
    const storage: StorageConfig = { ...(storageConfig() ?? { driver: 'local', s3: undefined }), mediaPublicUrl: cdn };
    const t = await createTestApp({ config: { storage } });
    try {
      const m = await signUpMember(t.app);
      const id = (await t.app.inject({ method: 'POST', url: '/api/v1/posts', headers: m.headers, payload: { title: 'Kayak' } })).json().id;
      const body = multipartFile('file', 'photo.jpg', await jpeg('#1abc9c'), 'image/jpeg');
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/posts/${id}/images`,
        payload: body.payload,
        headers: { ...body.headers, ...m.headers },
      });
      const [img] = res.json().images as Array<{ url: string; srcSet: string; thumbUrl: string }>;
      const avatarBody = multipartFile('file', 'me.jpg', await jpeg('#f1c40f'), 'image/jpeg');
      const avatar = (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/me/avatar',
          payload: avatarBody.payload,
          headers: { ...avatarBody.headers, ...m.headers },
        })
      ).json().url as string;
      const card = (await t.app.inject({ url: '/api/v1/me/posts', headers: m.headers })).json().items[0] as {
        thumbUrl: string;
        thumbSrcSet: string;
      };
      const detail = (await t.app.inject({ url: `/api/v1/posts/${id}`, headers: m.headers })).json();

      const addresses = [
        img!.url,
        img!.thumbUrl,
        ...img!.srcSet.split(', ').map((c) => c.split(' ')[0]!),
        card.thumbUrl,
        ...card.thumbSrcSet.split(', ').map((c) => c.split(' ')[0]!),
        avatar,
        detail.owner.avatarUrl,
      ];
      for (const url of addresses) expect(url, url).toMatch(/^https:\/\/cdn\.example\.com\/swapu\/(posts|avatars)\/[\w/.-]+\.webp$/);
      // The CDN's origin pulls from the bucket (or from /media/): the same key answers here.
      const served = await t.app.inject({ url: img!.url.replace(`${cdn}/`, '/media/') });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');

      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.example\.com;/);
    } finally {
      await t.close();
    }
    // The next app in this process names photos by its own storage again.
    expect(mediaUrl('posts/a/b/sm.webp')).toBe('/media/posts/a/b/sm.webp');
  });
});
