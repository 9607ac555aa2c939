import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appSettings } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { signAccessToken } from './tokens';
import { UNTRUSTED_PROXY_KEY } from './forwarded-check';

/** A proxy at 10.0.0.2 forwarding a client at 203.0.113.7. */
const forwarded = { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.7' } };

async function adminHeaders(t: TestApp) {
  const admin = await createUser(t.db, { role: 'admin' });
  return { authorization: `Bearer ${await signAccessToken(t.config.jwtSecret, admin.id, t.clock.now(), admin.tokenVersion)}` };
}
const checksOf = async (t: TestApp, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/launch-checks', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Array<{ code: string; peer?: string; seenAt?: string }>;
};

describe('X-Forwarded-For from a peer TRUST_PROXY does not trust', () => {
  let behind: TestApp;
  let trusted: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    [behind, trusted] = await Promise.all([
      createTestApp({ config: { logLevel: 'warn' }, logStream: { write: (l) => void lines.push(l) } }),
      createTestApp({ config: { trustProxy: 1 } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([behind?.close(), trusted?.close()]);
  });

  it('is logged once as a warning and shown in the admin console, with the peer and when it was seen', async () => {
    const headers = await adminHeaders(behind);
    expect(await checksOf(behind, headers)).toEqual([]);
    for (let i = 0; i < 3; i++) {
      const res = await behind.app.inject({ method: 'GET', url: '/api/v1/categories', ...forwarded });
      expect(res.statusCode).toBe(200);
    }
    const warnings = lines.filter((l) => l.includes('TRUST_PROXY does not trust'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, peer: '10.0.0.2', trustProxy: 'false' });
    expect(await checksOf(behind, headers)).toEqual([
      { code: 'untrusted_proxy', peer: '10.0.0.2', seenAt: behind.clock.now().toISOString() },
    ]);
  });

  it('is not seen when TRUST_PROXY names the proxy: the client address is the forwarded one', async () => {
    const res = await trusted.app.inject({ method: 'GET', url: '/api/v1/categories', ...forwarded });
    expect(res.statusCode).toBe(200);
    expect(await trusted.db.select().from(appSettings).where(eq(appSettings.key, UNTRUSTED_PROXY_KEY))).toEqual([]);
    expect(await checksOf(trusted, await adminHeaders(trusted))).toEqual([]);
  });

  it('is no longer shown once TRUST_PROXY was changed (the record names the setting it was seen under)', async () => {
    await trusted.db.insert(appSettings).values({
      key: UNTRUSTED_PROXY_KEY,
      value: JSON.stringify({ peer: '10.0.0.2', seenAt: '2026-11-01T00:00:00.000Z', trustProxy: 'false' }),
      updatedAt: new Date('2026-11-01T00:00:00.000Z'),
    });
    expect(await checksOf(trusted, await adminHeaders(trusted))).toEqual([]);
  });
});

describe('the launch checks', () => {
  it('say when the site runs in test mode', async () => {
    const staging = await createTestApp({ config: { publicUrl: 'https://staging.swapu.example', testMode: true } });
    try {
      expect(await checksOf(staging, await adminHeaders(staging))).toEqual([{ code: 'test_mode' }]);
    } finally {
      await staging.close();
    }
  });
});
