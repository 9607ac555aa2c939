import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import { addMonth } from '@swapu/shared/purchases';
import { checkouts, paymentEvents, subscriptions, tokenLedger } from '../../db/schema/index';
import { signUpMember } from '../../test/accounts';
import type { TestApp } from '../../test/app';
import type { StripeStandIn } from '../../test/stripe-stand-in';
import { useStripeWebhookApp } from '../../test/stripe-webhooks';
import { refundCheckout } from './refunds.service';

const NOW = new Date('2026-11-20T00:00:00.000Z');
const h = useStripeWebhookApp(NOW);
const { signed, deliver, start, balanceOf, subscriptionOf } = h;
let t: TestApp;
let api: StripeStandIn;
beforeAll(() => {
  ({ t, api } = h);
});

describe('replayed webhooks', () => {
  it('every event of a run delivered three times, shuffled and concurrent, applies each effect exactly once', async () => {
    const [buyer, subscriber, lapsing] = [await signUpMember(t.app), await signUpMember(t.app), await signUpMember(t.app)];
    const t1 = await start(buyer, { kind: 'tokens', amount: 20 });
    const t2 = await start(buyer, { kind: 'tokens', amount: 55 });
    const t3 = await start(buyer, { kind: 'tokens', amount: 100 });
    const abandoned = await start(buyer, { kind: 'tokens', amount: 40 });
    const s1 = await start(subscriber, { kind: 'subscription' });
    const s2 = await start(lapsing, { kind: 'subscription' });

    const events = [
      api.event('checkout.session.completed', api.completeSession(t1.sessionId)),
      api.event('checkout.session.completed', api.completeSession(t2.sessionId)),
      api.event('checkout.session.completed', api.completeSession(t3.sessionId, { async: true })),
      api.event('checkout.session.async_payment_succeeded', api.settleSession(t3.sessionId, true)),
      api.event('checkout.session.expired', api.expireSession(abandoned.sessionId)),
      api.event('checkout.session.completed', api.completeSession(s1.sessionId)),
      api.event('checkout.session.completed', api.completeSession(s2.sessionId)),
    ];
    const sub1 = api.sessions.get(s1.sessionId)!.subscription as string;
    const sub2 = api.sessions.get(s2.sessionId)!.subscription as string;
    // A month on, the subscriber's renewal is paid; the other's fails.
    events.push(api.event('invoice.paid', api.renewalInvoice(sub1, true)));
    events.push(api.event('invoice.payment_failed', api.renewalInvoice(sub2, false)));

    const deliveries = [...events, ...events, ...events].map((e) => signed(e)).sort(() => Math.random() - 0.5);
    const answers = await Promise.all(deliveries.map(deliver));
    expect(answers.map((r) => r.statusCode)).toEqual(deliveries.map(() => 200));

    // Tokens: 20 + 55 + 100, one ledger row per purchase; the expired session granted nothing.
    expect(await balanceOf(buyer.id)).toBe(175);
    const ledger = await t.db.select().from(tokenLedger).where(eq(tokenLedger.userId, buyer.id));
    expect(ledger.map((r) => r.delta).sort((x, y) => x - y)).toEqual([20, 55, 100]);
    const statuses = await t.db
      .select({ id: checkouts.id, status: checkouts.status })
      .from(checkouts)
      .where(inArray(checkouts.id, [t1.id, t2.id, t3.id, abandoned.id, s1.id, s2.id]));
    expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
      [t1.id]: 'paid',
      [t2.id]: 'paid',
      [t3.id]: 'paid',
      [abandoned.id]: 'cancelled',
      [s1.id]: 'paid',
      [s2.id]: 'paid',
    });
    // The subscription: started once and renewed once (two months from now), whatever came first.
    expect(await subscriptionOf(subscriber)).toMatchObject({ status: 'active', currentPeriodEnd: addMonth(addMonth(NOW)).toISOString() });
    const [row1] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, s1.id));
    expect(row1).toMatchObject({ providerRef: sub1, provider: 'stripe' });
    // The failed renewal ended the other one.
    expect(await subscriptionOf(lapsing)).toMatchObject({ status: 'expired' });
    // Every event recorded, once (each acted on the session or invoice as it was by then).
    const recorded = await t.db
      .select()
      .from(paymentEvents)
      .where(
        and(
          eq(paymentEvents.provider, 'stripe'),
          inArray(
            paymentEvents.eventId,
            events.map((e) => e.id),
          ),
        ),
      );
    expect(recorded.map((r) => r.eventId).sort()).toEqual(events.map((e) => e.id).sort());
  });

  it('a renewal that arrives before its subscription started starts it first, from the session re-fetched', async () => {
    const m = await signUpMember(t.app);
    const s = await start(m, { kind: 'subscription' });
    const session = api.completeSession(s.sessionId);
    const started = api.event('checkout.session.completed', session);
    const renewal = api.event('invoice.paid', api.renewalInvoice(session.subscription as string, true));
    expect((await deliver(signed(renewal))).statusCode).toBe(200);
    expect(await subscriptionOf(m)).toMatchObject({ status: 'active', currentPeriodEnd: addMonth(addMonth(NOW)).toISOString() });
    expect((await deliver(signed(started))).statusCode).toBe(200);
    expect((await deliver(signed(renewal))).statusCode).toBe(200);
    expect(await subscriptionOf(m)).toMatchObject({ status: 'active', currentPeriodEnd: addMonth(addMonth(NOW)).toISOString() });
    expect(
      await t.db
        .select()
        .from(paymentEvents)
        .where(like(paymentEvents.eventId, `${renewal.id}%`)),
    ).toHaveLength(2);
  });

  it('a failed renewal whose retry has since been paid does not end the subscription', async () => {
    const m = await signUpMember(t.app);
    const s = await start(m, { kind: 'subscription' });
    const session = api.completeSession(s.sessionId);
    await deliver(signed(api.event('checkout.session.completed', session)));
    const invoice = api.renewalInvoice(session.subscription as string, false);
    const failed = api.event('invoice.payment_failed', invoice);
    invoice.status = 'paid';
    const paid = api.event('invoice.paid', invoice);
    await deliver(signed(paid));
    await deliver(signed(failed));
    expect(await subscriptionOf(m)).toMatchObject({ status: 'active', currentPeriodEnd: addMonth(addMonth(NOW)).toISOString() });
  });
});

