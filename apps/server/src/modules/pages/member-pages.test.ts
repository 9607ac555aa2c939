import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../lib/tokens';
import { createUser } from '../../test/factories';
import { FUZZ_SEED } from '../../test/fuzz';
import { createTestApp, type TestApp } from '../../test/app';

/**
 * A member's profile is rendered on the server for that member (decision 0020): the page cookie's
 * token is checked as the API checks it, the render's API requests carry that token alone, and
 * the HTML is private: never in the shared cache, never in another request's answer, even when
 * renders for different people run at the same time.
 *
 * The renderer here is a stand-in with the real one's contract (apps/web/src/entry-server.tsx):
 * it asks the API who is viewing, waits a little so renders interleave, and names that viewer.
 */
const NOW = '2026-11-20T00:00:00.000Z';
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-member-pages-'));
const webDist = path.join(root, 'dist');
const RENDERER = `
export async function render(url, locale, fetchApi, member) {
  const memberPage = url.startsWith('/user-detail/');
  if (memberPage !== !!member) return null;
  const res = await fetchApi('/api/v1/me', { headers: { authorization: 'Bearer not-the-member' } });
  const me = res.ok ? await res.json() : null;
  // A render that runs past the budget (RENDER_BUDGET_MS, 1 s here).
  await new Promise((r) => setTimeout(r, url.includes('slow=1') ? 1600 : 30));
  return { html: '<p>viewer: ' + (me ? me.id : 'guest') + '</p>', state: { me: me && me.id }, clock: {}, userId: member ? member.userId : 'guest' };
}
`;
let t: TestApp;

beforeAll(async () => {
  fs.mkdirSync(webDist);
  fs.mkdirSync(path.join(root, 'dist-server'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en-US"><head><title>Shell</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), RENDERER);
  t = await createTestApp({ now: NOW, serveWeb: true, config: { webDist, publicUrl: 'https://swapu.example', renderBudgetMs: 1000 } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const tokenOf = async (user: { id: string; tokenVersion: number }) =>
  signAccessToken(t.config.jwtSecret, user.id, new Date(NOW), user.tokenVersion);
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const viewerIn = (html: string) => /<p>viewer: ([^<]+)<\/p>/.exec(html)?.[1] ?? null;

describe("a member's profile rendered on the server", () => {
  it('is rendered as the member the page cookie names, private, and the API saw their token alone', async () => {
    const ana = await createUser(t.db);
    const res = await get(`/user-detail/${ana.id}`, `swapu_page=${await tokenOf(ana)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(viewerIn(res.body)).toBe(ana.id);
    expect(res.body).toContain(`"userId":"${ana.id}"`);
  });

  it('is never served to anyone else: a guest after the member gets the plain page, and it is kept for guests alone', async () => {
    const ben = await createUser(t.db);
    const url = `/user-detail/${ben.id}?from=cache-test`;
    expect(viewerIn((await get(url, `swapu_page=${await tokenOf(ben)}`)).body)).toBe(ben.id);
    const guest = await get(url);
    expect(guest.headers['cache-control']).toBe('no-cache');
    expect(guest.body).not.toContain('swapu-ssr');
    expect(guest.body).not.toContain('viewer:');
    // And the guest's page, now in the shared cache, does not reach the member either.
    expect(viewerIn((await get(url, `swapu_page=${await tokenOf(ben)}`)).body)).toBe(ben.id);
  });

  it('goes out unrendered, still private, when the render runs past its budget (the browser renders it then)', async () => {
    const cy = await createUser(t.db);
    const started = Date.now();
    const res = await get(`/user-detail/${cy.id}?slow=1`, `swapu_page=${await tokenOf(cy)}`);
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('swapu-ssr');
    expect(res.body).not.toContain('viewer:');
  });

  it('keeps renders for different people apart when they run at the same time', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser(t.db)));
    const url = `/user-detail/${people[0]!.id}`;
    const answers = await Promise.all(
      people
        .flatMap(async (p) => [p.id, await get(url, `swapu_page=${await tokenOf(p)}`)] as const)
        .concat(Array.from({ length: 3 }, async () => ['guest', await get(url)] as const)),
    );
    for (const [who, res] of answers) {
      if (who === 'guest') expect(res.body).not.toContain('viewer:');
      else expect(viewerIn(res.body)).toBe(who);
    }
  });

  it('is not rendered for a token the API would not take: forged, from before a sign-out everywhere, or a banned account', async () => {
    const cam = await createUser(t.db);
    const old = await tokenOf(cam);
    const banned = await createUser(t.db, { banned: true });
    const ended = await createUser(t.db, { tokenVersion: 1 });
    const refused = [
      `swapu_page=${old}x`,
      `swapu_page=${await tokenOf(banned)}`,
      `swapu_page=${await signAccessToken(t.config.jwtSecret, ended.id, new Date(NOW), 0)}`,
      'swapu_page=',
    ];
    for (const cookie of refused) {
      const res = await get(`/user-detail/${cam.id}`, cookie);
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body, cookie).not.toContain('viewer:');
      expect(res.headers['cache-control'], cookie).toBe('no-cache');
    }
  });

  it('answers any cookie value a client may send with the plain shared page, never an error', async () => {
    const cam = await createUser(t.db);
    const jwtLike = fc
      .tuple(fc.base64String(), fc.base64String(), fc.base64String())
      .map((parts) => parts.map((p) => p.replace(/[+/=]/g, '')).join('.'));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), jwtLike, fc.string({ minLength: 2000, maxLength: 5000 })), async (value) => {
        const res = await get(`/user-detail/${cam.id}`, `swapu_page=${encodeURIComponent(value)}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).not.toContain('viewer:');
      }),
      { numRuns: 60, seed: FUZZ_SEED },
    );
  });

  it('is for member pages only: with the cookie on a public page, the page is the guest one everyone gets', async () => {
    const dee = await createUser(t.db);
    const res = await get('/', `swapu_page=${await tokenOf(dee)}`);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(viewerIn(res.body)).toBe('guest');
  });
});
