import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from './test/app';

let t: TestApp;
let web: TestApp;
let webDist: string;

beforeAll(async () => {
  t = await createTestApp();
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"SwapU"}');
  web = await createTestApp({ serveWeb: true, config: { webDist } });
});
afterAll(async () => {
  await t.close();
  await web.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('operations endpoints', () => {
  it('reports health and readiness', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok', version: expect.any(String) });
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
  });

  it('is not ready when the database does not answer', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('An error occurred');
    await broken.app.close();
  });

  it('publishes the OpenAPI document and its browsable page', async () => {
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/posts',
        '/api/v1/posts/{id}',
        '/api/v1/categories',
        '/api/v1/localities',
        '/api/v1/blog/by-url-title/{urlTitle}',
      ]),
    );
    const page = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});

describe('errors', () => {
  it('answers an unknown API path with a 404 JSON body', async () => {
    const res = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('speaks Portuguese to a pt-PT client', async () => {
    const res = await t.app.inject({ url: '/api/v1/posts?limit=abc', headers: { 'accept-language': 'pt-PT' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Dados inválidos');
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/posts',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('web app serving', () => {
  it('serves the app shell for client routes and unknown paths, but JSON 404 under /api', async () => {
    for (const url of ['/', '/viewPost/abc', '/all-categories', '/how-to-swap-safely']) {
      const res = await web.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    expect((await web.app.inject({ url: '/api/v1/missing' })).statusCode).toBe(404);
  });

  it('caches hashed assets forever and the shell never', async () => {
    const asset = await web.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const shell = await web.app.inject({ url: '/offers' });
    expect(shell.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker revalidated on every check, and the manifest as a web app manifest (decision 0053)', async () => {
    const sw = await web.app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    // A cached worker script would keep every visitor on the old release until it expired.
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-security-policy']).toContain("worker-src 'self'");
    const manifest = await web.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['content-security-policy']).toContain("manifest-src 'self'");
  });
});

describe('WebSocket endpoint', () => {
  it('greets a client, answers ping with pong and refuses foreign origins', async () => {
    await web.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (web.app.server.address() as { port: number }).port;
    const url = `ws://127.0.0.1:${port}/api/v1/ws`;

    const ws = new WebSocket(url, { origin: `http://127.0.0.1:${port}` });
    const messages: unknown[] = [];
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (m) => {
        messages.push(JSON.parse(String(m)));
        if (messages.length === 1) ws.send(JSON.stringify({ type: 'ping', id: '7' }));
        if (messages.length === 2) resolve();
      });
      ws.on('error', reject);
    });
    expect(messages).toEqual([
      { type: 'hello', viewer: 'guest' },
      { type: 'pong', id: '7' },
    ]);
    ws.close();

    const foreign = new WebSocket(url, { origin: 'https://evil.example' });
    const code = await new Promise<number>((resolve) => foreign.on('close', (c) => resolve(c)));
    expect(code).toBe(1008);
  });
});

describe('bad input found by the fuzzer', () => {
  const member = async () => {
    const { signUpMember } = await import('./test/accounts');
    return signUpMember(t.app);
  };

  it('refuses a NUL character or half a surrogate pair anywhere in a request with data_invalid, not a database error', async () => {
    const m = await member();
    for (const res of [
      await t.app.inject({ url: '/api/v1/posts/%00' }),
      await t.app.inject({ url: '/api/v1/search?q=bike%00' }),
      await t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers: m.headers, payload: { bio: 'hi\u0000there' } }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/me/saved-searches',
        headers: { ...m.headers, 'content-type': 'application/json' },
        payload: '{"name":"x","filters":{"q":"\\uda42","category":["bicycles"]}}',
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('data_invalid');
    }
  });

  it('answers router errors (an over-long path parameter) in the catalogue’s shape, and in Firebase’s on the identity paths', async () => {
    const long = 'x'.repeat(1000);
    const api = await t.app.inject({ url: `/api/v1/posts/${long}` });
    expect(api.statusCode).toBe(414); // URI Too Long
    expect(api.json()).toEqual({ error: { code: 'data_invalid', message: 'Data invalid' } });
    const identity = await t.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signUp',
      headers: { 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expect(identity.statusCode).toBe(400);
    expect(identity.json()).toEqual({ error: { code: 400, message: 'DATA_INVALID' } });
  });

  it('answers an admin writing to the support thread of nobody with 404', async () => {
    const admin = await member();
    const { users } = await import('./db/schema/index');
    const { eq } = await import('drizzle-orm');
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/support/no-such-member/messages',
      headers: admin.headers,
      payload: { body: 'Hello' },
    });
    expect(res.statusCode).toBe(404);
  });
});
