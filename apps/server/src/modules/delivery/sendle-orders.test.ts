import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { checkouts, deliveries, notifications } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { startSendleStandIn, type SendleStandIn } from '../../test/sendle-stand-in';
import { bookingBackoffMs, MAX_BOOKING_ATTEMPTS, runDue } from './delivery-jobs';
import { deliveryDeps } from './delivery.worker';
import { acceptedSwap } from './test-swap';

// Friday 20 November 2026, 11 am in Sydney.
const NOW = new Date('2026-11-20T00:00:00.000Z');
let t: TestApp;
let sendle: SendleStandIn;
let swap: Awaited<ReturnType<typeof acceptedSwap>>;

beforeAll(async () => {
  sendle = await startSendleStandIn({ today: () => '2026-11-20' });
  t = await createTestApp({
    now: NOW.toISOString(),
    config: { delivery: { courier: 'sendle', baseUrl: sendle.url, sendleId: sendle.sendleId, apiKey: sendle.apiKey, simStepMs: 60_000 } },
  });
  swap = await acceptedSwap(t, NOW);
});
afterAll(async () => {
  await t.close();
  await sendle.close();
});

const deps = () => deliveryDeps(t.app);
const stateOf = async (id: string) => (await t.db.select().from(deliveries).where(eq(deliveries.id, id)))[0]!;
const checkoutStatus = async (id: string) => (await t.db.select().from(checkouts).where(eq(checkouts.id, id)))[0]!.status;

describe('delivery through the Sendle adapter (against its stand-in)', () => {
  it('quotes with Sendle, books an order with its labels, and follows its tracking to delivered', async () => {
    t.clock.set(NOW);
    const quoted = await swap.post(swap.owner, '/api/v1/deliveries', swap.order());
    expect(quoted.statusCode).toBe(201);
    expect(quoted.json()).toMatchObject({ courier: 'sendle', state: 'awaiting_payment' });
    expect(sendle.requests.some((r) => r.path === '/api/quote' && r.query.pickup_postcode === '2042')).toBe(true);
    const id = quoted.json().id as string;
    await swap.payLocally(swap.owner, id);
    await runDue(deps(), t.clock.now());
    const booked = await stateOf(id);
    const order = sendle.orders.get(booked.courierRef!)!;
    expect(order.idempotencyKey).toBe(id);
    expect(booked).toMatchObject({ state: 'label_created', trackingRef: order.order.sendle_reference });
    expect(booked.labelUrls).toMatchObject({ a4: expect.stringContaining('http') });

    sendle.advance(booked.courierRef!, 'Pickup');
    t.clock.advance(15 * 60_000);
    await runDue(deps(), t.clock.now());
    expect((await stateOf(id)).state).toBe('shipped');
    sendle.advance(booked.courierRef!, 'In Transit');
    sendle.advance(booked.courierRef!, 'Delivered');
    t.clock.advance(15 * 60_000);
    await runDue(deps(), t.clock.now());
    const done = (await swap.get(swap.offerer, `/api/v1/deliveries/${id}`)).json();
    expect(done.state).toBe('delivered');
    expect(done.events.map((e: { state: string }) => e.state)).toEqual(['booking', 'label_created', 'shipped', 'in_transit', 'delivered']);
  });

  it('retries a booking Sendle fails (5xx, an unreadable answer), keeping the order as booking, then books it once', async () => {
    t.clock.set(NOW);
    const id = (await swap.post(swap.offerer, '/api/v1/deliveries', swap.order({ postId: swap.given, receiverId: swap.owner.id }))).json()
      .id;
    await swap.payLocally(swap.offerer, id);
    sendle.failNext(1, '5xx');
    sendle.failNext(1, 'malformed');
    await runDue(deps(), t.clock.now());
    expect(await stateOf(id)).toMatchObject({ state: 'booking', bookingAttempts: 1 });
    expect((await swap.get(swap.offerer, `/api/v1/deliveries/${id}`)).json().state).toBe('booking');
    // Not due again before its backoff.
    await runDue(deps(), t.clock.now());
    expect((await stateOf(id)).bookingAttempts).toBe(1);
    t.clock.advance(bookingBackoffMs(1));
    await runDue(deps(), t.clock.now());
    expect(await stateOf(id)).toMatchObject({ state: 'booking', bookingAttempts: 2 });
    t.clock.advance(bookingBackoffMs(2));
    await runDue(deps(), t.clock.now());
    const row = await stateOf(id);
    expect(row).toMatchObject({ state: 'label_created', bookingAttempts: 3 });
    // A malformed answer may hide an order that was made: the idempotency key found the same one.
    expect([...sendle.orders.values()].filter((o) => o.idempotencyKey === id)).toHaveLength(1);
    // Clean up: cancel it before pickup (Sendle agrees), which refunds it.
    expect((await swap.post(swap.offerer, `/api/v1/deliveries/${id}/cancel`)).json().state).toBe('cancelled');
    expect(sendle.orders.get(row.courierRef!)!.order.state).toBe('Cancelled');
  });

  it('fails a booking Sendle keeps failing after the last attempt, refunds it and tells both parties; nothing is charged', async () => {
    t.clock.set(NOW);
    const id = (await swap.post(swap.offerer, '/api/v1/deliveries', swap.order({ postId: swap.given, receiverId: swap.owner.id }))).json()
      .id;
    const checkoutId = await swap.payLocally(swap.offerer, id);
    sendle.failNext(MAX_BOOKING_ATTEMPTS, '5xx');
    for (let i = 1; i <= MAX_BOOKING_ATTEMPTS; i++) {
      await runDue(deps(), t.clock.now());
      t.clock.advance(bookingBackoffMs(i));
    }
    const row = await stateOf(id);
    expect(row).toMatchObject({ state: 'failed', bookingAttempts: MAX_BOOKING_ATTEMPTS });
    expect(await checkoutStatus(checkoutId)).toBe('refunded');
    const seen = (await swap.get(swap.offerer, `/api/v1/deliveries/${id}`)).json();
    expect(seen).toMatchObject({ state: 'failed', hasLabel: false, canCancel: false });
    expect(seen.failure).toContain('Nothing is charged');
    for (const m of [swap.owner, swap.offerer]) {
      const notes = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, m.id), eq(notifications.kind, 'delivery')));
      expect(notes.some((n) => n.data.event === 'failed' && n.data.deliveryId === id)).toBe(true);
    }
  });

  it('fails at once, and refunds, when Sendle refuses the order itself', async () => {
    t.clock.set(NOW);
    const id = (await swap.post(swap.offerer, '/api/v1/deliveries', swap.order({ postId: swap.given, receiverId: swap.owner.id }))).json()
      .id;
    const checkoutId = await swap.payLocally(swap.offerer, id);
    sendle.failNext(1, 'reject');
    await runDue(deps(), t.clock.now());
    expect(await stateOf(id)).toMatchObject({ state: 'failed', bookingAttempts: 1 });
    expect(await checkoutStatus(checkoutId)).toBe('refunded');
  });
});
