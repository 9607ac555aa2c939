import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { addMonth } from '@swapu/shared/purchases';
import { loadConfig } from '../../config';
import { checkouts, paymentEvents, subscriptions } from '../../db/schema/index';
import { signUpMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import type { StripeStandIn } from '../../test/stripe-stand-in';
import { useStripeWebhookApp } from '../../test/stripe-webhooks';
import { isStripeProvider, sessionOutcome, stripeClientOptions } from './stripe-provider';
import { STRIPE_WEBHOOK_PATH } from './stripe-webhook.routes';

const NOW = new Date('2026-11-20T00:00:00.000Z');
const h = useStripeWebhookApp(NOW);
const { signed, deliver, start, balanceOf, subscriptionOf } = h;
let t: TestApp;
let api: StripeStandIn;
beforeAll(() => {
  ({ t, api } = h);
});
const sessionCreate = (checkoutId: string) =>
  api.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.form['client_reference_id'] === checkoutId)!;

describe('the Stripe adapter against the stand-in', () => {
  it('is the configured provider, with the API base as host, port and protocol', () => {
    expect(t.app.ctx.payments.name).toBe('stripe');
    expect(isStripeProvider(t.app.ctx.payments)).toBe(true);
    expect(stripeClientOptions('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(stripeClientOptions('https://api.example.test')).toEqual({ host: 'api.example.test', port: 443, protocol: 'https' });
    expect(stripeClientOptions(undefined)).toEqual({});
  });

  it('buys tokens: a payment-mode Checkout Session, then the signed completed event grants them once', async () => {
    const m = await signUpMember(t.app);
    const { id, url, sessionId } = await start(m, { kind: 'tokens', amount: 20 });
    expect(url).toBe(`${api.url}/c/pay/${sessionId}`);
    const sent = sessionCreate(id);
    expect(sent.idempotencyKey).toBe(id);
    expect(sent.authorization).toBe('Bearer sk_test_standin');
    expect(sent.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'aud',
      'line_items[0][price_data][unit_amount]': '2000',
      'line_items[0][price_data][product_data][name]': expect.stringMatching(/token/i),
      client_reference_id: id,
      'metadata[checkout_id]': id,
      customer_email: m.email,
      success_url: `${t.config.publicUrl}/checkout/${id}?outcome=paid`,
      cancel_url: `${t.config.publicUrl}/checkout/${id}?outcome=cancelled`,
    });
    expect(sent.form['line_items[0][price_data][recurring][interval]']).toBeUndefined();

    // Not paid yet; and the local Pay button does not pay a Stripe checkout.
    expect(await balanceOf(m.id)).toBe(0);
    const local = await t.app.inject({
      method: 'POST',
      url: `/api/v1/checkouts/${id}/pay`,
      headers: m.headers,
      payload: { cardNumber: '4242 4242 4242 4242' },
    });
    expect(local.statusCode).toBe(404);

    const session = api.completeSession(sessionId);
    const delivery = signed(api.event('checkout.session.completed', session));
    const res = await deliver(delivery);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await balanceOf(m.id)).toBe(20);
    expect((await deliver(delivery)).statusCode).toBe(200);
    expect(await balanceOf(m.id)).toBe(20);
    const checkout = await t.app.inject({ method: 'GET', url: `/api/v1/checkouts/${id}`, headers: m.headers });
    expect(checkout.json()).toMatchObject({ provider: 'stripe', status: 'paid', amountCents: 2000 });
  });

  it('subscribes: a subscription-mode session (A$10 a month), started by the completed event with its Stripe subscription id', async () => {
    const m = await signUpMember(t.app);
    const { id, sessionId } = await start(m, { kind: 'subscription' });
    const sent = sessionCreate(id);
    expect(sent.idempotencyKey).toBe(id);
    expect(sent.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][currency]': 'aud',
      'line_items[0][price_data][unit_amount]': '1000',
      'line_items[0][price_data][recurring][interval]': 'month',
      'metadata[checkout_id]': id,
      'subscription_data[metadata][checkout_id]': id,
      customer_email: m.email,
    });
    expect(await subscriptionOf(m)).toMatchObject({ status: 'none' });

    const session = api.completeSession(sessionId);
    expect((await deliver(signed(api.event('checkout.session.completed', session)))).statusCode).toBe(200);
    expect(await subscriptionOf(m)).toEqual({ status: 'active', currentPeriodEnd: addMonth(NOW).toISOString(), priceCents: 1000 });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(row).toMatchObject({ provider: 'stripe', providerRef: session.subscription, status: 'active' });
  });

  it('a delayed payment grants when it settles, and nothing when it fails', async () => {
    const m = await signUpMember(t.app);
    const a = await start(m, { kind: 'tokens', amount: 7 });
    const b = await start(m, { kind: 'tokens', amount: 9 });
    // Completed, but the money is not there yet: nothing.
    expect(
      (await deliver(signed(api.event('checkout.session.completed', api.completeSession(a.sessionId, { async: true }))))).statusCode,
    ).toBe(200);
    expect(
      (await deliver(signed(api.event('checkout.session.completed', api.completeSession(b.sessionId, { async: true }))))).statusCode,
    ).toBe(200);
    expect(await balanceOf(m.id)).toBe(0);
    await deliver(signed(api.event('checkout.session.async_payment_succeeded', api.settleSession(a.sessionId, true))));
    await deliver(signed(api.event('checkout.session.async_payment_failed', api.settleSession(b.sessionId, false))));
    expect(await balanceOf(m.id)).toBe(7);
    const rows = await t.db
      .select({ id: checkouts.id, status: checkouts.status })
      .from(checkouts)
      .where(inArray(checkouts.id, [a.id, b.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [a.id]: 'paid', [b.id]: 'cancelled' });
  });

  it('ignores events it does not handle, and sessions that are not ours', async () => {
    expect((await deliver(signed(api.event('customer.created', { id: 'cus_x', object: 'customer' })))).statusCode).toBe(200);
    const foreign = {
      id: 'cs_foreign',
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      metadata: { checkout_id: 'not-ours' },
    };
    expect((await deliver(signed(api.event('checkout.session.completed', foreign)))).statusCode).toBe(200);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.checkoutId, 'not-ours'))).toHaveLength(0);
  });
});

