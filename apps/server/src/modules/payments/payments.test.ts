import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { checkouts, paymentEvents, posts, tokenBalances, tokenLedger } from '../../db/schema/index';
import { createUser, createPost } from '../../test/factories';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { newId } from '../../lib/ids';
import { fulfil, type PaymentEvent } from './fulfilment';
import { bookTokens, boostPost } from '../tokens/tokens.service';
import { judgeLocalCard } from './local-card';

const DEPS = { seller: { name: 'SwapU', abn: null, address: '' }, publicUrl: 'http://localhost' };
let t: TestApp;
const NOW = new Date('2026-11-20T00:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

const startTokens = (m: TestMember, amount: unknown, returnTo?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/checkouts',
    headers: m.headers,
    payload: { purchase: { kind: 'tokens', amount }, returnTo },
  });
const pay = (m: TestMember, id: string, cardNumber = '4242 4242 4242 4242') =>
  t.app.inject({ method: 'POST', url: `/api/v1/checkouts/${id}/pay`, headers: m.headers, payload: { cardNumber } });
const tokensOf = async (m: TestMember) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/me/tokens', headers: m.headers })).json() as {
    balance: number;
    entries: Array<{ delta: number; balanceAfter: number; reason: string; postId: string | null; postTitle: string | null }>;
  };
const buyTokens = async (m: TestMember, amount: number) => {
  const { id } = (await startTokens(m, amount)).json() as { id: string };
  expect((await pay(m, id)).statusCode).toBe(200);
  return id;
};

describe('the local card check', () => {
  it('approves test cards, declines the decline card and refuses what is not a card number', () => {
    expect(judgeLocalCard('4242 4242 4242 4242')).toBe('approved');
    expect(judgeLocalCard('5555-5555-5555-4444')).toBe('approved');
    expect(judgeLocalCard('4000 0000 0000 0002')).toBe('declined');
    expect(judgeLocalCard('4242 4242 4242 4241')).toBe('invalid');
    expect(judgeLocalCard('hello')).toBe('invalid');
  });
});

describe('buying tokens through the local provider', () => {
  it('needs an account', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/checkouts', payload: { purchase: { kind: 'tokens', amount: 20 } } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an amount outside 5–500 or not whole in the spec’s words, and records nothing', async () => {
    const m = await signUpMember(t.app);
    for (const amount of [4, 501, 7.5, '20', null, -10]) {
      const res = await startTokens(m, amount);
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'token_amount_invalid',
        message: 'The Amount of Token You Want to Purchase is Invalid',
      });
    }
    expect(await t.db.select().from(checkouts).where(eq(checkouts.userId, m.id))).toHaveLength(0);
  });

  it('creates an open checkout with the GST-inclusive price, and pays it once: 20 tokens in the ledger', async () => {
    const m = await signUpMember(t.app);
    const res = await startTokens(m, 20, '/myswapu');
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json() as { id: string; url: string };
    expect(url).toBe(`/checkout/${id}`);
    const before = await t.app.inject({ method: 'GET', url: `/api/v1/checkouts/${id}`, headers: m.headers });
    expect(before.json()).toMatchObject({
      kind: 'tokens',
      tokens: 20,
      amountCents: 2000,
      gstCents: 182,
      status: 'open',
      returnTo: '/myswapu',
    });

    const paid = await pay(m, id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid' });
    // Paying again (a double click, a reload) changes nothing.
    expect((await pay(m, id)).json()).toMatchObject({ status: 'paid' });
    const account = await tokensOf(m);
    expect(account.balance).toBe(20);
    expect(account.entries).toEqual([expect.objectContaining({ delta: 20, balanceAfter: 20, reason: 'purchase' })]);
  });

  it("a declined card is 'Checkout process didn't go through', grants nothing and leaves the checkout open", async () => {
    const m = await signUpMember(t.app);
    const { id } = (await startTokens(m, 50)).json() as { id: string };
    const res = await pay(m, id, '4000 0000 0000 0002');
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: 'checkout_failed', message: "Checkout process didn't go through" });
    expect((await tokensOf(m)).balance).toBe(0);
    // The person can try another card, as on a real provider's page.
    expect((await pay(m, id)).json()).toMatchObject({ status: 'paid' });
    expect((await tokensOf(m)).balance).toBe(50);
  });

  it('a cancelled checkout grants nothing and can no longer be paid here', async () => {
    const m = await signUpMember(t.app);
    const { id } = (await startTokens(m, 10)).json() as { id: string };
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/checkouts/${id}/cancel`, headers: m.headers });
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    expect((await pay(m, id)).json()).toMatchObject({ status: 'cancelled' });
    expect((await tokensOf(m)).balance).toBe(0);
  });

  it("someone else's checkout is not found", async () => {
    const [a, b] = [await signUpMember(t.app), await signUpMember(t.app)];
    const { id } = (await startTokens(a, 10)).json() as { id: string };
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/checkouts/${id}`, headers: b.headers })).statusCode).toBe(404);
    expect((await pay(b, id)).statusCode).toBe(404);
    expect((await tokensOf(a)).balance).toBe(0);
  });
});

