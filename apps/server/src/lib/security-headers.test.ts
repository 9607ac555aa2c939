import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

let local: TestApp;
let secure: TestApp;
beforeAll(async () => {
  [local, secure] = await Promise.all([createTestApp(), createTestApp({ config: { publicUrl: 'https://swapu.example' } })]);
});
afterAll(async () => {
  await Promise.all([local?.close(), secure?.close()]);
});

const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values];
      }),
  );

describe('security headers', () => {
  it('are on every response, errors included, with a policy that runs no inline script', async () => {
    for (const res of [
      await local.app.inject({ url: '/api/health' }),
      await local.app.inject({ url: '/api/v1/no-such-thing' }),
      await local.app.inject({ method: 'POST', url: '/api/v1/rooms', payload: {} }),
    ]) {
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['script-src-attr']).toEqual(["'none'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('sends HSTS only when the site is served over https', async () => {
    expect((await local.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const hsts = (await secure.app.inject({ url: '/api/health' })).headers['strict-transport-security'];
    expect(hsts).toBe('max-age=63072000; includeSubDomains');
    const csp = directives(String((await secure.app.inject({ url: '/api/health' })).headers['content-security-policy']));
    expect(csp).toHaveProperty('upgrade-insecure-requests');
  });
});
