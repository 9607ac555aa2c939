import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSendleStandIn, type SendleStandIn } from '../../test/sendle-stand-in';
import { CourierError, type BookRequest, type BookedOrder, type Courier, type QuoteRequest } from './courier';
import { createSendleCourier } from './sendle-courier';

// The Sendle adapter against the local stand-in (Sendle itself stopped trading in January 2026).
// No database: the courier is called directly.

const TODAY = '2026-11-20';
const NOW = new Date(`${TODAY}T00:00:00.000Z`);
let api: SendleStandIn;
let sendle: Courier;

beforeAll(async () => {
  api = await startSendleStandIn({ today: () => TODAY });
});
afterAll(async () => {
  await api?.close();
});
beforeEach(() => {
  api.requests.length = 0;
  api.unserviced.clear();
  sendle = courier();
});

/**
 * The adapter, with the stand-in's credentials unless told. A timeout long enough for a loaded CI
 * machine (a 300 ms one failed ordinary calls there); the tests of a hung call use `hasty`.
 */
const courier = (over: Partial<Parameters<typeof createSendleCourier>[0]> = {}) =>
  createSendleCourier({ baseUrl: api.url, sendleId: api.sendleId, apiKey: api.apiKey, timeoutMs: 10_000, ...over });
/** A short timeout, for the calls the stand-in leaves hanging. */
const hasty = () => courier({ timeoutMs: 300 });

const newtown = { suburb: 'Newtown', postcode: '2042', state: 'NSW', lat: -33.8983, lng: 151.1785 } as const;
const fitzroy = { suburb: 'Fitzroy', postcode: '3065', state: 'VIC', lat: -37.7984, lng: 144.9783 } as const;
const satchel = { weightKg: 2.5, lengthCm: 30, widthCm: 20, heightCm: 10 };
const quoteReq: QuoteRequest = { from: newtown, to: fitzroy, parcel: satchel, pickupDate: TODAY };

let refs = 0;
const bookReq = (over: Partial<BookRequest> = {}): BookRequest => ({
  reference: `dlv_test_${++refs}`,
  sender: { name: 'Ana Lima', email: 'ana@example.com', street: '12 King St', suburb: 'Newtown', postcode: '2042', state: 'NSW' },
  receiver: { name: 'Ben Ng', email: 'ben@example.com', street: '3/45 Brunswick St', suburb: 'Fitzroy', postcode: '3065', state: 'VIC' },
  parcel: satchel,
  description: 'Marmoset lamp',
  pickupDate: TODAY,
  instructions: 'Leave at the front door',
  ...over,
});
const orderOf = (b: { courierRef: string; trackingRef: string }): BookedOrder => ({ ...b, bookedAt: NOW, pickupDate: TODAY });

/** The CourierError a call threw (fails the test when it did not throw one). */
async function courierError(p: Promise<unknown>): Promise<CourierError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CourierError);
  return err as CourierError;
}

describe('quote', () => {
  it('maps Sendle’s gross price and ETA, asking with Basic auth and the documented query', async () => {
    const q = await sendle.quote(quoteReq);
    // Interstate, 2.5 kg (3 chargeable kg): 7.95 + 2 × 1.50 + 4 = A$14.95, 2–5 days.
    expect(q).toEqual({ priceCents: 1495, transitDays: 5, estimatedDelivery: '2026-11-25' });
    const [r] = api.requests;
    expect(r).toMatchObject({ method: 'GET', path: '/api/quote' });
    expect(r!.authorization).toBe(`Basic ${Buffer.from(`${api.sendleId}:${api.apiKey}`).toString('base64')}`);
    expect(r!.query).toEqual({
      pickup_suburb: 'Newtown',
      pickup_postcode: '2042',
      delivery_suburb: 'Fitzroy',
      delivery_postcode: '3065',
      weight_value: '2.5',
      weight_units: 'kg',
      volume_value: '6',
      volume_units: 'l',
    });
  });

  it('is null when Sendle answers no quote (an empty list) or refuses the parcel (422)', async () => {
    api.unserviced.add('3065');
    expect(await sendle.quote(quoteReq)).toBeNull();
    expect(await sendle.quote({ ...quoteReq, to: newtown, parcel: { ...satchel, weightKg: 30 } })).toBeNull();
    expect(api.requests.map((r) => r.path)).toEqual(['/api/quote', '/api/quote']);
  });
});

