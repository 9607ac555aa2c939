import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from '../../db/client';
import { checkouts, receipts, subscriptions } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { signAccessToken } from '../../lib/tokens';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost, createUser } from '../../test/factories';
import { fulfil } from './fulfilment';
import { subscriptionOf } from './subscriptions.service';

const DEPS = { seller: { name: 'SwapU', abn: null, address: '' }, publicUrl: 'http://localhost' };
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
    const early = await look();
    expect([early.statusCode, early.json().error.code]).toEqual([403, 'early_access']);
    expect(early.body).not.toContain('Brand-new kayak');
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

describe('one live subscription per member', () => {
  const open = async (m: TestMember) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/checkouts',
      headers: m.headers,
      payload: { purchase: { kind: 'subscription' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const pay = (m: TestMember, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/checkouts/${id}/pay`, headers: m.headers, payload: { cardNumber: '4242424242424242' } });

  it('two subscription checkouts opened before either is paid, paid at the same moment: one subscription; the other is refused and charges nothing', async () => {
    const m = await signUpMember(t.app);
    const [a, b] = [await open(m), await open(m)];
    const answers = await Promise.all([pay(m, a), pay(m, b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json().error).toEqual({ code: 'already_subscribed', message: 'You already have a subscription.' });
    const live = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    expect(live.map((s) => s.status)).toEqual(['active']);
    // The refused checkout is closed (the local card was never charged): no receipt, nothing to refund.
    const rows = await t.db.select({ id: checkouts.id, status: checkouts.status }).from(checkouts).where(eq(checkouts.userId, m.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['cancelled', 'paid']);
    const issued = await t.db.select().from(receipts).where(eq(receipts.userId, m.id));
    expect(issued.map((r) => [r.checkoutId, r.kind])).toEqual([[live[0]!.id, 'payment']]);
    expect((await pay(m, rows.find((r) => r.status === 'cancelled')!.id)).json()).toMatchObject({ status: 'cancelled' });
  });

  it('the database itself refuses a second live subscription for one member (active or cancelled, however it is written)', async () => {
    const m = await signUpMember(t.app);
    await subscribe(m);
    const second = (status: string) =>
      t.db.insert(subscriptions).values({ id: newId(), userId: m.id, status, currentPeriodEnd: new Date('2027-01-20T00:00:00.000Z') });
    await expect(second('active')).rejects.toThrow();
    await expect(second('cancelled')).rejects.toThrow();
    // An expired one is history, not live.
    await second('expired');
    expect(
      await t.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, m.id), eq(subscriptions.status, 'active'))),
    ).toHaveLength(1);
  });

  it('a member whose subscription ran out subscribes again: the old row is closed as expired in the same transaction', async () => {
    const m = await signUpMember(t.app);
    const first = await subscribe(m);
    t.clock.set(new Date('2026-12-21T00:00:00.000Z'));
    try {
      // Signed in again a month on.
      m.headers = { authorization: `Bearer ${await signAccessToken(t.config.jwtSecret, m.id, t.clock.now())}` };
      expect(await subscription(m)).toMatchObject({ status: 'expired' });
      const second = await open(m);
      expect((await pay(m, second)).statusCode).toBe(200);
      expect(await subscription(m)).toEqual({ status: 'active', currentPeriodEnd: '2027-01-21T00:00:00.000Z', priceCents: 1000 });
      const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
      expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [first]: 'expired', [second]: 'active' });
    } finally {
      t.clock.set(NOW);
    }
  });
});

describe('the migration to one live subscription (0036)', () => {
  it('resolves a member who already holds several live subscriptions the same way on every database: the one ending last stays', async () => {
    // As a database before the index: two checkouts paid at once each started one.
    await t.db.execute(sql`drop index subscriptions_one_live_uq`);
    const [a, b] = [await createUser(t.db), await createUser(t.db)];
    const row = (id: string, userId: string, status: string, end: string, created: string) => ({
      id,
      userId,
      status,
      currentPeriodEnd: new Date(end),
      createdAt: new Date(created),
    });
    await t.db.insert(subscriptions).values([
      row(`${a.id}-1`, a.id, 'active', '2099-01-20T00:00:00Z', '2026-11-01T00:00:00Z'),
      // Two ending together: the older stays.
      row(`${a.id}-2`, a.id, 'cancelled', '2099-02-05T00:00:00Z', '2026-11-02T00:00:00Z'),
      row(`${a.id}-3`, a.id, 'active', '2099-02-05T00:00:00Z', '2026-11-03T00:00:00Z'),
      row(`${a.id}-old`, a.id, 'expired', '2026-10-01T00:00:00Z', '2026-09-01T00:00:00Z'),
      row(`${b.id}-1`, b.id, 'active', '2099-01-20T00:00:00Z', '2026-11-01T00:00:00Z'),
    ]);
    const file = fs.readFileSync(path.join(MIGRATIONS_FOLDER, '0036_one_live_subscription.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));

    const rows = await t.db
      .select()
      .from(subscriptions)
      .where(inArray(subscriptions.userId, [a.id, b.id]));
    const by = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [`${a.id}-1`]: 'expired',
      [`${a.id}-2`]: 'cancelled',
      [`${a.id}-3`]: 'expired',
      [`${a.id}-old`]: 'expired',
      [`${b.id}-1`]: 'active',
    });
    // Closed ones end no later than now, so the one that stayed is the member's current one.
    expect(by[`${a.id}-3`]!.currentPeriodEnd.getTime()).toBeLessThan(new Date('2099-01-01').getTime());
    expect(await subscriptionOf(t.db, a.id, NOW)).toMatchObject({ status: 'cancelled', currentPeriodEnd: '2099-02-05T00:00:00.000Z' });
    expect(by[`${b.id}-1`]!.currentPeriodEnd.toISOString()).toBe('2099-01-20T00:00:00.000Z');
    // And the index holds from then on.
    await expect(
      t.db.insert(subscriptions).values(row(newId(), b.id, 'active', '2099-03-01T00:00:00Z', '2026-11-05T00:00:00Z')),
    ).rejects.toThrow();
  });
});
