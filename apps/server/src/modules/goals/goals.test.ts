import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { GOAL_COMPLETED_POINTS, type Goal } from '@swapu/shared/engagement';
import { goals, goalSteps, notifications, offers, pointsLedger } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { addSubscription, createPost } from '../../test/factories';
import { advanceGoals } from './goal-advance';

let t: TestApp;
const NOW = new Date('2026-11-20T00:00:00.000Z');
const HOUR = 3_600_000;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const api = (m: TestMember | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: m?.headers ?? {}, ...(payload ? { payload } : {}) });
const postOf = (m: TestMember, title: string, cashValueCents: number, extra: Parameters<typeof createPost>[1] = {}) =>
  createPost(t.db, { ownerId: m.id, title, cashValueCents, now: NOW, ...extra });
const setGoal = (m: TestMember, body: object) => api(m, 'POST', '/api/v1/me/goals', body);
const myGoals = async (m: TestMember): Promise<Goal[]> => (await api(m, 'GET', '/api/v1/me/goals')).json().items;
const goalOf = async (m: TestMember, id: string) => (await myGoals(m)).find((g) => g.id === id)!;

/** A swap made and completed through the API: offered, accepted, received by both. */
async function completeSwap(offerer: TestMember, owner: TestMember, postId: string, terms: object) {
  const made = await api(offerer, 'POST', '/api/v1/offers', { postId, ...terms });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().id as string;
  for (const [who, transition] of [
    [owner, 'accept'],
    [offerer, 'confirm_receipt'],
    [owner, 'confirm_receipt'],
  ] as const) {
    const res = await api(who, 'POST', `/api/v1/offers/${id}/transitions`, { transition });
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

describe('setting a goal', () => {
  it('sets a goal from one of my published items and lists it, at the start item’s share of the goal value', async () => {
    const mia = await signUpMember(t.app);
    const bike = await postOf(mia, 'Road bike', 30_000);
    const res = await setGoal(mia, {
      name: 'A car by summer',
      goalItem: 'A small hatchback',
      goalCategory: 'cars',
      goalKeywords: [' hatchback ', 'Hatchback', 'manual'],
      goalValueCents: 120_000,
      startPostId: bike.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const goal: Goal = res.json();
    expect(goal).toMatchObject({
      name: 'A car by summer',
      goalItem: 'A small hatchback',
      goalCategory: 'cars',
      goalKeywords: ['hatchback', 'manual'],
      goalValueCents: 120_000,
      state: 'active',
      showOnProfile: false,
      progress: 0.25,
      steps: [],
      completedAt: null,
      createdAt: NOW.toISOString(),
    });
    expect(goal.start.id).toBe(bike.id);
    expect(goal.current.id).toBe(bike.id);
    expect((await myGoals(mia)).map((g) => g.id)).toEqual([goal.id]);
  });

  it('refuses a start item that is not one of my published items, with the catalogue’s words', async () => {
    const [mia, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const bens = await postOf(ben, 'Kayak', 30_000);
    const draft = await postOf(mia, 'Unfinished', 30_000, { state: 'draft', publishedAt: null });
    const archived = await postOf(mia, 'Withdrawn', 30_000, { state: 'archived' });
    for (const startPostId of [bens.id, draft.id, archived.id, 'no-such-post']) {
      const res = await setGoal(mia, { name: 'Car', goalItem: 'A car', goalValueCents: 100_000, startPostId });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'goal_start_item', message: 'Choose one of your published items to start from.' });
    }
    expect(await myGoals(mia)).toEqual([]);
  });

  it('refuses a goal value not above the start item’s, an unknown category, and malformed fields', async () => {
    const mia = await signUpMember(t.app);
    const bike = await postOf(mia, 'Road bike', 30_000);
    const ok = { name: 'Car', goalItem: 'A car', goalValueCents: 100_000, startPostId: bike.id };
    const low = await setGoal(mia, { ...ok, goalValueCents: 30_000 });
    expect(low.statusCode).toBe(400);
    expect(low.json().error).toMatchObject({ code: 'cash_value_invalid', message: 'Please enter valid cash value' });
    expect(low.json().error.fields).toHaveProperty('goalValueCents');
    const category = await setGoal(mia, { ...ok, goalCategory: 'spaceships' });
    expect(category.json().error).toMatchObject({ code: 'data_invalid', message: 'Data invalid' });
    for (const bad of [
      { ...ok, name: '   ' },
      { ...ok, goalItem: '' },
      { ...ok, goalValueCents: 99.5 },
      { ...ok, goalValueCents: 50 },
      { ...ok, goalKeywords: ['a', 'b', 'c', 'd', 'e', 'f'] },
      { ...ok, name: 'x'.repeat(81) },
    ]) {
      const res = await setGoal(mia, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('data_invalid');
    }
    expect(await myGoals(mia)).toEqual([]);
    expect((await api(null, 'POST', '/api/v1/me/goals', ok)).statusCode).toBe(401);
  });
});

describe('changing a goal', () => {
  it('renames it, shows it on my profile, archives it and makes it active again; nobody else can', async () => {
    const [mia, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const bike = await postOf(mia, 'Road bike', 30_000);
    const id = (await setGoal(mia, { name: 'Car', goalItem: 'A car', goalValueCents: 100_000, startPostId: bike.id })).json().id;
    const patch = (m: TestMember, body: object, goalId = id) => api(m, 'PATCH', `/api/v1/me/goals/${goalId}`, body);

    expect((await patch(mia, { name: 'Ute', showOnProfile: true })).json()).toMatchObject({ name: 'Ute', showOnProfile: true });
    expect((await patch(mia, { state: 'archived' })).json().state).toBe('archived');
    expect((await patch(mia, { state: 'active' })).json().state).toBe('active');

    expect((await patch(ben, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await api(ben, 'GET', `/api/v1/me/goals/${id}/suggestions`)).statusCode).toBe(404);
    expect((await patch(mia, { name: 'x' }, newId())).statusCode).toBe(404);
    expect(await myGoals(ben)).toEqual([]);
    expect((await goalOf(mia, id)).name).toBe('Ute');
  });

  it('shows on a profile only the goals chosen for it, never archived ones, nor one whose item is still in early access', async () => {
    const [mia, sam] = [await signUpMember(t.app), await signUpMember(t.app)];
    await addSubscription(t.db, sam.id);
    const bike = await postOf(mia, 'Road bike', 30_000);
    const fresh = await postOf(mia, 'Brand-new drone', 30_000, { publishedAt: new Date(NOW.getTime() - 2 * HOUR) });
    const make = async (name: string, startPostId: string, showOnProfile: boolean) =>
      (await setGoal(mia, { name, goalItem: 'A car', goalValueCents: 100_000, startPostId, showOnProfile })).json().id as string;
    const shown = await make('Shown', bike.id, true);
    await make('Private', bike.id, false);
    const archived = await make('Archived', bike.id, true);
    await api(mia, 'PATCH', `/api/v1/me/goals/${archived}`, { state: 'archived' });
    const early = await make('Early', fresh.id, true);

    const ids = async (m: TestMember | null) =>
      ((await api(m, 'GET', `/api/v1/users/${mia.id}/goals`)).json().items as Goal[]).map((g) => g.id).sort();
    expect(await ids(null)).toEqual([shown]);
    expect(await ids(sam)).toEqual([early, shown].sort());
    expect(await ids(mia)).toEqual([early, shown].sort());
    expect((await api(null, 'GET', `/api/v1/users/${newId()}/goals`)).statusCode).toBe(404);
  });
});

describe('the trade-up path', () => {
  it('moves a goal through a chain of two completed swaps, completes it once with points and a notification', async () => {
    const [mia, xav, yui] = [await signUpMember(t.app), await signUpMember(t.app), await signUpMember(t.app)];
    const bike = await postOf(mia, 'Road bike', 30_000);
    const kayak = await postOf(xav, 'Sea kayak', 45_000);
    const car = await postOf(yui, 'Small hatchback', 90_000, { categories: ['cars'] });
    const body = { name: 'A car', goalItem: 'A small hatchback', goalCategory: 'cars', goalValueCents: 80_000 };
    const goalId = (await setGoal(mia, { ...body, startPostId: bike.id })).json().id as string;
    const parked = (await setGoal(mia, { ...body, name: 'Parked', startPostId: bike.id })).json().id as string;
    await api(mia, 'PATCH', `/api/v1/me/goals/${parked}`, { state: 'archived' });
    // Xav has a goal of his own from the kayak: he receives the bike, so his goal follows it (down).
    const xavGoal = (await setGoal(xav, { ...body, goalValueCents: 60_000, startPostId: kayak.id })).json().id as string;

    // 1. Mia offers her bike for Xav's kayak.
    const first = await completeSwap(mia, xav, kayak.id, { itemIds: [bike.id] });
    let goal = await goalOf(mia, goalId);
    expect(goal.state).toBe('active');
    expect(goal.current.id).toBe(kayak.id);
    expect(goal.progress).toBeCloseTo(45_000 / 80_000);
    expect(goal.steps.map((s) => [s.offerId, s.from.id, s.to.id, s.valueCents])).toEqual([[first, bike.id, kayak.id, 45_000]]);
    expect((await goalOf(mia, parked)).current.id).toBe(bike.id);
    const theirs = await goalOf(xav, xavGoal);
    expect([theirs.current.id, theirs.progress]).toEqual([bike.id, 0.5]);

    // 2. The kayak is Xav's listing, marked swapped: Mia lists it again, and offers it for Yui's car.
    const kayakAgain = await postOf(mia, 'Sea Kayak!', 45_000, { createdAt: NOW, publishedAt: NOW });
    const second = await completeSwap(mia, yui, car.id, { itemIds: [kayakAgain.id] });
    goal = await goalOf(mia, goalId);
    expect(goal).toMatchObject({ state: 'completed', progress: 1, completedAt: NOW.toISOString() });
    expect(goal.current.id).toBe(car.id);
    expect(goal.steps.map((s) => [s.offerId, s.from.id, s.to.id, s.valueCents])).toEqual([
      [first, bike.id, kayak.id, 45_000],
      [second, kayak.id, car.id, 90_000],
    ]);

    const ledger = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, mia.id), eq(pointsLedger.reason, 'goal_completed')));
    expect(ledger.map((r) => [r.points, r.sourceId])).toEqual([[GOAL_COMPLETED_POINTS, goalId]]);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, mia.id), eq(notifications.kind, 'goal')));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      link: '/myswapu?tab=goals',
      data: { event: 'completed', goalName: 'A car', postTitle: 'Small hatchback' },
    });

    // A completed goal stays completed, and the replayed completion changes nothing.
    const reopen = await api(mia, 'PATCH', `/api/v1/me/goals/${goalId}`, { state: 'active' });
    expect(reopen.statusCode).toBe(400);
    const [row] = await t.db.select().from(offers).where(eq(offers.id, second));
    await t.db.transaction((tx) => advanceGoals(tx, row!, NOW));
    expect(await t.db.select().from(goalSteps).where(eq(goalSteps.goalId, goalId))).toHaveLength(2);
    expect(
      await t.db
        .select()
        .from(pointsLedger)
        .where(and(eq(pointsLedger.userId, mia.id), eq(pointsLedger.reason, 'goal_completed'))),
    ).toHaveLength(1);
  });

  it('records one step when the same completion reaches a goal twice at once', async () => {
    const [mia, xav] = [await signUpMember(t.app), await signUpMember(t.app)];
    const lamp = await postOf(mia, 'Desk lamp', 3_000);
    const chair = await postOf(xav, 'Office chair', 6_000);
    const offerId = await completeSwap(mia, xav, chair.id, { itemIds: [lamp.id] });
    // A goal set on the lamp before the swap (written directly: the lamp is swapped now).
    const id = newId();
    await t.db.insert(goals).values({
      id,
      userId: mia.id,
      name: 'Standing desk',
      goalItem: 'A standing desk',
      goalValueCents: 5_000,
      startPostId: lamp.id,
      currentPostId: lamp.id,
      createdAt: NOW,
    });
    const [row] = await t.db.select().from(offers).where(eq(offers.id, offerId));
    await Promise.all([1, 2].map(() => t.db.transaction((tx) => advanceGoals(tx, row!, NOW))));
    expect(await t.db.select().from(goalSteps).where(eq(goalSteps.goalId, id))).toHaveLength(1);
    const ledger = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, mia.id), eq(pointsLedger.reason, 'goal_completed')));
    expect(ledger).toHaveLength(1);
    expect((await goalOf(mia, id)).state).toBe('completed');
  });

  it('leaves a goal where it is when its item goes for cash only, or a swap starts from another item', async () => {
    const [mia, xav] = [await signUpMember(t.app), await signUpMember(t.app)];
    const bike = await postOf(mia, 'Road bike', 30_000, { openToSelling: true });
    const lamp = await postOf(mia, 'Desk lamp', 3_000);
    const chair = await postOf(xav, 'Office chair', 6_000);
    const goalId = (await setGoal(mia, { name: 'Car', goalItem: 'A car', goalValueCents: 100_000, startPostId: bike.id })).json().id;
    await completeSwap(mia, xav, chair.id, { itemIds: [lamp.id] });
    await completeSwap(xav, mia, bike.id, { cashKind: 'only', cashCents: 30_000 });
    const goal = await goalOf(mia, goalId);
    expect(goal).toMatchObject({ state: 'active', steps: [], progress: 0.3 });
    expect(goal.current.id).toBe(bike.id);
  });
});
