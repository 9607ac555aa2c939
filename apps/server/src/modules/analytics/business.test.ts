import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AnalyticsReport } from '@swapu/shared/analytics';
import { checkouts, offers, tokenLedger, users } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { addSubscription, createPost, createUser } from '../../test/factories';
import { bucketOf, businessReport, refreshBusiness } from './business';

let t: TestApp;
let admin: TestMember;
// A Friday; the figures below fall on Mon 9, Wed 11 and Tue 17 November and on 2 December.
const NOW = new Date('2026-12-04T12:00:00.000Z');
const d = (day: string, hour = 10) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00.000Z`);

beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
  admin = await signUpMember(t.app);
  await t.db
    .update(users)
    .set({ role: 'admin', createdAt: d('2026-11-01') })
    .where(eq(users.id, admin.id));
  const db = t.db;
  // Members: two join on the 9th, one on the 17th.
  const [a, b] = [await createUser(db, { createdAt: d('2026-11-09') }), await createUser(db, { createdAt: d('2026-11-09', 23) })];
  const c = await createUser(db, { createdAt: d('2026-11-17') });
  // Listings: published on the 9th (2) and the 11th (1); a draft counts for nothing.
  const p1 = await createPost(db, { ownerId: a.id, publishedAt: d('2026-11-09', 11) });
  const p2 = await createPost(db, { ownerId: b.id, publishedAt: d('2026-11-09', 12) });
  await createPost(db, { ownerId: c.id, publishedAt: d('2026-11-11') });
  await createPost(db, { ownerId: c.id, state: 'draft', publishedAt: null });
  // Offers: one made on the 11th and completed on the 17th with 12.5 kg CO2e; one made on the 17th, still pending.
  const offer = (postId: string, ownerId: string, offererId: string, created: Date, extra: Partial<typeof offers.$inferInsert> = {}) =>
    db.insert(offers).values({
      id: randomUUID(),
      postId,
      ownerId,
      offererId,
      proposedBy: 'offerer',
      expiresAt: d('2026-12-30'),
      createdAt: created,
      updatedAt: created,
      ...extra,
    });
  await offer(p1.id, a.id, b.id, d('2026-11-11'), { state: 'completed', completedAt: d('2026-11-17', 15), carbonKg: 12.5 });
  await offer(p2.id, b.id, a.id, d('2026-11-17'));
  // Money: A$19.99 paid on the 11th and refunded on the 17th; A$5.00 paid on the 17th; an open checkout counts for nothing.
  const checkout = (userId: string, amountCents: number, extra: Partial<typeof checkouts.$inferInsert>) =>
    db.insert(checkouts).values({
      id: randomUUID(),
      userId,
      kind: 'tokens',
      details: {},
      amountCents,
      gstCents: Math.round(amountCents / 11),
      provider: 'local',
      createdAt: d('2026-11-11', 9),
      ...extra,
    });
  await checkout(a.id, 1999, { status: 'refunded', completedAt: d('2026-11-11'), refundedAt: d('2026-11-17') });
  await checkout(b.id, 500, { status: 'paid', completedAt: d('2026-11-17') });
  await checkout(c.id, 900, { status: 'open' });
  // Tokens: 20 bought on the 11th, 5 on the 17th; a spend is not a sale.
  await db.insert(tokenLedger).values([
    { userId: a.id, delta: 20, balanceAfter: 20, reason: 'purchase', sourceId: randomUUID(), createdAt: d('2026-11-11') },
    { userId: a.id, delta: -5, balanceAfter: 15, reason: 'boost', sourceId: randomUUID(), createdAt: d('2026-11-12') },
    { userId: b.id, delta: 5, balanceAfter: 5, reason: 'purchase', sourceId: randomUUID(), createdAt: d('2026-11-17') },
  ]);
  // Subscriptions: one from the 9th to the 20th, one from the 17th into January.
  await addSubscription(db, a.id, { createdAt: d('2026-11-09'), currentPeriodEnd: d('2026-11-20') });
  await addSubscription(db, b.id, { createdAt: d('2026-11-17'), currentPeriodEnd: d('2027-01-17') });
  await refreshBusiness(db, NOW);
});
afterAll(async () => {
  await t.close();
});

describe('the dashboard’s business figures', () => {
  it('groups days into Monday weeks and calendar months', () => {
    expect(bucketOf('2026-11-11', 'day')).toBe('2026-11-11');
    expect(bucketOf('2026-11-11', 'week')).toBe('2026-11-09');
    expect(bucketOf('2026-11-09', 'week')).toBe('2026-11-09');
    expect(bucketOf('2026-11-15', 'week')).toBe('2026-11-09');
    expect(bucketOf('2026-11-16', 'week')).toBe('2026-11-16');
    expect(bucketOf('2026-11-30', 'month')).toBe('2026-11-01');
  });

  it('totals each figure over the range and per day, from the tables that own them', async () => {
    const r = await businessReport(t.db, '2026-11-09', '2026-11-17', 'day');
    expect(r.periods).toHaveLength(9);
    expect(r.totals).toMatchObject({
      members: 3,
      listings: 3,
      offers: 2,
      swaps: 1,
      co2e_kg: 12.5,
      // 19.99 + 5.00 taken, 19.99 given back.
      revenue_cents: 500,
      tokens_sold: 25,
      subscriptions_new: 2,
      // On the last day of the range, both subscriptions were running.
      subscriptions_active: 2,
    });
    const day = (m: keyof typeof r.series, date: string) => r.series[m][r.periods.indexOf(date)];
    expect(day('members', '2026-11-09')).toBe(2);
    expect(day('revenue_cents', '2026-11-11')).toBe(1999);
    expect(day('revenue_cents', '2026-11-17')).toBe(500 - 1999);
    expect(day('subscriptions_active', '2026-11-10')).toBe(1);
    expect(day('swaps', '2026-11-17')).toBe(1);
    expect(day('listings', '2026-11-10')).toBe(0);
  });

  it('sums flows per week and month and takes a stock’s last day', async () => {
    const weeks = await businessReport(t.db, '2026-11-09', '2026-11-30', 'week');
    expect(weeks.periods).toEqual(['2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30']);
    expect(weeks.series.members).toEqual([2, 1, 0, 0]);
    expect(weeks.series.listings).toEqual([3, 0, 0, 0]);
    // Week of the 16th ends on the 22nd: the first subscription ran out on the 20th.
    expect(weeks.series.subscriptions_active).toEqual([1, 1, 1, 1]);
    const months = await businessReport(t.db, '2026-11-01', '2026-12-04', 'month');
    expect(months.periods).toEqual(['2026-11-01', '2026-12-01']);
    // The admin joined on 1 November.
    expect(months.series.members).toEqual([4, 0]);
    expect(months.totals.subscriptions_active).toBe(1);
  });

  it('is rebuilt from the day before the last one written, so a later refund changes that day', async () => {
    const [u] = await t.db.select().from(users).where(eq(users.id, admin.id));
    await t.db.insert(checkouts).values({
      id: randomUUID(),
      userId: u!.id,
      kind: 'tokens',
      details: {},
      amountCents: 1000,
      gstCents: 91,
      provider: 'local',
      status: 'paid',
      createdAt: d('2026-12-03'),
      completedAt: d('2026-12-03'),
    });
    const range = await refreshBusiness(t.db, NOW);
    expect(range).toEqual({ from: '2026-12-03', to: '2026-12-04' });
    const r = await businessReport(t.db, '2026-12-01', '2026-12-04', 'day');
    expect(r.series.revenue_cents).toEqual([0, 0, 1000, 0]);
  });

  it('is part of the admin analytics answer, grouped as asked; a bad bucket is refused', async () => {
    const res = await t.app.inject({ url: '/api/v1/admin/analytics?from=2026-11-09&to=2026-11-22&bucket=week', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json<AnalyticsReport>();
    expect(body.business.bucket).toBe('week');
    expect(body.business.periods).toEqual(['2026-11-09', '2026-11-16']);
    expect(body.business.series.offers).toEqual([1, 1]);
    const bad = await t.app.inject({ url: '/api/v1/admin/analytics?from=2026-11-09&to=2026-11-22&bucket=year', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { code: string } }>().error.code).toBe('data_invalid');
  });
});
