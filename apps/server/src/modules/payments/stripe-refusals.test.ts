import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { QUOTE_HOLD_MINUTES } from '@swapu/shared/delivery-api';
import { checkouts, deliveries, mailOutbox, notifications, receipts, subscriptions, tokenBalances } from '../../db/schema/index';
import { signAccessToken } from '../../lib/tokens';
import { signUpMember } from '../../test/accounts';
import { stripeTestApp, type StripeTestApp } from '../../test/stripe-app';
import { acceptedSwap } from '../delivery/test-swap';
import { CHECKOUT_OPEN_MINUTES, lapseOpenCheckouts } from './checkout-lapse';

/**
 * Money Stripe took for something SwapU cannot grant (a second subscription, a checkout that
 * lapsed, a delivery whose quote expired) goes back through the port exactly once, and the member
 * is told; through the Stripe adapter against the stand-in, with signed webhooks.
 */
const NOW = new Date('2026-11-20T00:00:00.000Z');
const MINUTE = 60_000;
let s: StripeTestApp;
beforeAll(async () => {
  s = await stripeTestApp(NOW, { config: { delivery: { courier: 'local', simStepMs: MINUTE } } });
});
afterAll(async () => {
  await s?.close();
});

/** The refunds the stand-in made for a payment (through the API or in its dashboard). */
const refundsOf = (intent: string) => s.api.refunds.filter((r) => r.payment_intent === intent);
const receiptsOf = async (checkoutIds: string[]) =>
  (await s.t.db.select().from(receipts).where(inArray(receipts.checkoutId, checkoutIds))).map((r) => `${r.checkoutId}:${r.kind}`).sort();
const checkoutView = async (headers: Record<string, string>, id: string) =>
  (await s.t.app.inject({ method: 'GET', url: `/api/v1/checkouts/${id}`, headers })).json();

describe('one live subscription per member, with Stripe', () => {
  it('two subscriptions paid at Stripe at the same moment: one starts; the other is refunded once, never billed again, and the member is told', async () => {
    const m = await signUpMember(s.t.app);
    const a = await s.start(m, { kind: 'subscription' });
    const b = await s.start(m, { kind: 'subscription' });
    const events = [a, b].map((c) => s.api.event('checkout.session.completed', s.api.completeSession(c.sessionId)));
    // Each event delivered twice, all at once.
    const answers = await Promise.all([...events, ...events].map((e) => s.deliver(e)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);

    const live = await s.t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    expect(live).toHaveLength(1);
    const kept = live[0]!.id;
    const refused = kept === a.id ? b : a;
    expect(await checkoutView(m.headers, kept)).toMatchObject({ status: 'paid', refundReason: null });
    expect(await checkoutView(m.headers, refused.id)).toMatchObject({ status: 'refunded', refundReason: 'already_subscribed' });
    // Its payment returned once, with the checkout's idempotency key; its Stripe subscription charges no more.
    const session = s.api.sessions.get(refused.sessionId)!;
    const intent = s.api.intentOf(session);
    expect(refundsOf(intent)).toHaveLength(1);
    expect(s.api.requests.filter((r) => r.path === '/v1/refunds' && r.idempotencyKey === `refund_${refused.id}`).length).toBeGreaterThan(0);
    expect(s.api.subscriptions.get(session.subscription as string)!.cancel_at_period_end).toBe(true);
    expect(
      s.api.subscriptions.get(s.api.sessions.get(kept === a.id ? a.sessionId : b.sessionId)!.subscription as string)!.cancel_at_period_end,
    ).toBe(false);
    // Receipts: a tax invoice for each payment, a refund note for the one returned.
    expect(await receiptsOf([a.id, b.id])).toEqual([`${a.id}:payment`, `${b.id}:payment`, `${refused.id}:refund`].sort());
    const notes = await s.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, m.id), eq(notifications.kind, 'payment')));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.data).toMatchObject({ event: 'refunded', reason: 'already_subscribed' });
    const mails = await s.t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, m.email), eq(mailOutbox.template, 'receipt')));
    expect(mails.filter((x) => x.subject.startsWith('Your SwapU refund note'))).toHaveLength(1);
    expect(mails.find((x) => x.subject.startsWith('Your SwapU refund note'))!.text).toContain('You already have a subscription');
  });

  it('a renewal of a Stripe subscription that ended here, after the member subscribed again, is refunded and that subscription stopped', async () => {
    const m = await signUpMember(s.t.app);
    const first = await s.start(m, { kind: 'subscription' });
    const firstSession = await s.payAtStripe(first.sessionId);
    const oldSub = firstSession.subscription as string;
    // Its renewal fails: it ends here (Stripe retries the invoice later).
    const failed = s.api.renewalInvoice(oldSub, false);
    expect((await s.deliver(s.api.event('invoice.payment_failed', failed))).statusCode).toBe(200);
    const second = await s.start(m, { kind: 'subscription' });
    await s.payAtStripe(second.sessionId);
    // Stripe's retry of the old invoice succeeds.
    failed.status = 'paid';
    const retried = s.api.event('invoice.paid', failed);
    expect((await s.deliver(retried)).statusCode).toBe(200);
    expect((await s.deliver(retried)).statusCode).toBe(200);

    const rows = await s.t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [first.id]: 'expired', [second.id]: 'active' });
    const [renewal] = await s.t.db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.userId, m.id), eq(checkouts.providerRef, failed.id)));
    expect(renewal).toMatchObject({ status: 'refunded', refundReason: 'already_subscribed' });
    expect(refundsOf(s.api.intentOf(failed))).toHaveLength(1);
    expect(s.api.subscriptions.get(oldSub)!.cancel_at_period_end).toBe(true);
  });
});

