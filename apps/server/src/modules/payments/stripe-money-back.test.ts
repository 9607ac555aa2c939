import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { checkouts, receipts, subscriptions, tokenBalances, tokenLedger } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { signUpMember, type TestMember } from '../../test/accounts';
import { stripeTestApp, type StripeTestApp } from '../../test/stripe-app';
import { refundCheckout } from './refunds.service';
import { bookTokens } from '../tokens/tokens.service';

/**
 * Money returned outside SwapU (a refund in Stripe's dashboard, a chargeback) takes back what it
 * bought, once, through the refund code; through the Stripe adapter against the stand-in, with
 * signed webhooks.
 */
const NOW = new Date('2026-11-20T00:00:00.000Z');
let s: StripeTestApp;
beforeAll(async () => {
  s = await stripeTestApp(NOW);
});
afterAll(async () => {
  await s?.close();
});

const balanceOf = async (userId: string) =>
  (await s.t.db.select().from(tokenBalances).where(eq(tokenBalances.userId, userId)))[0]?.balance ?? 0;
const ledgerOf = async (userId: string) =>
  (await s.t.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId)).orderBy(tokenLedger.id)).map((r) => [r.reason, r.delta]);
const receiptsOf = async (checkoutId: string) =>
  (await s.t.db.select().from(receipts).where(eq(receipts.checkoutId, checkoutId))).map((r) => r.kind).sort();
const rowOf = async (id: string) => (await s.t.db.select().from(checkouts).where(eq(checkouts.id, id)))[0]!;
const all = async (events: object[]) => (await Promise.all(events.map((e) => s.deliver(e)))).map((r) => r.statusCode);

/** Buys `amount` tokens at Stripe: the checkout and the PaymentIntent it was paid by. */
async function buyTokens(m: TestMember, amount: number) {
  const c = await s.start(m, { kind: 'tokens', amount });
  const session = await s.payAtStripe(c.sessionId);
  return { ...c, intent: s.api.intentOf(session) };
}
const spend = (userId: string, tokens: number) =>
  s.t.db.transaction((tx) => bookTokens(tx, { userId, delta: -tokens, reason: 'boost', sourceId: newId(), now: NOW }));

describe("a refund made in Stripe's dashboard (charge.refunded)", () => {
  it('takes back the tokens it bought once, however often told; tokens already spent leave 0 with the shortfall recorded', async () => {
    const m = await signUpMember(s.t.app);
    const c = await buyTokens(m, 50);
    await spend(m.id, 20);
    const charge = s.api.refundInDashboard(c.intent);
    const refunded = s.api.event('charge.refunded', charge);
    expect(await all([refunded, refunded, refunded])).toEqual([200, 200, 200]);

    expect(await balanceOf(m.id)).toBe(0);
    expect(await ledgerOf(m.id)).toEqual([
      ['purchase', 50],
      ['boost', -20],
      ['refund', -30],
    ]);
    expect(await rowOf(c.id)).toMatchObject({ status: 'refunded', refundReason: 'provider_refund', shortfallTokens: 20 });
    expect(await receiptsOf(c.id)).toEqual(['payment', 'refund']);
    // Stripe already returned the money: SwapU asks for no refund of its own.
    expect(s.api.requests.filter((r) => r.path === '/v1/refunds' && r.form['payment_intent'] === c.intent)).toEqual([]);
    const view = await s.t.app.inject({ method: 'GET', url: `/api/v1/checkouts/${c.id}`, headers: m.headers });
    expect(view.json()).toMatchObject({ status: 'refunded', refundReason: 'provider_refund', shortfallTokens: 20 });
    const list = await s.t.app.inject({ method: 'GET', url: '/api/v1/me/receipts', headers: m.headers });
    expect(list.json().items.find((r: { kind: string }) => r.kind === 'refund')).toMatchObject({
      checkoutId: c.id,
      refundReason: 'provider_refund',
      amountCents: 5000,
    });
    // The database itself never lets a balance go below zero.
    await expect(
      s.t.db
        .update(tokenBalances)
        .set({ balance: sql`${tokenBalances.balance} - 1` })
        .where(eq(tokenBalances.userId, m.id)),
    ).rejects.toThrow();
  });

  it('a refund made in SwapU, then echoed by Stripe, reverses once', async () => {
    const m = await signUpMember(s.t.app);
    const c = await buyTokens(m, 25);
    await refundCheckout(
      s.t.db,
      s.t.app.ctx.payments,
      { seller: { name: 'SwapU', abn: null, address: '' }, publicUrl: 'http://localhost' },
      c.id,
      NOW,
    );
    const echo = s.api.event('charge.refunded', s.api.chargeOf(c.intent));
    expect(await all([echo, echo])).toEqual([200, 200]);
    expect(await ledgerOf(m.id)).toEqual([
      ['purchase', 25],
      ['refund', -25],
    ]);
    expect(await rowOf(c.id)).toMatchObject({ status: 'refunded', refundReason: 'admin', shortfallTokens: 0 });
    expect(await receiptsOf(c.id)).toEqual(['payment', 'refund']);
    expect(s.api.refunds.filter((r) => r.payment_intent === c.intent)).toHaveLength(1);
  });

  it('a partial refund in the dashboard (a goodwill gesture) takes nothing back', async () => {
    const m = await signUpMember(s.t.app);
    const c = await buyTokens(m, 30);
    expect(await all([s.api.event('charge.refunded', s.api.refundInDashboard(c.intent, 500))])).toEqual([200]);
    expect(await balanceOf(m.id)).toBe(30);
    expect(await rowOf(c.id)).toMatchObject({ status: 'paid', refundReason: null });
  });
});