describe('book', () => {
  it('places the order in Sendle’s shape and maps its ids, labels and estimate', async () => {
    const req = bookReq();
    const booking = await sendle.book(req);
    const stored = api.orders.get(booking.courierRef)!;
    expect(stored).toBeDefined();
    expect(booking).toEqual({
      courierRef: stored.order.order_id,
      trackingRef: stored.order.sendle_reference,
      labelUrls: {
        a4: `${api.url}/api/orders/${booking.courierRef}/labels/a4.pdf`,
        cropped: `${api.url}/api/orders/${booking.courierRef}/labels/cropped.pdf`,
      },
      estimatedDelivery: '2026-11-25',
    });
    expect(booking.trackingRef).toMatch(/^S[0-9A-F]{7}$/);
    const [r] = api.requests;
    expect(r).toMatchObject({ method: 'POST', path: '/api/orders', idempotencyKey: req.reference });
    expect(r!.body).toEqual({
      pickup_date: TODAY,
      description: 'Marmoset lamp',
      customer_reference: req.reference,
      weight: { value: '2.5', units: 'kg' },
      dimensions: { length: '30', width: '20', height: '10', units: 'cm' },
      sender: {
        contact: { name: 'Ana Lima', email: 'ana@example.com' },
        address: { address_line1: '12 King St', suburb: 'Newtown', postcode: '2042', state_name: 'NSW', country: 'Australia' },
        instructions: 'Leave at the front door',
      },
      receiver: {
        contact: { name: 'Ben Ng', email: 'ben@example.com' },
        address: { address_line1: '3/45 Brunswick St', suburb: 'Fitzroy', postcode: '3065', state_name: 'VIC', country: 'Australia' },
        instructions: 'Leave at the front door',
      },
    });
  });

  it('is idempotent on the reference: the same reference twice is one Sendle order', async () => {
    const before = api.orders.size;
    const req = bookReq();
    const first = await sendle.book(req);
    const again = await sendle.book(req);
    expect(again).toEqual(first);
    expect(api.orders.size).toBe(before + 1);
    expect(api.requests.map((r) => r.idempotencyKey)).toEqual([req.reference, req.reference]);
  });

  it('a booking whose answer is lost (timeout) finds the same order when retried', async () => {
    const before = api.orders.size;
    const req = bookReq();
    api.failNext(1, 'timeout');
    const err = await courierError(hasty().book(req));
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/no answer within 300 ms/);
    expect(api.orders.size).toBe(before + 1);
    const booking = await sendle.book(req);
    expect(api.orders.size).toBe(before + 1);
    expect(api.orders.get(booking.courierRef)!.idempotencyKey).toBe(req.reference);
  });

  it('cuts text to Sendle’s limits rather than have the order refused', async () => {
    const booking = await sendle.book(bookReq({ description: 'd'.repeat(300), instructions: 'i'.repeat(300) }));
    const { request } = api.orders.get(booking.courierRef)!;
    expect((request.description as string).length).toBe(255);
    expect(((request.sender as { instructions: string }).instructions as string).length).toBe(200);
  });

  it('a refusal (422) is not retryable, and carries Sendle’s reason', async () => {
    const err = await courierError(sendle.book(bookReq({ parcel: { ...satchel, weightKg: 40 } })));
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/\(422\).*weight must be less than or equal to 25 kg/);
  });
});