describe('a lapsed checkout, paid at Stripe', () => {
  it('is refunded once, however often the payment is told, and grants nothing', async () => {
    const m = await signUpMember(s.t.app);
    const c = await s.start(m, { kind: 'tokens', amount: 40 });
    // The session expires with the checkout.
    const sent = s.api.requests.find((r) => r.path === '/v1/checkout/sessions' && r.form['client_reference_id'] === c.id)!;
    expect(Number(sent.form['expires_at'])).toBe(Math.floor(NOW.getTime() / 1000) + CHECKOUT_OPEN_MINUTES * 60);
    s.t.clock.advance(CHECKOUT_OPEN_MINUTES * MINUTE);
    try {
      m.headers = { authorization: `Bearer ${await signAccessToken(s.t.config.jwtSecret, m.id, s.t.clock.now())}` };
      expect(await lapseOpenCheckouts(s.t.db, s.t.clock.now())).toContain(c.id);
      const paid = s.api.event('checkout.session.completed', s.api.completeSession(c.sessionId));
      const answers = await Promise.all([s.deliver(paid), s.deliver(paid), s.deliver(paid)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(await checkoutView(m.headers, c.id)).toMatchObject({ status: 'refunded', refundReason: 'lapsed' });
      const [balance] = await s.t.db.select().from(tokenBalances).where(eq(tokenBalances.userId, m.id));
      expect(balance?.balance ?? 0).toBe(0);
      expect(refundsOf(s.api.intentOf(s.api.sessions.get(c.sessionId)!))).toHaveLength(1);
      expect(await receiptsOf([c.id])).toEqual([`${c.id}:payment`, `${c.id}:refund`]);
    } finally {
      s.t.clock.set(NOW);
    }
  });

  it('a delayed payment Stripe is still settling does not lapse: it is granted when it settles', async () => {
    const m = await signUpMember(s.t.app);
    const c = await s.start(m, { kind: 'tokens', amount: 12 });
    expect(
      (await s.deliver(s.api.event('checkout.session.completed', s.api.completeSession(c.sessionId, { async: true })))).statusCode,
    ).toBe(200);
    expect(await checkoutView(m.headers, c.id)).toMatchObject({ status: 'processing' });
    s.t.clock.advance(3 * CHECKOUT_OPEN_MINUTES * MINUTE);
    try {
      m.headers = { authorization: `Bearer ${await signAccessToken(s.t.config.jwtSecret, m.id, s.t.clock.now())}` };
      expect(await lapseOpenCheckouts(s.t.db, s.t.clock.now())).not.toContain(c.id);
      expect(
        (await s.deliver(s.api.event('checkout.session.async_payment_succeeded', s.api.settleSession(c.sessionId, true)))).statusCode,
      ).toBe(200);
      expect(await checkoutView(m.headers, c.id)).toMatchObject({ status: 'paid', refundReason: null });
      const [balance] = await s.t.db.select().from(tokenBalances).where(eq(tokenBalances.userId, m.id));
      expect(balance!.balance).toBe(12);
    } finally {
      s.t.clock.set(NOW);
    }
  });
});

describe('a delivery paid at Stripe after its quote expired', () => {
  it('books nothing and is refunded exactly once', async () => {
    const swap = await acceptedSwap(s.t, NOW);
    const quoted = await swap.post(swap.owner, '/api/v1/deliveries', swap.order());
    expect(quoted.statusCode, quoted.body).toBe(201);
    const deliveryId = (quoted.json() as { id: string }).id;
    const started = await swap.post(swap.owner, `/api/v1/deliveries/${deliveryId}/checkout`);
    expect(started.statusCode, started.body).toBe(201);
    const checkoutId = (started.json() as { id: string }).id;
    const [row] = await s.t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    s.t.clock.advance(QUOTE_HOLD_MINUTES * MINUTE);
    try {
      const paid = s.api.event('checkout.session.completed', s.api.completeSession(row!.providerRef!));
      expect((await Promise.all([s.deliver(paid), s.deliver(paid)])).map((r) => r.statusCode)).toEqual([200, 200]);
      const [d] = await s.t.db.select().from(deliveries).where(eq(deliveries.id, deliveryId));
      expect(d).toMatchObject({ state: 'awaiting_payment', checkoutId: null });
      expect(await checkoutView(swap.owner.headers, checkoutId)).toMatchObject({ status: 'refunded', refundReason: 'quote_expired' });
      expect(refundsOf(s.api.intentOf(s.api.sessions.get(row!.providerRef!)!))).toHaveLength(1);
      expect(await receiptsOf([checkoutId])).toEqual([`${checkoutId}:payment`, `${checkoutId}:refund`]);
    } finally {
      s.t.clock.set(NOW);
    }
  });
});