describe('the webhook signature', () => {
  it('refuses a wrong signature, a stale timestamp, a missing header and an altered body; none of them changes anything', async () => {
    const m = await signUpMember(t.app);
    const { id, sessionId } = await start(m, { kind: 'tokens', amount: 30 });
    const event = api.event('checkout.session.completed', api.completeSession(sessionId));
    const good = signed(event);
    const attempts: Array<[string, Promise<{ statusCode: number; json(): unknown }>]> = [
      ['another secret', deliver(signed(event, { secret: 'whsec_someone_else' }))],
      ['301 s old', deliver(signed(event, { at: new Date(NOW.getTime() - 301_000) }))],
      ['an hour old', deliver(signed(event, { at: new Date(NOW.getTime() - 3_600_000) }))],
      ['altered body', deliver({ payload: good.payload.replace('"paid"', '"paid" '), header: good.header })],
      ['garbage header', deliver({ payload: good.payload, header: 't=1,v1=abc' })],
      [
        'no header',
        t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json' }, payload: good.payload }),
      ],
    ];
    for (const [name, attempt] of attempts) {
      const res = await attempt;
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ error: { code: 'data_invalid', message: expect.any(String) } });
    }
    expect(await balanceOf(m.id)).toBe(0);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.checkoutId, id))).toHaveLength(0);
    // Within the tolerance it is accepted.
    expect((await deliver(signed(event, { at: new Date(NOW.getTime() - 299_000) }))).statusCode).toBe(200);
    expect(await balanceOf(m.id)).toBe(30);
  });

  it('answers a signed body that is not an event, or not JSON, with 400 and changes nothing', async () => {
    for (const payload of [
      'not json',
      '[]',
      'null',
      '{"id":"evt_no_data","type":"checkout.session.completed"}',
      '{"type":"invoice.paid","data":{"object":null}}',
    ]) {
      const res = await deliver(signed(payload));
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error.code, payload).toBe('data_invalid');
    }
  });

  it('leaves the JSON parsing of every other route alone', async () => {
    const m = await signUpMember(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/checkouts',
      headers: { ...m.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ purchase: { kind: 'tokens', amount: 4 } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('token_amount_invalid');
  });
});

describe('what a session means', () => {
  const s = (status: string, payment_status: string) => ({ status, payment_status }) as Stripe.Checkout.Session;
  it('paid once complete and paid; cancelled once expired or its delayed payment failed; otherwise nothing yet', () => {
    expect(sessionOutcome('checkout.session.completed', s('complete', 'paid'))).toBe('paid');
    expect(sessionOutcome('checkout.session.expired', s('complete', 'paid'))).toBe('paid');
    expect(sessionOutcome('checkout.session.completed', s('complete', 'unpaid'))).toBeNull();
    expect(sessionOutcome('checkout.session.async_payment_failed', s('complete', 'unpaid'))).toBe('cancelled');
    expect(sessionOutcome('checkout.session.expired', s('expired', 'unpaid'))).toBe('cancelled');
    expect(sessionOutcome('checkout.session.completed', s('open', 'unpaid'))).toBeNull();
  });
});

describe('configuration', () => {
  const env = (extra: Record<string, string>) => ({
    NODE_ENV: 'test',
    DATA_DIR: t.config.dataDir,
    JWT_SECRET: 'x'.repeat(32),
    ENCRYPTION_KEY: 'y'.repeat(32),
    ...extra,
  });
  it('is the local provider by default; Stripe needs its secret key and webhook secret, named when missing', () => {
    expect(loadConfig(env({})).payments).toEqual({ provider: 'local' });
    expect(() => loadConfig(env({ PAYMENTS_PROVIDER: 'stripe' }))).toThrow(
      /STRIPE_SECRET_KEY: required when PAYMENTS_PROVIDER=stripe[\s\S]*STRIPE_WEBHOOK_SECRET: required/,
    );
    expect(() =>
      loadConfig(env({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'pk_test_oops', STRIPE_WEBHOOK_SECRET: 'whsec_x' })),
    ).toThrow(/STRIPE_SECRET_KEY: must start with sk_ or rk_/);
    expect(
      loadConfig(
        env({
          PAYMENTS_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_1',
          STRIPE_WEBHOOK_SECRET: 'whsec_1',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
          STRIPE_API_BASE: 'http://127.0.0.1:12111',
        }),
      ).payments,
    ).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      publishableKey: 'pk_test_1',
      apiBase: 'http://127.0.0.1:12111',
    });
  });

  it('without Stripe the webhook is not found', async () => {
    const local = await createTestApp({ now: NOW.toISOString() });
    try {
      const res = await local.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    } finally {
      await local.close();
    }
  });
});
