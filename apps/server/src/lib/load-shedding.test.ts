import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_CATALOGUE } from '@swapu/shared/errors';
import { createTestApp, type TestApp } from '../test/app';

/**
 * A request held in flight: its headers (and so the onRequest hooks) are in, its body is not.
 * finish() sends the rest and resolves with the status of its answer.
 */
function holdRequest(base: string) {
  const req = http.request(`${base}/api/v1/events`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': '2' },
  });
  const answered = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
  });
  req.write('{');
  return {
    finish: () => {
      req.end('}');
      return answered;
    },
  };
}

const METRICS_TOKEN = 'metrics-scraper-token-0123456789abcdef';
const scrape = { authorization: `Bearer ${METRICS_TOKEN}` };
let t: TestApp;
let base: string;
beforeAll(async () => {
  // Two requests in flight at most; the event-loop bound stays off (no test depends on the machine's load).
  t = await createTestApp({
    config: { metricsToken: METRICS_TOKEN, overload: { maxInFlight: 2, maxEventLoopDelayMs: 0, retryAfterSeconds: 3 } },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

const search = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/v1/search?q=bike', headers });
const inFlight = () => t.app.ctx.load!.inFlight();

describe('load shedding over the in-flight limit', () => {
  it('answers 503 busy with Retry-After in the catalogue shape, keeps health checks answering, and serves again once the load is gone', async () => {
    expect((await search()).statusCode).toBe(200);
    expect(inFlight()).toBe(0);

    const held = [holdRequest(base), holdRequest(base)];
    await vi.waitFor(() => expect(inFlight()).toBe(2), { timeout: 10_000, interval: 5 });

    const refused = await search();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('3');
    expect(refused.json()).toEqual({ error: { code: 'busy', message: ERROR_CATALOGUE.busy.en } });
    // In the caller's language, and on writes too.
    const refusedPt = await search({ 'accept-language': 'pt-PT' });
    expect(refusedPt.json()).toEqual({ error: { code: 'busy', message: ERROR_CATALOGUE.busy.pt } });
    const write = await t.app.inject({ method: 'POST', url: '/api/v1/events', payload: {} });
    expect(write.statusCode).toBe(503);
    expect(write.headers['retry-after']).toBe('3');
    // Security headers as on every answer.
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    // A browser opening a page gets a page, in its language, that reloads itself; the API stays JSON.
    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const page = await t.app.inject({ method: 'GET', url: '/search?q=bike', headers: html });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['retry-after']).toBe('3');
    expect(page.body).toContain(`<p>${ERROR_CATALOGUE.busy.en}</p>`);
    expect(page.body).toContain('<html lang="en-US">');
    expect(page.body).toContain('<meta http-equiv="refresh" content="5">');
    expect(page.body).not.toContain('<script');
    const pagePt = await t.app.inject({ method: 'GET', url: '/', headers: { ...html, 'accept-language': 'pt-PT,pt;q=0.9' } });
    expect(pagePt.body).toContain(`<p>${ERROR_CATALOGUE.busy.pt}</p>`);
    expect(pagePt.body).toContain('<html lang="pt-PT">');
    const apiAsBrowser = await t.app.inject({ method: 'GET', url: '/api/v1/search?q=bike', headers: html });
    expect(apiAsBrowser.json()).toEqual({ error: { code: 'busy', message: ERROR_CATALOGUE.busy.en } });

    // A balancer's checks still pass: a busy instance is alive and ready.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const scraped = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: scrape });
    expect(scraped.statusCode).toBe(200);
    const metrics = scraped.body;
    expect(metrics).toMatch(/^swapu_http_requests_in_flight 2$/m);
    expect(metrics).toMatch(/^swapu_http_shed_total 6$/m);
    expect(inFlight()).toBe(2);

    // The held requests finish; their slots are free again and searches are answered.
    expect(await Promise.all(held.map((h) => h.finish()))).toEqual([400, 400]);
    await vi.waitFor(() => expect(inFlight()).toBe(0), { timeout: 10_000, interval: 5 });
    const resumed = await search();
    expect(resumed.statusCode).toBe(200);
    expect(resumed.headers['retry-after']).toBeUndefined();
  });

  it('frees the slot of a request whose client went away before its answer', async () => {
    const req = http.request(`${base}/api/v1/events`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': '2' },
    });
    req.on('error', () => {});
    req.write('{');
    const held = holdRequest(base);
    await vi.waitFor(() => expect(inFlight()).toBe(2), { timeout: 10_000, interval: 5 });
    expect((await search()).statusCode).toBe(503);

    req.destroy();
    await vi.waitFor(() => expect(inFlight()).toBe(1), { timeout: 10_000, interval: 5 });
    expect((await search()).statusCode).toBe(200);
    expect(await held.finish()).toBe(400);
  });
});

/** A web build of three files in a folder of its own (removed by the caller). */
function tinyWebBuild() {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dist, 'assets', 'search-3f2a.js'), 'export const search = 1;');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

describe("the web build's files under load", () => {
  it('serves a page its scripts, styles and icons while every slot is taken, and still refuses the page itself and the API', async () => {
    const dist = tinyWebBuild();
    const web = await createTestApp({
      serveWeb: true,
      config: { webDist: dist, overload: { maxInFlight: 1, maxEventLoopDelayMs: 0, retryAfterSeconds: 3 } },
    });
    let held: ReturnType<typeof holdRequest> | undefined;
    try {
      const webBase = await web.app.listen({ port: 0, host: '127.0.0.1' });
      held = holdRequest(webBase);
      await vi.waitFor(() => expect(web.app.ctx.load!.inFlight()).toBe(1), { timeout: 10_000, interval: 5 });
      const get = (url: string) => web.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      const script = await get('/assets/search-3f2a.js');
      expect(script.statusCode).toBe(200);
      expect(script.body).toBe('export const search = 1;');
      expect((await get('/favicon.svg')).statusCode).toBe(200);
      // Files only: a path under /assets that is not a file, the page and the API are still refused.
      expect((await get('/assets/missing-0000.js')).statusCode).toBe(503);
      expect((await get('/search?q=bike')).statusCode).toBe(503);
      expect((await get('/api/v1/search?q=bike')).statusCode).toBe(503);
      expect(web.app.ctx.load!.shed()).toBe(3);
      expect(await held.finish()).toBe(400);
    } finally {
      // A held request keeps the app from closing: it is finished first, also when a check failed.
      await held?.finish().catch(() => {});
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('load shedding on event-loop delay', () => {
  it('refuses requests while the event loop is blocked past the bound and keeps health checks answering', async () => {
    // With a web build: its files are outside the in-flight bound, not the event-loop one.
    const dist = tinyWebBuild();
    const blocked = await createTestApp({
      serveWeb: true,
      config: { webDist: dist, overload: { maxInFlight: 0, maxEventLoopDelayMs: 20, retryAfterSeconds: 1 } },
    });
    try {
      // Block the loop (a CPU-bound stretch), then ask at once, before the next sample resets it.
      let refused: Awaited<ReturnType<typeof search>> | undefined;
      let health: number | undefined;
      let script: number | undefined;
      for (let attempt = 0; attempt < 10 && !refused; attempt++) {
        // Longer than the one-second sample: a loop held that long is saturated, not merely paused.
        const until = performance.now() + 1200;
        while (performance.now() < until) {
          // busy: the event loop is held
        }
        await new Promise((r) => setTimeout(r, 0));
        const [answer, healthAnswer, scriptAnswer] = await Promise.all([
          blocked.app.inject({ method: 'GET', url: '/api/v1/search?q=bike' }),
          blocked.app.inject({ method: 'GET', url: '/api/health' }),
          blocked.app.inject({ method: 'GET', url: '/assets/search-3f2a.js' }),
        ]);
        if (answer.statusCode === 503) {
          refused = answer;
          health = healthAnswer.statusCode;
          script = scriptAnswer.statusCode;
        }
      }
      expect(refused?.json()).toEqual({ error: { code: 'busy', message: ERROR_CATALOGUE.busy.en } });
      expect(refused?.headers['retry-after']).toBe('1');
      expect(health).toBe(200);
      // A saturated process refuses the web build's files too: a flood of them cannot take it.
      expect(script).toBe(503);
      // Once the loop is free again, searches are answered.
      await vi.waitFor(
        async () => expect((await blocked.app.inject({ method: 'GET', url: '/api/v1/search?q=bike' })).statusCode).toBe(200),
        {
          timeout: 10_000,
          interval: 200,
        },
      );
    } finally {
      await blocked.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('the adaptive in-flight bound (OVERLOAD_TARGET_MS)', () => {
  let a: TestApp;
  let aBase: string;
  beforeAll(async () => {
    // Eight in flight at most, adapting to a p90 of 20 ms; its turns are taken by hand here.
    a = await createTestApp({
      config: {
        metricsToken: METRICS_TOKEN,
        overload: { maxInFlight: 8, maxEventLoopDelayMs: 0, retryAfterSeconds: 3, targetMs: 20, adaptEveryMs: 3_600_000 },
      },
    });
    aBase = await a.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await a.close();
  });
  const load = () => a.app.ctx.load!;
  const limitMetric = async () =>
    Number(
      /^swapu_http_in_flight_limit (\d+)$/m.exec((await a.app.inject({ method: 'GET', url: '/api/metrics', headers: scrape })).body)?.[1],
    );

  it('lowers the bound while it is full and the accepted answers are slower than the target, enforces it, and raises it again once quiet', async () => {
    expect(await limitMetric()).toBe(8);
    // Eight slow requests fill the bound; a ninth is refused.
    const held = Array.from({ length: 8 }, () => holdRequest(aBase));
    await vi.waitFor(() => expect(load().inFlight()).toBe(8), { timeout: 10_000, interval: 5 });
    expect((await a.app.inject({ method: 'GET', url: '/api/v1/search?q=bike' })).statusCode).toBe(503);
    await new Promise((r) => setTimeout(r, 60));
    expect(await Promise.all(held.map((h) => h.finish()))).toEqual(Array(8).fill(400));
    await vi.waitFor(() => expect(load().inFlight()).toBe(0), { timeout: 10_000, interval: 5 });

    // Their p90 (60 ms and more) is past 3× the target: the bound halves.
    expect(load().adapt()).toBe(4);
    expect(await limitMetric()).toBe(4);
    const four = Array.from({ length: 4 }, () => holdRequest(aBase));
    await vi.waitFor(() => expect(load().inFlight()).toBe(4), { timeout: 10_000, interval: 5 });
    expect((await a.app.inject({ method: 'GET', url: '/api/v1/search?q=bike' })).statusCode).toBe(503);
    await Promise.all(four.map((h) => h.finish()));
    await vi.waitFor(() => expect(load().inFlight()).toBe(0), { timeout: 10_000, interval: 5 });
    load().adapt();

    // Quiet turns: up by an eighth (at least one) each, back to the maximum and no further.
    for (let i = 0; i < 10; i++) load().adapt();
    expect(load().limit()).toBe(8);
    expect((await a.app.inject({ method: 'GET', url: '/api/v1/search?q=bike' })).statusCode).toBe(200);
  });
});
