import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost } from '../../test/factories';
import { fulfil } from './fulfilment';
import { subscriptionOf } from './subscriptions.service';

const DEPS = { seller: { name: 'SwapU', abn: null }, publicUrl: 'http://localhost' };
let t: TestApp;
const NOW = new Date('2026-11-20T00:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

const subscription = async (m: TestMember) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/me/subscription', headers: m.headers })).json();
const subscribe = async (m: TestMember) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/checkouts',
    headers: m.headers,
    payload: { purchase: { kind: 'subscription' } },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as { id: string };
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/v1/checkouts/${id}/pay`,
    headers: m.headers,
    payload: { cardNumber: '4242424242424242' },
  });
  expect(paid.json()).toMatchObject({ status: 'paid', amountCents: 1000, gstCents: 91, returnTo: '/subscription' });
  return id;
};

describe('the subscription', () => {
  it('is none, then active for a calendar month once the A$10 checkout is paid; a second one is refused', async () => {
    const m = await signUpMember(t.app);
    expect(await subscription(m)).toEqual({ status: 'none', currentPeriodEnd: null, priceCents: 1000 });
    await subscribe(m);
    expect(await subscription(m)).toEqual({ status: 'active', currentPeriodEnd: '2026-12-20T00:00:00.000Z', priceCents: 1000 });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/checkouts',
      headers: m.headers,
      payload: { purchase: { kind: 'subscription' } },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_subscribed');
  });

  it('shows a new item to a subscriber at once, which a member without one waits 24 hours for', async () => {
    const [owner, reader] = [await signUpMember(t.app), await signUpMember(t.app)];
    const fresh = await createPost(t.db, { ownerId: owner.id, title: 'Brand-new kayak', now: NOW, publishedAt: NOW });
    const look = () => t.app.inject({ method: 'GET', url: `/api/v1/posts/${fresh.id}`, headers: reader.headers });
    expect((await look()).statusCode).toBe(404);
    await subscribe(reader);
    expect((await look()).statusCode).toBe(200);
  });

  it('cancelled runs to the end of the period, then reads as expired', async () => {
    const m = await signUpMember(t.app);
    await subscribe(m);
    const cancel = await t.app.inject({ method: 'POST', url: '/api/v1/me/subscription/cancel', headers: m.headers });
    expect(cancel.json()).toEqual({ status: 'cancelled', currentPeriodEnd: '2026-12-20T00:00:00.000Z', priceCents: 1000 });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/me/subscription/cancel', headers: m.headers })).statusCode).toBe(409);
    // Still cancelled the moment before its end; expired from then on.
    expect(await subscriptionOf(t.db, m.id, new Date('2026-12-19T23:59:59.000Z'))).toMatchObject({ status: 'cancelled' });
    expect(await subscriptionOf(t.db, m.id, new Date('2026-12-20T00:00:00.000Z'))).toMatchObject({ status: 'expired' });
  });

  it('renewal and payment-failure events move it, each once however often delivered', async () => {
    const m = await signUpMember(t.app);
    const id = await subscribe(m);
    const renewed = {
      provider: 'stripe' as const,
      eventId: `evt_renew_${id}`,
      type: 'subscription.renewed' as const,
      checkoutId: id,
      at: new Date('2026-12-20T00:00:00.000Z'),
    };
    await Promise.all([fulfil(t.db, DEPS, renewed), fulfil(t.db, DEPS, renewed), fulfil(t.db, DEPS, renewed)]);
    expect(await subscription(m)).toMatchObject({ status: 'active', currentPeriodEnd: '2027-01-20T00:00:00.000Z' });
    const failed = {
      provider: 'stripe' as const,
      eventId: `evt_fail_${id}`,
      type: 'subscription.payment_failed' as const,
      checkoutId: id,
      at: NOW,
    };
    expect(await fulfil(t.db, DEPS, failed)).toBe('granted');
    expect(await fulfil(t.db, DEPS, failed)).toBe('duplicate');
    expect(await subscription(m)).toMatchObject({ status: 'expired' });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(row!.status).toBe('expired');
  });
});
