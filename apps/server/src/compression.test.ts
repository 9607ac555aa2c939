import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs build script without types
import { precompress } from '../../../scripts/precompress.mjs';
import { createTestApp, type TestApp } from './test/app';
import { createPost, createUser } from './test/factories';

/** Compressed responses decode to exactly the bytes of the uncompressed one. */
let t: TestApp;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-web-'));
const script = `/* app */\n${Array.from({ length: 400 }, (_, i) => `export const value${i} = ${JSON.stringify(`item ${i} `.repeat(4))};`).join('\n')}\n`;
const html = `<!doctype html><html lang="en"><head><title>SwapU</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

beforeAll(async () => {
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-3f2a9c.js'), script);
  fs.writeFileSync(path.join(webDist, 'index.html'), html);
  precompress(webDist);
  t = await createTestApp({ serveWeb: true, config: { webDist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;

describe('compressed responses', () => {
  it('serves a hashed script precompressed (brotli first, gzip for older clients), immutable, and decodes to the same bytes', async () => {
    const plain = await get('/assets/app-3f2a9c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.toString()).toBe(script);
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get('/assets/app-3f2a9c.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(script.length / 4);
      expect(decode(expected, res.rawPayload).toString()).toBe(script);
    }
    // The precompressed copy was sent, not one made per request: it is byte for byte the file.
    const br = await get('/assets/app-3f2a9c.js', 'br');
    expect(br.rawPayload.equals(fs.readFileSync(path.join(webDist, 'assets', 'app-3f2a9c.js.br')))).toBe(true);
  });

  it('compresses the HTML of a page and keeps it revalidated', async () => {
    const plain = await get('/FAQ');
    expect(plain.body).toContain('<div id="root"></div>');
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/FAQ', encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decode(encoding, res.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('compresses API answers of 1 KB and more, and leaves small ones alone', async () => {
    const owner = await createUser(t.db);
    for (let i = 0; i < 6; i++) await createPost(t.db, { ownerId: owner.id, title: `A well described bicycle number ${i}` });
    const plain = await get('/api/v1/posts?limit=10');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/api/v1/posts?limit=10', encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(JSON.parse(decode(encoding, res.rawPayload).toString())).toEqual(plain.json());
    }
    const small = await get('/api/health', 'br');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('does not inflate a compressed request body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/email-subscription',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ email: 'a@example.com', subscribe: true })),
    });
    expect(res.statusCode).toBe(400);
  });
});