describe('cancelling and refunding at Stripe', () => {
  it('cancelling in the app sets cancel_at_period_end on the Stripe subscription; it runs to the period end here', async () => {
    const m = await signUpMember(t.app);
    const s = await start(m, { kind: 'subscription' });
    const session = api.completeSession(s.sessionId);
    await deliver(signed(api.event('checkout.session.completed', session)));
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/me/subscription/cancel', headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', currentPeriodEnd: addMonth(NOW).toISOString() });
    const call = api.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${session.subscription as string}`);
    expect(call).toHaveLength(1);
    expect(call[0]!.form).toEqual({ cancel_at_period_end: 'true' });
    expect(api.subscriptions.get(session.subscription as string)!.cancel_at_period_end).toBe(true);
  });

  it('a refund returns the session’s payment through POST /v1/refunds with the idempotency key, once however often asked', async () => {
    const m = await signUpMember(t.app);
    const { id, sessionId } = await start(m, { kind: 'tokens', amount: 25 });
    const session = api.completeSession(sessionId);
    await deliver(signed(api.event('checkout.session.completed', session)));
    const before = api.refunds.length;
    await t.app.ctx.payments.refund(sessionId, 2500, `refund_${id}`);
    await t.app.ctx.payments.refund(sessionId, 2500, `refund_${id}`);
    const calls = api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.idempotencyKey === `refund_${id}`);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.form).toMatchObject({ payment_intent: session.payment_intent, amount: '2500', 'metadata[checkout_id]': id });
    // The stand-in, like Stripe, answered the repeated key with the first refund.
    expect(api.refunds.length - before).toBe(1);
  });

  it("a renewal is a paid checkout of its own that keeps Stripe's invoice; an admin's refund of it returns that invoice's payment and ends the subscription", async () => {
    const m = await signUpMember(t.app);
    const s = await start(m, { kind: 'subscription' });
    const session = api.completeSession(s.sessionId);
    expect((await deliver(signed(api.event('checkout.session.completed', session)))).statusCode).toBe(200);
    const invoice = api.renewalInvoice(session.subscription as string, true);
    expect((await deliver(signed(api.event('invoice.paid', invoice)))).statusCode).toBe(200);
    const [renewal] = await t.db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.userId, m.id), eq(checkouts.providerRef, invoice.id as string)));
    expect(renewal).toMatchObject({ kind: 'subscription', status: 'paid', provider: 'stripe', amountCents: 1000 });
    await refundCheckout(
      t.db,
      t.app.ctx.payments,
      { seller: { name: 'SwapU', abn: null, address: '' }, publicUrl: 'http://localhost' },
      renewal!.id,
      NOW,
    );
    const call = api.requests.findLast((r) => r.path === '/v1/refunds')!;
    expect(call.idempotencyKey).toBe(`refund_${renewal!.id}`);
    expect(call.form).toMatchObject({ payment_intent: (invoice as { _payment_intent?: string })._payment_intent, amount: '1000' });
    expect(await subscriptionOf(m)).toMatchObject({ status: 'expired' });
  });

  it("a subscription's refund returns its first invoice's payment", async () => {
    const m = await signUpMember(t.app);
    const { id, sessionId } = await start(m, { kind: 'subscription' });
    const session = api.completeSession(sessionId);
    const invoice = api.invoices.get(session.invoice as string)!;
    await t.app.ctx.payments.refund(sessionId, 1000, `refund_${id}`);
    const call = api.requests.findLast((r) => r.path === '/v1/refunds')!;
    expect(call.idempotencyKey).toBe(`refund_${id}`);
    expect(call.form).toMatchObject({ payment_intent: invoice._payment_intent, amount: '1000' });
  });
});
