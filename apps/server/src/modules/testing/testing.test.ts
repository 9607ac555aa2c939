import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost } from '../../test/factories';

// The journeys' own admins and subscribers (SWAPU_TEST_HOOKS only).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { testHooks: true, viewerCacheMs: 1000 } });
});
afterAll(async () => {
  await t.close();
});

describe('test hooks for accounts', () => {
  it('make a member an admin and a subscriber, effective on their next request', async () => {
    const m = await signUpMember(t.app);
    const early = await createPost(t.db, { publishedAt: new Date(t.clock.now().getTime() - 3600_000) });
    // Remembered as a plain member first (the viewer cache is on).
    expect((await t.app.inject({ url: '/api/v1/admin/support', headers: m.headers })).statusCode).toBe(403);
    // Inside its first 24 hours: subscribers see it first (403 early_access, nothing of the item).
    expect((await t.app.inject({ url: `/api/v1/posts/${early.id}`, headers: m.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/test/accounts/${m.id}/admin` })).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/v1/admin/support', headers: m.headers })).statusCode).toBe(200);
    const s = await signUpMember(t.app);
    expect((await t.app.inject({ method: 'POST', url: `/api/test/accounts/${s.id}/subscription` })).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/v1/posts/${early.id}`, headers: s.headers })).statusCode).toBe(200);
  });

  it('refuse an unknown account', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/test/accounts/nobody/admin' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/test/accounts/nobody/subscription' })).statusCode).toBe(404);
  });

  it('do not exist without SWAPU_TEST_HOOKS', async () => {
    const plain = await createTestApp({ config: { testHooks: false } });
    try {
      expect((await plain.app.inject({ method: 'POST', url: '/api/test/accounts/x/admin' })).statusCode).toBe(404);
      expect(plain.app.routeTable.some((r) => r.url.startsWith('/api/test/'))).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
