import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { couponFitsItem, couponGrant, couponUsable, normaliseCouponCode } from '@swapu/shared/coupons';
import { swipeDay } from '@swapu/shared/purchases';
import {
  adminAudit,
  coupons,
  couponRedemptions,
  mailOutbox,
  memberAssist,
  newsletterSubscribers,
  posts,
  receipts,
  users,
} from '../../db/schema/index';
import { createPost } from '../../test/factories';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { rankAssistedFirst } from '../assist/ranking';
import { isoWeek, sendAssistDigests } from '../assist/assist-digest';

let t: TestApp;
const NOW = new Date('2026-11-20T00:00:00.000Z');
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
  admin = await signUpMember(t.app);
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
});
afterAll(async () => {
  await t.close();
});

const inject = (m: TestMember | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: m?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const buy = async (m: TestMember, purchase: object) => {
  const res = await inject(m, 'POST', '/api/v1/checkouts', { purchase });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as { id: string };
  const paid = await inject(m, 'POST', `/api/v1/checkouts/${id}/pay`, { cardNumber: '4242424242424242' });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json() as { id: string; amountCents: number; gstCents: number; description: string };
};
const itemOf = (m: TestMember, categories = ['bicycles']) => createPost(t.db, { ownerId: m.id, categories, now: NOW });
const postUntil = async (id: string) => (await t.db.select({ u: posts.swapAssistUntil }).from(posts).where(eq(posts.id, id)))[0]!.u;
const makeCoupons = async (body: object) => {
  const res = await inject(admin, 'POST', '/api/v1/admin/coupons', body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { items: Array<{ code: string }> }).items.map((c) => c.code);
};
const redeem = (m: TestMember, code: string, postId?: string) => inject(m, 'POST', '/api/v1/me/coupons', { code, postId });

describe('coupon and ranking rules', () => {
  it('maps each type to what it grants, and fits one-item coupons to items', () => {
    expect(couponGrant('month_normal')).toEqual({ scope: 'item', special: false, months: 1 });
    expect(couponGrant('months_12')).toEqual({ scope: 'member', months: 12 });
    expect(couponFitsItem('month_normal', false)).toBe(true);
    expect(couponFitsItem('month_normal', true)).toBe(false);
    expect(couponFitsItem('month_special', false)).toBe(true);
    expect(couponFitsItem('months_3', false)).toBe(false);
    expect(normaliseCouponCode(' ab-cd 12ef ')).toBe('ABCD12EF');
    expect(couponUsable({ usedTimes: 2, maxUses: 2, expiresAt: null }, NOW)).toBe(false);
    expect(couponUsable({ usedTimes: 0, maxUses: 2, expiresAt: new Date(NOW.getTime() - 1) }, NOW)).toBe(false);
    expect(couponUsable({ usedTimes: 1, maxUses: 2, expiresAt: null }, NOW)).toBe(true);
  });

  it('puts assisted items first among equals only', () => {
    const items = [
      { id: 'a', score: 2, assisted: false },
      { id: 'b', score: 1, assisted: true },
      { id: 'c', score: 2, assisted: true },
      { id: 'd', score: 1, assisted: false },
    ];
    expect(
      rankAssistedFirst(
        items,
        (i) => i.score,
        (i) => i.assisted,
      ).map((i) => i.id),
    ).toEqual(['c', 'a', 'b', 'd']);
  });
});

describe('Swap Assist', () => {
  it('for one item costs A$2 a month, A$5 in a special category, and shows on the item; a second month extends it', async () => {
    const m = await signUpMember(t.app);
    const bike = await itemOf(m);
    const ute = await itemOf(m, ['4x4s-and-utes']);
    const a = await buy(m, { kind: 'swap_assist', postId: bike.id });
    expect(a).toMatchObject({ amountCents: 200, gstCents: 18 });
    const b = await buy(m, { kind: 'swap_assist', postId: ute.id });
    expect(b).toMatchObject({ amountCents: 500, gstCents: 45 });
    expect(b.description).toContain('special category');
    expect((await postUntil(bike.id))?.toISOString()).toBe('2026-12-20T00:00:00.000Z');
    await buy(m, { kind: 'swap_assist', postId: bike.id });
    expect((await postUntil(bike.id))?.toISOString()).toBe('2027-01-20T00:00:00.000Z');
    const page = await inject(m, 'GET', `/api/v1/posts/${bike.id}`);
    expect(page.json()).toMatchObject({ swapAssistUntil: '2027-01-20T00:00:00.000Z' });
    const mine = (await inject(m, 'GET', '/api/v1/me/posts')).json() as { items: Array<{ id: string; swapAssistUntil: string | null }> };
    expect(mine.items.find((p) => p.id === ute.id)?.swapAssistUntil).toBe('2026-12-20T00:00:00.000Z');
  });

  it("only for the buyer's own published item", async () => {
    const [m, other] = [await signUpMember(t.app), await signUpMember(t.app)];
    const theirs = await itemOf(other);
    expect((await inject(m, 'POST', '/api/v1/checkouts', { purchase: { kind: 'swap_assist', postId: theirs.id } })).statusCode).toBe(403);
    const draft = await createPost(t.db, { ownerId: m.id, state: 'draft', now: NOW });
    expect((await inject(m, 'POST', '/api/v1/checkouts', { purchase: { kind: 'swap_assist', postId: draft.id } })).statusCode).toBe(409);
  });

  it('the unlimited packages cost A$15, A$25 and A$40 and assist every item, new ones too', async () => {
    const m = await signUpMember(t.app);
    const prices = [];
    for (const months of [3, 6, 12]) prices.push((await buy(m, { kind: 'unlimited_assist', months })).amountCents);
    expect(prices).toEqual([1500, 2500, 4000]);
    // 3 + 6 + 12 = 21 months from now, each extending the last.
    expect((await inject(m, 'GET', '/api/v1/me/assist')).json()).toEqual({ unlimitedUntil: '2028-08-20T00:00:00.000Z' });
    const later = await itemOf(m);
    expect((await inject(m, 'GET', `/api/v1/posts/${later.id}`)).json()).toMatchObject({ swapAssistUntil: '2028-08-20T00:00:00.000Z' });
    expect((await inject(m, 'POST', '/api/v1/checkouts', { purchase: { kind: 'unlimited_assist', months: 4 } })).statusCode).toBe(400);
  });

  it('can be paid with 2 tokens (5 for a special item), never below a zero balance', async () => {
    const m = await signUpMember(t.app);
    const bike = await itemOf(m);
    const boat = await itemOf(m, ['boats']);
    await buy(m, { kind: 'tokens', amount: 6 });
    const r1 = await inject(m, 'POST', `/api/v1/posts/${bike.id}/assist`);
    expect(r1.json()).toMatchObject({ balance: 4, swapAssistUntil: '2026-12-20T00:00:00.000Z' });
    const r2 = await inject(m, 'POST', `/api/v1/posts/${boat.id}/assist`);
    expect(r2.statusCode).toBe(409);
    expect(r2.json().error.code).toBe('tokens_insufficient');
    expect(await postUntil(boat.id)).toBeNull();
  });
});

describe('receipts', () => {
  it('every paid checkout has a tax invoice with the seller, the GST-inclusive amount and its GST, also sent by email', async () => {
    const m = await signUpMember(t.app);
    const c = await buy(m, { kind: 'tokens', amount: 20 });
    const list = (await inject(m, 'GET', '/api/v1/me/receipts')).json() as { items: Array<Record<string, unknown>> };
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      kind: 'payment',
      checkoutId: c.id,
      description: 'SwapU tokens × 20',
      amountCents: 2000,
      gstCents: 182,
      // Nothing configured on this test server: the marked sample seller.
      sellerName: 'SwapU Pty Ltd (sample)',
      sellerAbn: '00 000 000 000',
      sellerAddress: 'Sample address, 1 Example Street, Sydney NSW 2000',
      buyerEmail: m.email,
      // Paid through the local provider: the receipt says no money moved.
      testPayment: true,
    });
    expect(String(list.items[0]!.number)).toMatch(/^SU-\d{6}$/);
    const one = await inject(m, 'GET', `/api/v1/me/receipts/${String(list.items[0]!.id)}`);
    expect(one.statusCode).toBe(200);
    const other = await signUpMember(t.app);
    expect((await inject(other, 'GET', `/api/v1/me/receipts/${String(list.items[0]!.id)}`)).statusCode).toBe(404);
    const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, m.email));
    expect(mail.filter((x) => x.template === 'receipt')).toHaveLength(1);
    expect(mail.find((x) => x.template === 'receipt')!.text).toContain('A$20.00 (includes GST of A$1.82)');
    expect(mail.find((x) => x.template === 'receipt')!.text).toContain('Test payment: no money was taken.');
    // 20 Nov 2026 00:00 UTC is 11 am on the 20th in Sydney.
    expect(mail.find((x) => x.template === 'receipt')!.text).toContain('Date: 20 Nov 2026');
    expect(mail.find((x) => x.template === 'receipt')!.text).toContain(
      'SwapU Pty Ltd (sample), ABN 00 000 000 000, Sample address, 1 Example Street, Sydney NSW 2000',
    );
  });

  it('a declined or cancelled checkout has none', async () => {
    const m = await signUpMember(t.app);
    const { id } = (await inject(m, 'POST', '/api/v1/checkouts', { purchase: { kind: 'tokens', amount: 5 } })).json() as { id: string };
    expect((await inject(m, 'POST', `/api/v1/checkouts/${id}/pay`, { cardNumber: '4000000000000002' })).statusCode).toBe(402);
    await inject(m, 'POST', `/api/v1/checkouts/${id}/cancel`);
    expect(await t.db.select().from(receipts).where(eq(receipts.userId, m.id))).toHaveLength(0);
  });
});