describe('fulfilment is exactly once', () => {
  it('every event delivered three times, shuffled, grants each purchase once', async () => {
    const buyer = await createUser(t.db);
    const ids = Array.from({ length: 6 }, () => newId());
    for (const [i, id] of ids.entries()) {
      await t.db.insert(checkouts).values({
        id,
        userId: buyer.id,
        kind: 'tokens',
        details: { amount: 5 + i },
        amountCents: (5 + i) * 100,
        gstCents: Math.round(((5 + i) * 100) / 11),
        provider: 'stripe',
        createdAt: NOW,
      });
    }
    // Checkout 5 is cancelled by its own event before being paid by another (out of order).
    const events: PaymentEvent[] = ids.map((id, i) => ({
      provider: 'stripe',
      eventId: `evt_${id}`,
      type: 'checkout.paid',
      checkoutId: id,
      at: new Date(NOW.getTime() + i),
    }));
    const deliveries = [...events, ...events, ...events].sort(() => Math.random() - 0.5);
    const outcomes = await Promise.all(deliveries.map((e) => fulfil(t.db, DEPS, e)));
    expect(outcomes.filter((o) => o === 'granted')).toHaveLength(6);
    const [bal] = await t.db.select().from(tokenBalances).where(eq(tokenBalances.userId, buyer.id));
    expect(bal!.balance).toBe(5 + 6 + 7 + 8 + 9 + 10);
    const rows = await t.db.select().from(tokenLedger).where(eq(tokenLedger.userId, buyer.id));
    expect(rows).toHaveLength(6);
    expect(
      await t.db
        .select()
        .from(paymentEvents)
        .where(sql`${paymentEvents.eventId} like 'evt_%' and ${paymentEvents.checkoutId} in ${ids}`),
    ).toHaveLength(6);
  });

  it('a cancellation and a payment for one checkout never grant twice, whatever their order', async () => {
    const buyer = await createUser(t.db);
    const id = newId();
    await t.db.insert(checkouts).values({
      id,
      userId: buyer.id,
      kind: 'tokens',
      details: { amount: 30 },
      amountCents: 3000,
      gstCents: 273,
      provider: 'stripe',
      createdAt: NOW,
    });
    const events: PaymentEvent[] = [
      { provider: 'stripe', eventId: 'evt_cancel_1', type: 'checkout.cancelled', checkoutId: id, at: NOW },
      { provider: 'stripe', eventId: 'evt_paid_1', type: 'checkout.paid', checkoutId: id, at: NOW },
      { provider: 'stripe', eventId: 'evt_paid_2', type: 'checkout.paid', checkoutId: id, at: NOW },
    ];
    await Promise.all([...events, ...events].map((e) => fulfil(t.db, DEPS, e)));
    const [c] = await t.db.select().from(checkouts).where(eq(checkouts.id, id));
    expect(c!.status).toBe('paid');
    expect(await t.db.select().from(tokenLedger).where(eq(tokenLedger.userId, buyer.id))).toHaveLength(1);
  });
});