describe('failures', () => {
  it('a wrong key is a 401 that will not pass by retrying', async () => {
    const err = await courierError(courier({ apiKey: 'wrong' }).quote(quoteReq));
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/\(401\).*Sendle ID or API key are incorrect/);
  });

  it.each([
    ['5xx', /\(500\)/],
    ['429', /\(429\)/],
    ['timeout', /no answer within 300 ms/],
    ['malformed', /unexpected answer/],
  ] as const)('%s is retryable, on every call', async (kind, message) => {
    const order = orderOf(await sendle.book(bookReq()));
    api.failNext(4, kind);
    const c = kind === 'timeout' ? hasty() : sendle;
    const calls = [() => c.quote(quoteReq), () => c.book(bookReq()), () => c.track(order, NOW), () => c.cancel(order, NOW)];
    for (const call of calls) {
      const err = await courierError(call());
      expect(err.retryable).toBe(true);
      expect(err.message).toMatch(message);
    }
  });

  it('a refused call (reject) is not retryable', async () => {
    api.failNext(1, 'reject');
    const err = await courierError(sendle.book(bookReq()));
    expect(err.retryable).toBe(false);
  });

  it('a network error and a body that is not JSON are retryable', async () => {
    const down = courier({
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const e1 = await courierError(down.quote(quoteReq));
    expect([e1.retryable, e1.message]).toEqual([true, 'Sendle quote: fetch failed']);
    const proxy = courier({
      fetch: () => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 200, headers: { 'content-type': 'text/html' } })),
    });
    const e2 = await courierError(proxy.book(bookReq()));
    expect(e2.retryable).toBe(true);
    expect(e2.message).toMatch(/unexpected answer/);
  });
});

describe('track', () => {
  it('maps Sendle’s events to ours, oldest first, ignoring the ones that do not move the parcel', async () => {
    const booking = await sendle.book(bookReq());
    const order = orderOf(booking);
    expect(await sendle.track(order, NOW)).toEqual([]);
    const at = (h: number) => new Date(Date.parse('2026-11-20T00:00:00Z') + h * 3_600_000);
    // Told out of order: the adapter sorts by scan time.
    api.advance(booking.courierRef, 'In Transit', { at: at(5) });
    api.advance(booking.courierRef, 'Pickup Attempted', { at: at(1) });
    api.advance(booking.courierRef, 'Pickup', { at: at(2), description: 'Parcel picked up' });
    api.advance(booking.courierRef, 'Info', { at: at(6) });
    api.advance(booking.courierRef, 'Out for Delivery', { at: at(20) });
    api.advance(booking.courierRef, 'Card Left', { at: at(21) });
    api.advance(booking.courierRef, 'Delivered', { at: at(24) });
    expect(await sendle.track(order, NOW)).toEqual([
      { state: 'shipped', at: at(2), description: 'Parcel picked up' },
      { state: 'in_transit', at: at(5), description: 'In transit between locations' },
      { state: 'in_transit', at: at(20), description: 'Parcel is loaded for delivery' },
      { state: 'delivered', at: at(24), description: 'Parcel delivered' },
    ]);
    expect(api.requests.at(-1)).toMatchObject({ method: 'GET', path: `/api/tracking/${booking.trackingRef}` });
  });

  it('reports a cancellation by Sendle', async () => {
    const booking = await sendle.book(bookReq());
    api.advance(booking.courierRef, 'Cancelled', { at: NOW });
    expect(await sendle.track(orderOf(booking), NOW)).toEqual([{ state: 'cancelled', at: NOW, description: 'Order cancelled' }]);
  });
});

describe('cancel', () => {
  it('cancels an order not yet picked up', async () => {
    const booking = await sendle.book(bookReq());
    expect(await sendle.cancel(orderOf(booking), NOW)).toBe('cancelled');
    expect(api.orders.get(booking.courierRef)!.order.state).toBe('Cancelled');
    expect(api.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/orders/${booking.courierRef}` });
  });

  it('is too_late once the parcel is picked up (Sendle’s 422)', async () => {
    const booking = await sendle.book(bookReq());
    api.advance(booking.courierRef, 'Pickup');
    expect(await sendle.cancel(orderOf(booking), NOW)).toBe('too_late');
    expect(api.orders.get(booking.courierRef)!.order.state).toBe('In Transit');
  });

  it('an order Sendle does not know (404) is a refusal', async () => {
    const err = await courierError(
      sendle.cancel({ courierRef: 'no-such-order', trackingRef: 'SNOPE00', bookedAt: NOW, pickupDate: TODAY }, NOW),
    );
    expect(err.retryable).toBe(false);
  });
});