describe('refunds', () => {
  it('take back exactly what was granted, with a refund note, once', async () => {
    const m = await signUpMember(t.app);
    const bike = await itemOf(m);
    const first = await buy(m, { kind: 'swap_assist', postId: bike.id });
    await buy(m, { kind: 'swap_assist', postId: bike.id });
    const pkg = await buy(m, { kind: 'unlimited_assist', months: 3 });
    const tokens = await buy(m, { kind: 'tokens', amount: 10 });
    expect((await inject(m, 'POST', `/api/v1/admin/checkouts/${first.id}/refund`)).statusCode).toBe(403);

    expect((await inject(admin, 'POST', `/api/v1/admin/checkouts/${first.id}/refund`)).json()).toEqual({ status: 'refunded' });
    // Two months bought (20 Nov → 20 Dec, 30 days; → 20 Jan, 31 days); the first one's 30 days are taken back.
    expect((await postUntil(bike.id))?.toISOString()).toBe('2026-12-21T00:00:00.000Z');
    expect((await inject(admin, 'POST', `/api/v1/admin/checkouts/${first.id}/refund`)).statusCode).toBe(409);
    expect((await postUntil(bike.id))?.toISOString()).toBe('2026-12-21T00:00:00.000Z');

    await inject(admin, 'POST', `/api/v1/admin/checkouts/${pkg.id}/refund`);
    expect((await inject(m, 'GET', '/api/v1/me/assist')).json()).toEqual({ unlimitedUntil: null });

    // Tokens already spent cannot be refunded (the balance would go below zero); unspent ones can.
    await inject(m, 'POST', `/api/v1/posts/${bike.id}/assist`);
    const refused = await inject(admin, 'POST', `/api/v1/admin/checkouts/${tokens.id}/refund`);
    expect(refused.json().error.code).toBe('tokens_insufficient');
    const account = (await inject(m, 'GET', '/api/v1/me/tokens')).json() as { balance: number };
    expect(account.balance).toBe(8);
    const notes = await t.db.select().from(receipts).where(eq(receipts.userId, m.id));
    expect(
      notes
        .filter((r) => r.kind === 'refund')
        .map((r) => r.checkoutId)
        .sort(),
    ).toEqual([first.id, pkg.id].sort());
  });
});

