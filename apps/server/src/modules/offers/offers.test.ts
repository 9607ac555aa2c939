import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mailOutbox, notifications, offers, pointsLedger, postReservations, posts } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost } from '../../test/factories';
import { expireDue } from './offers.service';

let t: TestApp;
const NOW = new Date('2026-11-20T00:00:00.000Z');
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

const postOf = (m: TestMember, title: string, extra: Parameters<typeof createPost>[1] = {}) =>
  createPost(t.db, { ownerId: m.id, title, now: NOW, ...extra });
const offer = (m: TestMember, payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/offers', headers: m.headers, payload });
const act = (m: TestMember, id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/offers/${id}/transitions`, headers: m.headers, payload });
const read = (m: TestMember, id: string) => t.app.inject({ url: `/api/v1/offers/${id}`, headers: m.headers });
/** A fresh access token after the clock moved past the old one's hour. */
async function signInAgain(m: TestMember): Promise<TestMember> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/identity/v1/accounts:signInWithPassword',
    payload: { email: m.email, password: 'secret1', returnSecureToken: true },
  });
  const token = res.json().idToken as string;
  return { ...m, token, headers: { authorization: `Bearer ${token}` } };
}
const stateOf = async (postId: string) => (await t.db.select({ s: posts.state }).from(posts).where(eq(posts.id, postId)))[0]!.s;

/** Ana (offerer) has a tent; Ben (owner) has a bike open to selling. */
async function scene() {
  const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
  const bike = await postOf(ben, 'Road bike', { openToSelling: true });
  const tent = await postOf(ana, 'Four-person tent', { openToSelling: false });
  return { ana, ben, bike, tent };
}

describe('making an offer', () => {
  it('offers items and cash; the owner is told in the app and by email', async () => {
    const { ana, ben, bike, tent } = await scene();
    const res = await offer(ana, { postId: bike.id, itemIds: [tent.id], cashKind: 'add', cashCents: 5000, message: 'Tent plus $50?' });
    expect(res.statusCode).toBe(201);
    const o = res.json();
    expect(o).toMatchObject({
      state: 'pending',
      box: 'sent',
      actions: ['withdraw'],
      cashKind: 'add',
      cashCents: 5000,
      expiresAt: new Date(NOW.getTime() + 7 * DAY).toISOString(),
      stillValid: true,
    });
    expect(o.items.map((i: { id: string }) => i.id)).toEqual([tent.id]);
    const theirs = (await read(ben, o.id)).json();
    expect(theirs).toMatchObject({ box: 'received', actions: ['accept', 'decline', 'counter', 'suggest_change'] });
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, ben.email), eq(mailOutbox.template, 'offer-created'))),
    ).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, ben.id), eq(notifications.kind, 'offer'))),
    ).toHaveLength(1);
  });

  it("refuses an offer with nothing in it, with the spec's message, and changes nothing", async () => {
    const { ana, bike } = await scene();
    const res = await offer(ana, { postId: bike.id, itemIds: [], cashKind: 'none', cashCents: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('No valid offer method was chosen. Please try again.');
    expect(await t.db.select().from(offers).where(eq(offers.offererId, ana.id))).toHaveLength(0);
  });

  it('refuses own posts, other people’s items, cash only on a post not for sale, and bad expiry', async () => {
    const { ana, ben, bike, tent } = await scene();
    expect((await offer(ben, { postId: bike.id, cashKind: 'add', cashCents: 100 })).json().error.message).toBe(
      'You cannot make an offer on your own item.',
    );
    const stranger = await signUpMember(t.app);
    const res = await offer(stranger, { postId: bike.id, itemIds: [tent.id] });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Permission Denied');
    const notForSale = await offer(ben, { postId: tent.id, cashKind: 'only', cashCents: 9000 });
    expect(notForSale.statusCode).toBe(400);
    expect(notForSale.json().error.code).toBe('cash_only_not_allowed');
    expect((await offer(ana, { postId: bike.id, itemIds: [tent.id], expiryDays: 15 })).statusCode).toBe(400);
    expect((await offer(ana, { postId: bike.id, itemIds: [tent.id], expiryDays: 0 })).statusCode).toBe(400);
    const six = await Promise.all(Array.from({ length: 6 }, (_, i) => postOf(ana, `Thing ${i}`)));
    expect((await offer(ana, { postId: bike.id, itemIds: six.map((p) => p.id) })).statusCode).toBe(400);
  });

  it('lets only the two parties read an offer', async () => {
    const { ana, bike, tent } = await scene();
    const id = (await offer(ana, { postId: bike.id, itemIds: [tent.id] })).json().id;
    const stranger = await signUpMember(t.app);
    expect((await read(stranger, id)).statusCode).toBe(404);
    expect((await act(stranger, id, { transition: 'accept' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/offers/${id}` })).statusCode).toBe(401);
  });
});

