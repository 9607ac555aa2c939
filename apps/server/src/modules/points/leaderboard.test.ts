import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LEADERBOARD_SIZE, type Leaderboard, type LeaderboardPeriod } from '@swapu/shared/engagement';
import { goals, offers, reviews } from '../../db/schema/index';
import { signAccessToken } from '../../lib/tokens';
import { rowsOf } from '../../lib/sql-rows';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost, createUser } from '../../test/factories';
import { awardPoints, withdrawPoints } from './award';

let t: TestApp;
const NOW = new Date('2026-11-20T00:00:00.000Z'); // week:2026-W47, month:2026-11 in Sydney
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

const award = (userId: string, points: number, now = NOW) =>
  t.db.transaction((tx) => awardPoints(tx, { userId, points, reason: 'listing', sourceId: randomUUID(), now }));
const headersOf = async (u: { id: string; tokenVersion: number }) => ({
  authorization: `Bearer ${await signAccessToken(t.config.jwtSecret, u.id, t.clock.now(), u.tokenVersion)}`,
});
async function board(period: LeaderboardPeriod | null, headers: Record<string, string> = {}): Promise<Leaderboard> {
  const res = await t.app.inject({ url: `/api/v1/leaderboard${period ? `?period=${period}` : ''}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** 1 + members with strictly more points in the period, counted row by row. */
const countedRank = async (key: string, points: number) => {
  const [row] = await rowsOf<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from points_totals where period = ${key} and points > ${points}`,
  );
  return 1 + Number(row!.n);
};

describe('the leaderboard', () => {
  it('lists the top 50 of the week by points with shared ranks for ties, and my own rank when I am far below', async () => {
    // A week of its own: only these members have points in it.
    t.clock.set('2026-10-14T01:00:00Z');
    const at = t.clock.now();
    const crowd = await Promise.all(Array.from({ length: 60 }, (_, i) => createUser(t.db, { displayName: `Swapper ${i}` })));
    // 60 members: 1000, 990, … with every tenth one tied with the one before.
    const pointsOf = (i: number) => 1000 - 10 * (i - (i % 10 === 9 ? 1 : 0));
    for (const [i, u] of crowd.entries()) await award(u.id, pointsOf(i), at);
    const low = crowd[57]!;
    const b = await board('week', await headersOf(low));
    expect(b.key).toBe('week:2026-W42');
    expect(b.items).toHaveLength(LEADERBOARD_SIZE);
    // The first 50 of the crowd, by points (the order within a tie is the database's).
    expect(new Set(b.items.map((r) => r.userId))).toEqual(new Set(crowd.slice(0, 50).map((u) => u.id)));
    expect(b.items.map((r) => r.points)).toEqual(crowd.slice(0, 50).map((_, i) => pointsOf(i)));
    for (const r of b.items) expect(r.points).toBe(pointsOf(crowd.findIndex((u) => u.id === r.userId)));
    expect(b.items[0]).toEqual({ rank: 1, userId: crowd[0]!.id, displayName: 'Swapper 0', avatarUrl: null, points: 1000 });
    // Swapper 9 ties with Swapper 8: both 9th; Swapper 10 is 11th.
    expect(b.items.slice(7, 11).map((r) => r.rank)).toEqual([8, 9, 9, 11]);
    for (const r of b.items) expect(r.rank).toBe(await countedRank(b.key, r.points));
    expect(b.me).toEqual({ rank: 58, points: pointsOf(57) });
    expect(b.me!.rank).toBe(await countedRank(b.key, pointsOf(57)));

    // A member in the list sees the same rank the list shows.
    const inList = await board('week', await headersOf(crowd[9]!));
    expect(inList.me).toEqual({ rank: 9, points: pointsOf(9) });
  });

  it('shows a guest the list without a place of their own, and the week by default', async () => {
    t.clock.set(NOW);
    const u = await createUser(t.db);
    await award(u.id, 30);
    const b = await board(null);
    expect(b.period).toBe('week');
    expect(b.key).toBe('week:2026-W47');
    expect(b.me).toBeNull();
    expect(b.items.map((r) => r.userId)).toContain(u.id);
  });

  it('gives a signed-in member without points this period no rank, and refuses an unknown period', async () => {
    t.clock.set(NOW);
    const u = await createUser(t.db);
    expect((await board('month', await headersOf(u))).me).toEqual({ rank: null, points: 0 });
    expect((await t.app.inject({ url: '/api/v1/leaderboard?period=year' })).statusCode).toBe(400);
  });

  it('counts points in the week, the month and of all time by Australia/Sydney dates', async () => {
    t.clock.set(NOW);
    const u = await createUser(t.db);
    const h = await headersOf(u);
    await award(u.id, 40, new Date('2026-10-31T12:30:00Z')); // 31 October 23:30 in Sydney: October
    await award(u.id, 25, new Date('2026-10-31T13:30:00Z')); // 1 November 00:30 in Sydney: November, week 44
    await award(u.id, 7, NOW);
    expect((await board('week', h)).me!.points).toBe(7);
    expect((await board('month', h)).me!.points).toBe(25 + 7);
    const all = await board('all', h);
    expect(all.key).toBe('all');
    expect(all.me!.points).toBe(40 + 25 + 7);
    expect(all.me!.rank).toBe(await countedRank('all', 72));
  });

  it('leaves out deleted members and keeps every rank equal to counting', async () => {
    t.clock.set('2026-09-09T01:00:00Z');
    const at = t.clock.now();
    const [a, b, c] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    await award(a.id, 300, at);
    await award(b.id, 200, at);
    await award(c.id, 100, at);
    // Deleted the way the account deletion does it (withdrawn from the boards).
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update users set deleted_at = ${at.toISOString()}::timestamptz where id = ${a.id}`);
      await withdrawPoints(tx, a.id);
    });
    const week = await board('week', await headersOf(c));
    expect(week.items.map((r) => [r.userId, r.rank])).toEqual([
      [b.id, 1],
      [c.id, 2],
    ]);
    expect(week.me).toEqual({ rank: 2, points: 100 });
  });

  it('takes a suspended member off every board and brings them back, with what they earned meanwhile, when it is lifted', async () => {
    t.clock.set('2026-08-12T01:00:00Z');
    const at = t.clock.now();
    const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const admin = await createUser(t.db, { role: 'admin' });
    const suspend = async (banned: boolean) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/users/${a.id}/ban`,
        headers: await headersOf(admin),
        payload: { banned, reason: 'Points gained by fake swaps' },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await award(a.id, 300, at);
    await award(b.id, 100, at);
    await suspend(true);
    // Earned while suspended (a review received): in the ledger, on no board.
    await award(a.id, 50, at);
    for (const period of ['week', 'month', 'all'] as const) {
      const seen = await board(period, await headersOf(b));
      expect(seen.items.map((r) => r.userId)).not.toContain(a.id);
      expect(seen.me!.rank).toBe(await countedRank(seen.key, seen.me!.points));
    }
    expect((await board('week', await headersOf(b))).items.map((r) => [r.userId, r.rank])).toEqual([[b.id, 1]]);

    await suspend(false);
    const week = await board('week', await headersOf(b));
    expect(week.items.map((r) => [r.userId, r.points, r.rank])).toEqual([
      [a.id, 350, 1],
      [b.id, 100, 2],
    ]);
    expect(week.me).toEqual({ rank: 2, points: 100 });
    const all = await board('all', await headersOf(b));
    expect(all.me!.rank).toBe(await countedRank('all', all.me!.points));
    // Lifting a suspension twice changes nothing.
    await suspend(false);
    expect((await board('week', await headersOf(b))).items.map((r) => [r.userId, r.points])).toEqual([
      [a.id, 350],
      [b.id, 100],
    ]);
  });
});

describe('a member’s points and badges', () => {
  it('shows all-time points and the badges earned, for anyone; 404 for an unknown member', async () => {
    t.clock.set(NOW);
    const u = await createUser(t.db);
    const partner = await createUser(t.db);
    const anon = await t.app.inject({ url: `/api/v1/users/${u.id}/points` });
    expect(anon.json()).toEqual({ points: 0, badges: [] });

    await t.db.transaction((tx) => awardPoints(tx, { userId: u.id, points: 10, reason: 'listing', sourceId: randomUUID(), now: NOW }));
    // Five completed swaps, one of them reviewed with five stars.
    const offerIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const theirs = await createPost(t.db, { ownerId: partner.id, now: NOW });
      const id = randomUUID();
      offerIds.push(id);
      await t.db.insert(offers).values({
        id,
        postId: theirs.id,
        offererId: u.id,
        ownerId: partner.id,
        proposedBy: 'offerer',
        state: 'completed',
        expiresAt: new Date(NOW.getTime() + 7 * DAY),
        completedAt: NOW,
        createdAt: NOW,
        updatedAt: NOW,
      });
    }
    await t.db.insert(reviews).values({
      id: randomUUID(),
      offerId: offerIds[0]!,
      reviewerId: partner.id,
      revieweeId: u.id,
      stars: 5,
      text: 'Great',
      createdAt: NOW,
    });
    const start = await createPost(t.db, { ownerId: u.id, now: NOW });
    await t.db.insert(goals).values({
      id: randomUUID(),
      userId: u.id,
      name: 'Road bike',
      goalItem: 'a road bike',
      goalValueCents: 50_000,
      startPostId: start.id,
      currentPostId: start.id,
      state: 'completed',
      createdAt: NOW,
      completedAt: NOW,
    });
    const res = await t.app.inject({ url: `/api/v1/users/${u.id}/points` });
    expect(res.statusCode).toBe(200);
    const { rank } = (await board('all', await headersOf(u))).me!;
    expect(res.json()).toEqual({
      points: 10,
      badges: ['first_listing', 'first_swap', 'five_swaps', 'five_star', 'goal_reached', ...(rank! <= LEADERBOARD_SIZE ? ['top_50'] : [])],
    });
    expect((await t.app.inject({ url: `/api/v1/users/${randomUUID()}/points` })).statusCode).toBe(404);
    const deleted = await createUser(t.db, { deletedAt: NOW });
    expect((await t.app.inject({ url: `/api/v1/users/${deleted.id}/points` })).statusCode).toBe(404);
  });

  it('gives the top-50 badge by all-time rank only', async () => {
    t.clock.set(NOW);
    const [top] = await rowsOf<{ points: number }>(
      t.db,
      sql`select coalesce(max(points), 0) as points from points_totals where period = 'all'`,
    );
    const leader = await createUser(t.db);
    await award(leader.id, Number(top!.points) + 1000);
    expect((await t.app.inject({ url: `/api/v1/users/${leader.id}/points` })).json().badges).toContain('top_50');
    // Fifty members with more points than one more: that one is 51st at best.
    const above = await Promise.all(Array.from({ length: LEADERBOARD_SIZE }, () => createUser(t.db)));
    for (const u of above) await award(u.id, 2, new Date('2020-01-01T00:00:00Z'));
    const outside = await createUser(t.db);
    await award(outside.id, 1, new Date('2020-01-01T00:00:00Z'));
    expect((await board('all', await headersOf(outside))).me!.rank).toBeGreaterThan(LEADERBOARD_SIZE);
    expect((await t.app.inject({ url: `/api/v1/users/${outside.id}/points` })).json().badges).not.toContain('top_50');
  });
});