describe('coupons', () => {
  it('only admins make and list them', async () => {
    const m = await signUpMember(t.app);
    expect((await inject(m, 'POST', '/api/v1/admin/coupons', { type: 'months_3', count: 1, maxUses: 1 })).statusCode).toBe(403);
    expect((await inject(m, 'GET', '/api/v1/admin/coupons')).statusCode).toBe(403);
    expect((await inject(null, 'GET', '/api/v1/admin/coupons.csv')).statusCode).toBe(401);
  });

  it('a batch of codes, a code of the admin’s own (once), the list and the CSV', async () => {
    const batch = await makeCoupons({ type: 'month_normal', count: 25, maxUses: 3 });
    expect(new Set(batch).size).toBe(25);
    for (const code of batch) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    const [own] = await makeCoupons({ type: 'months_6', count: 1, maxUses: 10, code: 'spring-swap 26' });
    expect(own).toBe('SPRINGSWAP26');
    const again = await inject(admin, 'POST', '/api/v1/admin/coupons', { type: 'months_6', count: 1, maxUses: 10, code: 'SPRINGSWAP26' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('coupon_code_taken');
    const list = (await inject(admin, 'GET', '/api/v1/admin/coupons?limit=500')).json() as {
      items: Array<{ code: string; type: string; usedTimes: number }>;
      total: number;
    };
    expect(list.items.find((c) => c.code === 'SPRINGSWAP26')).toMatchObject({ type: 'months_6', usedTimes: 0 });
    const csv = await inject(admin, 'GET', '/api/v1/admin/coupons.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('code,type,used_times,max_uses,expires_at,created_on,disabled_at');
    expect(lines).toHaveLength(list.total + 1);
    expect(lines.some((l) => l.startsWith('SPRINGSWAP26,months_6,0,10,,'))).toBe(true);
  });

  it("redeem once per member; unknown, expired, used up or reused is 'Code is Invalid or Has been used' and changes nothing", async () => {
    const [code] = await makeCoupons({ type: 'months_3', count: 1, maxUses: 2 });
    const [a, b, c] = [await signUpMember(t.app), await signUpMember(t.app), await signUpMember(t.app)];
    const ok = await redeem(a, code!.toLowerCase());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ type: 'months_3', postId: null, until: '2027-02-20T00:00:00.000Z' });
    const invalid = (res: Awaited<ReturnType<typeof redeem>>) => {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'coupon_invalid', message: 'Code is Invalid or Has been used' });
    };
    invalid(await redeem(a, code!));
    expect((await redeem(b, code!)).statusCode).toBe(200);
    invalid(await redeem(c, code!));
    invalid(await redeem(c, 'NOSUCHCODE1'));
    invalid(await redeem(c, '!!'));
    const [expiring] = await makeCoupons({ type: 'months_3', count: 1, maxUses: 5, expiresAt: '2026-11-21T00:00:00Z' });
    await t.db
      .update(coupons)
      .set({ expiresAt: new Date(NOW.getTime() - 1000) })
      .where(eq(coupons.code, expiring!));
    invalid(await redeem(c, expiring!));
    const [row] = await t.db.select().from(coupons).where(eq(coupons.code, code!));
    expect(row!.usedTimes).toBe(2);
    expect(await t.db.select().from(memberAssist).where(eq(memberAssist.userId, c.id))).toHaveLength(0);
  });

  it('a disabled code redeems no more (the uses made stand), shows as disabled, is audited, and can be enabled again', async () => {
    const [code] = await makeCoupons({ type: 'months_3', count: 1, maxUses: 5 });
    const [a, b] = [await signUpMember(t.app), await signUpMember(t.app)];
    expect((await redeem(a, code!)).statusCode).toBe(200);
    const member = await inject(b, 'PUT', `/api/v1/admin/coupons/${code}/disabled`, { disabled: true });
    expect(member.statusCode).toBe(403);
    const off = await inject(admin, 'PUT', `/api/v1/admin/coupons/${code!.toLowerCase()}/disabled`, { disabled: true });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ code, usedTimes: 1, disabledAt: NOW.toISOString() });
    const refused = await redeem(b, code!);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('coupon_invalid');
    const list = (await inject(admin, 'GET', '/api/v1/admin/coupons?limit=500')).json() as {
      items: Array<{ code: string; disabledAt: string | null }>;
    };
    expect(list.items.find((c) => c.code === code)!.disabledAt).toBe(NOW.toISOString());
    const csv = (await inject(admin, 'GET', '/api/v1/admin/coupons.csv')).body;
    expect(csv.split('\r\n').find((l) => l.startsWith(`${code},`))).toMatch(/,2026-11-20T00:00:00.000Z$/);
    expect((await inject(admin, 'PUT', '/api/v1/admin/coupons/NOSUCHCODE1/disabled', { disabled: true })).statusCode).toBe(404);
    const on = await inject(admin, 'PUT', `/api/v1/admin/coupons/${code}/disabled`, { disabled: false });
    expect(on.json()).toMatchObject({ disabledAt: null });
    expect((await redeem(b, code!)).statusCode).toBe(200);
    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.targetId, code!)).orderBy(adminAudit.id);
    expect(audit.map((r) => [r.action, r.actorId, r.before, r.after])).toEqual([
      ['coupon.create', admin.id, null, expect.objectContaining({ type: 'months_3' })],
      ['coupon.disable', admin.id, { disabledAt: null }, { disabledAt: NOW.toISOString() }],
      ['coupon.enable', admin.id, { disabledAt: NOW.toISOString() }, { disabledAt: null }],
    ]);
  });

  it('a one-item coupon needs one of my items, and a normal-category one an item outside the special categories', async () => {
    const [normal] = await makeCoupons({ type: 'month_normal', count: 1, maxUses: 5 });
    const [special] = await makeCoupons({ type: 'month_special', count: 1, maxUses: 5 });
    const m = await signUpMember(t.app);
    const car = await itemOf(m, ['cars']);
    const bike = await itemOf(m);
    const missing = await redeem(m, normal!);
    expect(missing.json().error.code).toBe('coupon_item_required');
    const wrong = await redeem(m, normal!, car.id);
    expect(wrong.json().error.code).toBe('coupon_item_special');
    // Refusals consumed nothing: the same member can still use the code.
    expect((await redeem(m, normal!, bike.id)).json()).toMatchObject({ postId: bike.id, until: '2026-12-20T00:00:00.000Z' });
    expect((await redeem(m, special!, car.id)).json()).toMatchObject({ postId: car.id, until: '2026-12-20T00:00:00.000Z' });
    const [n] = await t.db.select().from(coupons).where(eq(coupons.code, normal!));
    expect(n!.usedTimes).toBe(1);
  });

  it('"used times" is exact under 1,000 concurrent redemptions from many members', async () => {
    const [code] = await makeCoupons({ type: 'months_6', count: 1, maxUses: 150 });
    const members = await Promise.all(Array.from({ length: 200 }, () => signUpMember(t.app)));
    // Each member tries five times at once: 1,000 redemptions for 150 uses.
    const attempts = members.flatMap((m) => Array.from({ length: 5 }, () => redeem(m, code!)));
    const results = await Promise.all(attempts);
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(150);
    expect(results.every((r) => r.statusCode === 200 || r.json().error?.code === 'coupon_invalid')).toBe(true);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.code, code!));
    expect(row!.usedTimes).toBe(150);
    const redemptions = await t.db
      .select({ n: sql<number>`count(*)::int`, people: sql<number>`count(distinct user_id)::int` })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.code, code!));
    expect(redemptions[0]).toEqual({ n: 150, people: 150 });
    const assisted = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberAssist)
      .where(sql`user_id in (select user_id from coupon_redemptions where code = ${code!})`);
    expect(assisted[0]!.n).toBe(150);
  });
});