describe('a chargeback (charge.dispute.created / .closed)', () => {
  it('takes back a subscription at once, since Stripe takes the money then; winning it restores nothing, however often told', async () => {
    const m = await signUpMember(s.t.app);
    const c = await s.start(m, { kind: 'subscription' });
    const session = await s.payAtStripe(c.sessionId);
    const dispute = s.api.openDispute(s.api.intentOf(session));
    const created = s.api.event('charge.dispute.created', dispute);
    expect(await all([created, created])).toEqual([200, 200]);
    const [sub] = await s.t.db.select().from(subscriptions).where(eq(subscriptions.id, c.id));
    expect(sub!.status).toBe('expired');
    expect(s.api.subscriptions.get(session.subscription as string)!.cancel_at_period_end).toBe(true);
    expect(await rowOf(c.id)).toMatchObject({ status: 'refunded', refundReason: 'dispute' });
    const me = await s.t.app.inject({ method: 'GET', url: '/api/v1/me/subscription', headers: m.headers });
    expect(me.json().status).toBe('expired');

    const won = s.api.event('charge.dispute.closed', s.api.closeDispute(dispute.id, 'won'));
    expect(await all([won, won])).toEqual([200, 200]);
    const [after] = await s.t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    expect(after!.status).toBe('expired');
    expect(await rowOf(c.id)).toMatchObject({ status: 'refunded', refundReason: 'dispute' });
    expect(((await rowOf(c.id)).details as { disputeWonAt?: string }).disputeWonAt).toBe(NOW.toISOString());
    expect(await receiptsOf(c.id)).toEqual(['payment', 'refund']);
  });

  it('a lost dispute whose opening was never told reverses once; an inquiry, where Stripe holds no money, takes nothing', async () => {
    const m = await signUpMember(s.t.app);
    const lost = await buyTokens(m, 10);
    const asked = await buyTokens(m, 15);
    const d = s.api.openDispute(lost.intent);
    const closed = s.api.event('charge.dispute.closed', s.api.closeDispute(d.id, 'lost'));
    const inquiry = s.api.event('charge.dispute.created', s.api.openDispute(asked.intent, 'warning_needs_response'));
    expect(await all([closed, inquiry, closed])).toEqual([200, 200, 200]);
    expect(await balanceOf(m.id)).toBe(15);
    const rows = await s.t.db
      .select({ id: checkouts.id, status: checkouts.status })
      .from(checkouts)
      .where(inArray(checkouts.id, [lost.id, asked.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [lost.id]: 'refunded', [asked.id]: 'paid' });
  });

  it("a dispute of a renewal's payment takes back that renewal (found through its invoice)", async () => {
    const m = await signUpMember(s.t.app);
    const c = await s.start(m, { kind: 'subscription' });
    const session = await s.payAtStripe(c.sessionId);
    const invoice = s.api.renewalInvoice(session.subscription as string, true);
    expect(await all([s.api.event('invoice.paid', invoice)])).toEqual([200]);
    const dispute = s.api.openDispute(s.api.intentOf(invoice));
    expect(await all([s.api.event('charge.dispute.created', dispute)])).toEqual([200]);
    const [renewal] = await s.t.db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.userId, m.id), eq(checkouts.providerRef, invoice.id)));
    expect(renewal).toMatchObject({ status: 'refunded', refundReason: 'dispute' });
    expect(await rowOf(c.id)).toMatchObject({ status: 'paid' });
    const [sub] = await s.t.db.select().from(subscriptions).where(eq(subscriptions.id, c.id));
    expect(sub!.status).toBe('expired');
  });
});
