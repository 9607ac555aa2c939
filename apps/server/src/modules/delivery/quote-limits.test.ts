import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../lib/rate-limit';
import { createTestApp, type TestApp } from '../../test/app';
import { CourierError, type Courier, type QuoteRequest } from './courier';
import { localCourier } from './local-courier';
import { QUOTE_CACHE_MS } from './quote-cache';

/**
 * The delivery calculator's courier quotes (issue 36): limited per IP and reused for identical
 * entries, so a stranger cannot spend the courier account's quota; a courier that fails is a
 * catalogue 503, never a 500.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T00:00:00.000Z' });
});
afterAll(async () => {
  await t.close();
});

/** The simulator's prices, with every call to it counted (or a failure to throw instead). */
let calls: QuoteRequest[] = [];
let failure: Error | null = null;
const countingCourier: Courier = {
  ...localCourier,
  async quote(req) {
    calls.push(req);
    if (failure) throw failure;
    return localCourier.quote(req);
  },
};
beforeEach(() => {
  calls = [];
  failure = null;
  t.app.ctx.courier = countingCourier;
});

const SYD_MEL = { fromSuburb: 'Newtown', fromPostcode: '2042', toSuburb: 'Fitzroy', toPostcode: '3065' };
let ipSeq = 0;
const freshIp = () => `10.80.${Math.floor(++ipSeq / 250)}.${1 + (ipSeq % 250)}`;
const quote = (query: Record<string, string | number>, ip = freshIp()) =>
  t.app.inject({
    url: `/api/v1/delivery/quote?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    remoteAddress: ip,
  });
/** A parcel of its own measures: entries nobody has asked for yet. */
const parcel = (weightKg: number) => ({ ...SYD_MEL, weightKg, lengthCm: 30, widthCm: 20, heightCm: 10 });
const { max } = RATE_LIMITS.deliveryQuote;

describe('the delivery calculator’s limit per IP', () => {
  it('refuses the courier quote after the limit from one IP with 429 and the catalogue’s message; another IP is quoted', async () => {
    const ip = '10.81.0.1';
    for (let i = 0; i < max; i++) expect((await quote(parcel(1 + i / 100), ip)).statusCode).toBe(200);
    const refused = await quote(parcel(5), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: 'Too many requests, please try again shortly' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(calls).toHaveLength(max);
    expect((await quote(parcel(5), '10.81.0.2')).statusCode).toBe(200);
    // An answer already in the cache costs the courier nothing: it is still given.
    expect((await quote(parcel(1), ip)).statusCode).toBe(200);
  });

  it('lets exactly the limit reach the courier however many different quotes arrive together', async () => {
    const answers = await Promise.all(Array.from({ length: max + 15 }, (_, i) => quote(parcel(2 + i / 100), '10.82.0.1')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(max);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(15);
    expect(calls).toHaveLength(max);
  });
});

describe('the delivery calculator’s cache', () => {
  it('answers identical entries again without calling the courier, from any IP, until QUOTE_CACHE_MS has passed', async () => {
    const first = await quote(parcel(3.5));
    expect(first.statusCode).toBe(200);
    const again = await quote(parcel(3.5));
    expect(again.json()).toEqual(first.json());
    expect(calls).toHaveLength(1);
    t.clock.advance(QUOTE_CACHE_MS + 1000);
    expect((await quote(parcel(3.5))).statusCode).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it('is keyed on every entry that changes the price: places, preset, weight and each dimension', async () => {
    const base = parcel(4.5);
    const variants = [
      base,
      { ...base, toSuburb: 'Carlton', toPostcode: '3053' },
      { ...base, fromSuburb: 'Glebe', fromPostcode: '2037' },
      { ...base, weightKg: 4.6 },
      { ...base, lengthCm: 31 },
      { ...base, widthCm: 21 },
      { ...base, heightCm: 11 },
      { ...SYD_MEL, size: 'satchel' },
      { ...SYD_MEL, size: 'carry-on' },
    ];
    const prices = [];
    for (const v of variants) {
      const res = await quote(v);
      expect(res.statusCode, res.body).toBe(200);
      prices.push(res.json().priceCents);
    }
    expect(calls).toHaveLength(variants.length);
    // The same entries in another letter case are the same entries.
    expect((await quote({ ...base, fromSuburb: 'NEWTOWN', toSuburb: 'fitzroy' })).json().priceCents).toBe(prices[0]);
    expect(calls).toHaveLength(variants.length);
  });

  it('asks the courier once for identical entries arriving together', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => quote(parcel(6.5))));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(calls).toHaveLength(1);
  });
});

describe('a courier that fails', () => {
  it('answers 503 in the catalogue’s shape, never a 500, and the failure is not kept', async () => {
    for (const err of [new CourierError('Sendle quote failed (502)', true), new TypeError('fetch failed')]) {
      failure = err;
      const res = await quote(parcel(7.5));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: { code: 'courier_unavailable', message: 'The courier could not be reached. Please try again in a few minutes.' },
      });
    }
    failure = null;
    expect((await quote(parcel(7.5))).statusCode).toBe(200);
    expect(calls).toHaveLength(3);
  });
});