describe('the lifecycle', () => {
  it('counter, accept, confirm both sides → completed, with carbon, points and reviews once', async () => {
    const { ana, ben, bike, tent } = await scene();
    const first = (await offer(ana, { postId: bike.id, itemIds: [tent.id], cashKind: 'none' })).json();

    // Ana cannot accept her own proposal.
    const wrong = await act(ana, first.id, { transition: 'accept' });
    expect(wrong.statusCode).toBe(403);

    const counter = await act(ben, first.id, {
      transition: 'counter',
      terms: { itemIds: [tent.id], cashKind: 'add', cashCents: 4000, message: 'Plus $40 and it is yours' },
    });
    expect(counter.statusCode).toBe(201);
    const c = counter.json();
    expect(c).toMatchObject({ parentId: first.id, proposedBy: 'owner', state: 'pending', cashCents: 4000 });
    expect((await read(ana, first.id)).json()).toMatchObject({ state: 'countered', childIds: [c.id] });
    expect((await read(ana, c.id)).json()).toMatchObject({ box: 'received', actions: ['accept', 'decline', 'counter', 'suggest_change'] });

    // Acting on the countered parent is no longer valid.
    const stale = await act(ben, first.id, { transition: 'accept' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe('This offer is no longer valid');

    const accepted = await act(ana, c.id, { transition: 'accept' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().state).toBe('accepted');
    expect(await stateOf(bike.id)).toBe('reserved');
    expect(await stateOf(tent.id)).toBe('reserved');

    const half = await act(ana, c.id, { transition: 'confirm_receipt' });
    expect(half.json()).toMatchObject({ state: 'accepted' });
    expect(half.json().offererConfirmedAt).not.toBeNull();
    const done = await act(ben, c.id, { transition: 'confirm_receipt' });
    expect(done.json().state).toBe('completed');
    expect(await stateOf(bike.id)).toBe('swapped');
    expect(await stateOf(tent.id)).toBe('swapped');
    const [row] = await t.db.select().from(offers).where(eq(offers.id, c.id));
    expect(row!.carbonKg).toBeGreaterThan(0);
    const points = await t.db.select().from(pointsLedger).where(eq(pointsLedger.sourceId, c.id));
    expect(points.map((p) => p.points)).toEqual([50, 50]);

    const review = (m: TestMember, stars: number, text: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/offers/${c.id}/review`, headers: m.headers, payload: { stars, text } });
    expect((await review(ana, 5, 'Bike exactly as described')).statusCode).toBe(201);
    const twice = await review(ana, 1, 'changed my mind');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('You have already reviewed this swap.');
    expect((await review(ben, 4, 'Great tent, a little late')).statusCode).toBe(201);

    const benProfile = (await t.app.inject({ url: `/api/v1/users/${ben.id}` })).json();
    expect(benProfile).toMatchObject({ rating: 5, reviewsCount: 1, swapsCompleted: 1 });
    const anaReviews = (await t.app.inject({ url: `/api/v1/users/${ana.id}/reviews` })).json();
    expect(anaReviews).toMatchObject({ rating: 4, reviewsCount: 1, swapsCompleted: 1 });
    expect(anaReviews.items[0]).toMatchObject({ stars: 4, text: 'Great tent, a little late', reviewer: { id: ben.id } });

    const history = (await read(ben, c.id)).json().history.map((h: { transition: string }) => h.transition);
    expect(history).toEqual(['create_counter', 'accept', 'confirm_receipt', 'confirm_receipt']);
    const activity = (await t.app.inject({ url: '/api/v1/activity' })).json();
    expect(activity.totals.swapsCompleted).toBeGreaterThanOrEqual(1);
    expect(activity.items.some((i: { kind: string; offerId?: string }) => i.kind === 'swap' && i.offerId === c.id)).toBe(true);
  });

  it('decline then resubmit as is; suggest a change; withdraw; report a problem', async () => {
    const { ana, ben, bike, tent } = await scene();
    const o = (await offer(ana, { postId: bike.id, itemIds: [tent.id], expiryDays: 3 })).json();
    const suggestion = await act(ben, o.id, { transition: 'suggest_change', message: 'Could you add the pump?' });
    expect(suggestion.json().state).toBe('pending');
    expect(suggestion.json().history.at(-1)).toMatchObject({ transition: 'suggest_change', message: 'Could you add the pump?' });
    expect((await act(ben, o.id, { transition: 'decline' })).json().state).toBe('declined');
    t.clock.advance(1000);
    const again = await act(ana, o.id, { transition: 'resubmit' });
    expect(again.statusCode).toBe(201);
    const r = again.json();
    expect(r).toMatchObject({ parentId: o.id, state: 'pending', proposedBy: 'offerer' });
    expect(new Date(r.expiresAt).getTime() - new Date(r.createdAt).getTime()).toBe(3 * DAY);
    expect((await act(ana, r.id, { transition: 'withdraw' })).json().state).toBe('withdrawn');
    expect((await act(ben, r.id, { transition: 'accept' })).json().error.message).toBe('This offer is no longer valid');

    const o2 = (await offer(ana, { postId: bike.id, itemIds: [tent.id] })).json();
    await act(ben, o2.id, { transition: 'accept' });
    const disputed = await act(ana, o2.id, { transition: 'report_problem', message: 'The bike never arrived' });
    expect(disputed.json().state).toBe('disputed');
  });

  it('expires pending offers by the job at their time; acting afterwards is no longer valid', async () => {
    const { ana, ben, bike, tent } = await scene();
    const o = (await offer(ana, { postId: bike.id, itemIds: [tent.id], expiryDays: 1 })).json();
    const deps = { database: t.database, publicUrl: t.config.publicUrl };
    expect(await expireDue(deps, new Date(t.clock.now().getTime() + DAY - 1000))).not.toContain(o.id);
    t.clock.advance(DAY);
    expect(await expireDue(deps, t.clock.now())).toContain(o.id);
    const [ana2, ben2] = [await signInAgain(ana), await signInAgain(ben)];
    const res = await act(ben2, o.id, { transition: 'accept' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This offer is no longer valid');
    expect((await read(ana2, o.id)).json()).toMatchObject({ state: 'expired', actions: ['resubmit'] });
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, ana.email), eq(mailOutbox.template, 'offer-expired'))),
    ).toHaveLength(1);
  });

  it('refuses to accept a pending offer past its expiry even before the job runs', async () => {
    const { ana, ben, bike, tent } = await scene();
    const o = (await offer(ana, { postId: bike.id, itemIds: [tent.id], expiryDays: 1 })).json();
    t.clock.advance(DAY + 1);
    const res = await act(await signInAgain(ben), o.id, { transition: 'accept' });
    expect(res.json().error.message).toBe('This offer is no longer valid');
    expect((await t.db.select().from(offers).where(eq(offers.id, o.id)))[0]!.state).toBe('expired');
    expect(await stateOf(bike.id)).toBe('published');
  });
});

describe('two offers sharing an item', () => {
  it('can never both be accepted, even at the same instant', async () => {
    for (let round = 0; round < 8; round++) {
      const [ana, ben, cy] = [await signUpMember(t.app), await signUpMember(t.app), await signUpMember(t.app)];
      const bike = await postOf(ben, 'Bike');
      const a = (await offer(ana, { postId: bike.id, cashKind: 'add', cashCents: 1000, itemIds: [(await postOf(ana, 'Tent')).id] })).json();
      const c = (await offer(cy, { postId: bike.id, itemIds: [(await postOf(cy, 'Kayak')).id] })).json();
      const results = await Promise.all([act(ben, a.id, { transition: 'accept' }), act(ben, c.id, { transition: 'accept' })]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json().error.message).toBe('This offer is no longer valid');
      const held = await t.db.select().from(postReservations).where(eq(postReservations.postId, bike.id));
      expect(held).toHaveLength(1);
      const states = (await t.db.select({ s: offers.state }).from(offers).where(eq(offers.postId, bike.id))).map((r) => r.s).sort();
      expect(states).toEqual(['accepted', 'pending']);
      // The other offer shows as no longer valid and can only be withdrawn or declined.
      const other = (await read(ben, loser === results[0] ? a.id : c.id)).json();
      expect(other).toMatchObject({ stillValid: false, actions: ['decline'] });
    }
  });
});
