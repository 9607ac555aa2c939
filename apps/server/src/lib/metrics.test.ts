import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

/**
 * /api/metrics opens to Prometheus's scraper by METRICS_TOKEN (its bearer token) or to an admin;
 * its guard is declared (`config.auth: 'metrics'`) and answers before the query is read.
 */
const TOKEN = 'scrape-me-0123456789abcdef';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T00:00:00.000Z', config: { metricsToken: TOKEN } });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, authorization?: string) => t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

describe('/api/metrics', () => {
  it('answers the scraper holding METRICS_TOKEN with the Prometheus text', async () => {
    const res = await get('/api/metrics', `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('# TYPE');
  });

  it('refuses a wrong token or none as a guest (401), before reading the query', async () => {
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, undefined]) {
      const res = await get('/api/metrics?x=%00', authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().error.code).toBe('login_required');
    }
  });
});