describe('spending tokens', () => {
  it('1,000 concurrent spends from many members never take a balance below zero, and the ledger sums to each balance', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, () => createUser(t.db)));
    for (const m of members)
      await t.db.transaction((tx) => bookTokens(tx, { userId: m.id, delta: 37, reason: 'purchase', sourceId: newId(), now: NOW }));
    const attempts = Array.from({ length: 1000 }, (_, i) => members[i % members.length]!);
    const results = await Promise.allSettled(
      attempts.map((m) =>
        t.db.transaction((tx) => bookTokens(tx, { userId: m.id, delta: -1, reason: 'extra_swipes', sourceId: newId(), now: NOW })),
      ),
    );
    const spent = results.filter((r) => r.status === 'fulfilled').length;
    // 100 tries each against 37 tokens: exactly 37 succeed per member.
    expect(spent).toBe(370);
    for (const r of results) if (r.status === 'rejected') expect(String((r.reason as Error).message)).toMatch(/enough tokens/);
    for (const m of members) {
      const [bal] = await t.db.select().from(tokenBalances).where(eq(tokenBalances.userId, m.id));
      const [sum] = await t.db
        .select({
          total: sql<number>`coalesce(sum(${tokenLedger.delta}), 0)::int`,
          lowest: sql<number>`min(${tokenLedger.balanceAfter})::int`,
        })
        .from(tokenLedger)
        .where(eq(tokenLedger.userId, m.id));
      expect(bal!.balance).toBe(0);
      expect(sum!.total).toBe(0);
      expect(sum!.lowest).toBe(0);
    }
  });

  it('the database itself refuses a negative balance and any change to the ledger', async () => {
    const m = await createUser(t.db);
    await t.db.transaction((tx) => bookTokens(tx, { userId: m.id, delta: 5, reason: 'purchase', sourceId: newId(), now: NOW }));
    // The database's own words, under the query builder's wrapper.
    const refusal = (q: PromiseLike<unknown>) =>
      Promise.resolve(q).then(
        () => 'accepted',
        (e: { cause?: { message?: string }; message?: string }) => e.cause?.message ?? e.message ?? '',
      );
    expect(await refusal(t.db.update(tokenBalances).set({ balance: -1 }).where(eq(tokenBalances.userId, m.id)))).toMatch(
      /token_balances_non_negative/,
    );
    expect(await refusal(t.db.update(tokenLedger).set({ delta: 500 }).where(eq(tokenLedger.userId, m.id)))).toMatch(/append-only/);
    expect(await refusal(t.db.delete(tokenLedger).where(eq(tokenLedger.userId, m.id)))).toMatch(/append-only/);
    expect((await t.db.select().from(tokenLedger).where(eq(tokenLedger.userId, m.id)))[0]).toMatchObject({ delta: 5, balanceAfter: 5 });
  });

  it('a boost costs 5 tokens and lasts 7 days; boosting again extends it from its end', async () => {
    const m = await signUpMember(t.app);
    const post = await createPost(t.db, { ownerId: m.id, title: 'Road bike', now: NOW });
    const boost = () => t.app.inject({ method: 'POST', url: `/api/v1/posts/${post.id}/boost`, headers: m.headers });
    const poor = await boost();
    expect(poor.statusCode).toBe(409);
    expect(poor.json().error.code).toBe('tokens_insufficient');

    await buyTokens(m, 12);
    const first = await boost();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ postId: post.id, boostedUntil: '2026-11-27T00:00:00.000Z', balance: 7 });
    const second = await boost();
    expect(second.json()).toEqual({ postId: post.id, boostedUntil: '2026-12-04T00:00:00.000Z', balance: 2 });
    expect((await boost()).statusCode).toBe(409);
    const account = await tokensOf(m);
    expect(account.entries.map((e) => [e.reason, e.delta, e.postTitle])).toEqual([
      ['boost', -5, 'Road bike'],
      ['boost', -5, 'Road bike'],
      ['purchase', 12, null],
    ]);
    const card = await t.app.inject({ method: 'GET', url: `/api/v1/posts/${post.id}` });
    expect(card.json()).toMatchObject({ boostedUntil: '2026-12-04T00:00:00.000Z' });
  });

  it('only the owner boosts, and only a published item; a refused boost costs nothing', async () => {
    const [owner, other] = [await signUpMember(t.app), await signUpMember(t.app)];
    await buyTokens(other, 10);
    await buyTokens(owner, 10);
    const post = await createPost(t.db, { ownerId: owner.id, title: 'Tent', now: NOW });
    const draft = await createPost(t.db, { ownerId: owner.id, title: 'Draft', now: NOW, state: 'draft' });
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/posts/${post.id}/boost`, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/posts/${draft.id}/boost`, headers: owner.headers })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/posts/nope/boost`, headers: owner.headers })).statusCode).toBe(404);
    expect((await tokensOf(other)).balance).toBe(10);
    expect((await tokensOf(owner)).balance).toBe(10);
    const [row] = await t.db.select({ b: posts.boostedUntil }).from(posts).where(eq(posts.id, post.id));
    expect(row!.b).toBeNull();
  });
});

describe('concurrent boosts', () => {
  it('ten boosts at once with tokens for three: three succeed, the boost runs 21 days', async () => {
    const m = await createUser(t.db);
    const post = await createPost(t.db, { ownerId: m.id, title: 'Canoe', now: NOW });
    await t.db.transaction((tx) => bookTokens(tx, { userId: m.id, delta: 15, reason: 'purchase', sourceId: newId(), now: NOW }));
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => boostPost(t.db, m.id, post.id, NOW)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const [row] = await t.db.select({ b: posts.boostedUntil }).from(posts).where(eq(posts.id, post.id));
    expect(row!.b!.toISOString()).toBe('2026-12-11T00:00:00.000Z');
  });
});