describe('the weekly email of best matches', () => {
  it('names the ISO week', () => {
    expect(isoWeek(new Date('2026-11-20T00:00:00Z'))).toBe('2026-W47');
    expect(isoWeek(new Date('2027-01-01T00:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2026-01-01T00:00:00Z'))).toBe('2026-W01');
  });

  it('mails each assisted item’s owner its best matches once a week, both-way matches first; never an unassisted item, never an unsubscribed address', async () => {
    const m = await signUpMember(t.app);
    const mark = `${Date.now()}`;
    const mine = await createPost(t.db, {
      ownerId: m.id,
      title: `Canon camera ${mark}`,
      categories: ['cameras'],
      wishCategories: ['musical-instruments'],
      swapAssistUntil: new Date(NOW.getTime() + 30 * 86_400_000),
      now: NOW,
    });
    await createPost(t.db, {
      ownerId: m.id,
      title: `Unassisted lamp ${mark}`,
      categories: ['lighting'],
      wishCategories: ['cameras'],
      now: NOW,
    });
    const both = await createPost(t.db, {
      title: `Fender guitar wants camera ${mark}`,
      categories: ['musical-instruments'],
      wishCategories: ['cameras'],
      now: NOW,
    });
    const oneWay = await createPost(t.db, {
      title: `Yamaha keyboard ${mark}`,
      categories: ['musical-instruments'],
      wishCategories: ['books'],
      now: NOW,
    });
    // Inside early access: not for everyone yet, so not mailed.
    await createPost(t.db, {
      title: `Fresh drum kit ${mark}`,
      categories: ['musical-instruments'],
      wishCategories: ['cameras'],
      publishedAt: new Date(NOW.getTime() - 3_600_000),
      now: NOW,
    });
    const deps = { database: t.app.ctx.database, publicUrl: 'http://localhost' };
    await sendAssistDigests(deps, NOW);
    const mails = async () =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, m.email))).filter((x) => x.template === 'assist-matches');
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`This week's best matches for "Canon camera ${mark}"`);
    const text = sent[0]!.text;
    expect(text.indexOf(`Fender guitar wants camera ${mark}`)).toBeGreaterThan(-1);
    expect(text.indexOf(`Fender guitar wants camera ${mark}`)).toBeLessThan(text.indexOf(`Yamaha keyboard ${mark}`));
    expect(text).not.toContain('Fresh drum kit');
    expect(text).toContain(`/viewPost/${both.id}`);
    expect(text).toContain(`/viewPost/${oneWay.id}`);
    expect(text).toContain('Unsubscribe');
    // The same week: nothing more. The next week: again.
    await sendAssistDigests(deps, new Date(NOW.getTime() + 3_600_000));
    expect(await mails()).toHaveLength(1);
    await sendAssistDigests(deps, new Date(NOW.getTime() + 7 * 86_400_000 - 1000));
    expect(await mails()).toHaveLength(2);
    // Unsubscribed from non-transactional mail: no more.
    await t.db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: NOW })
      .where(sql`lower(email) = lower(${m.email})`);
    await sendAssistDigests(deps, new Date(NOW.getTime() + 14 * 86_400_000 - 2000));
    expect(await mails()).toHaveLength(2);
    expect(mine.id).toBeTruthy();
  });
});

describe('extra Swap Swipe right swipes', () => {
  it("cost 1 token for 10 more today (Sydney's day); at most as many purchases as tokens, however many at once", async () => {
    const m = await signUpMember(t.app);
    expect(swipeDay(new Date('2026-11-20T13:30:00Z'))).toBe('2026-11-21');
    expect((await inject(m, 'GET', '/api/v1/me/extra-swipes')).json()).toEqual({ day: '2026-11-20', extra: 0, balance: 0 });
    const refused = await inject(m, 'POST', '/api/v1/me/extra-swipes');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('tokens_insufficient');
    await buy(m, { kind: 'tokens', amount: 5 });
    const results = await Promise.all(Array.from({ length: 20 }, () => inject(m, 'POST', '/api/v1/me/extra-swipes')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect((await inject(m, 'GET', '/api/v1/me/extra-swipes')).json()).toEqual({ day: '2026-11-20', extra: 50, balance: 0 });
    const ledger = (await inject(m, 'GET', '/api/v1/me/tokens')).json() as { entries: Array<{ reason: string; delta: number }> };
    expect(ledger.entries.filter((e) => e.reason === 'extra_swipes').map((e) => e.delta)).toEqual([-1, -1, -1, -1, -1]);
  });
});
