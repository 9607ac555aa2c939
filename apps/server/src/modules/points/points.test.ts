import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { periodKeys, streakPoints, weekKey, type PointsReason } from '@swapu/shared/engagement';
import { POINTS } from '@swapu/shared/offers';
import { MIGRATIONS_FOLDER } from '../../db/client';
import { pointsLedger } from '../../db/schema/index';
import { rowsOf } from '../../lib/sql-rows';
import { signAccessToken } from '../../lib/tokens';
import { signUpMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost, createUser } from '../../test/factories';
import { awardPoints } from './award';
import { memberRank } from './points.service';

let t: TestApp;
const NOW = new Date('2026-11-20T00:00:00.000Z'); // Friday 20 November, 11:00 in Sydney: week 47
const WEEK = 7 * 86_400_000;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

const award = (userId: string, points: number, now: Date, reason: PointsReason = 'listing', sourceId: string = randomUUID()) =>
  t.db.transaction((tx) => awardPoints(tx, { userId, points, reason, sourceId, now }));
const ledgerOf = (userId: string) => t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId));
const totalsOf = async (userId: string) =>
  new Map(
    (await rowsOf<{ period: string; points: number }>(t.db, sql`select period, points from points_totals where user_id = ${userId}`)).map(
      (r) => [r.period, Number(r.points)],
    ),
  );
const summary = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ url: '/api/v1/me/points', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Rank by counting, member by member: what the histogram must agree with. */
const countedRank = async (key: string, userId: string) => {
  const [row] = await rowsOf<{ rank: number }>(
    t.db,
    sql`select 1 + (select count(*)::int from points_totals o where o.period = m.period and o.points > m.points) as rank
      from points_totals m where m.period = ${key} and m.user_id = ${userId}`,
  );
  return row ? Number(row.rank) : null;
};

/**
 * Every live member's totals equal the sums of their ledger rows for every period (keys worked out
 * here in JavaScript, independently of the server's SQL), and the histogram counts exactly the
 * members at each total.
 */
async function expectTotalsMatchLedger() {
  const ledger = await rowsOf<{ user_id: string; points: number; created_at: string | Date }>(
    t.db,
    sql`select l.user_id, l.points, l.created_at from points_ledger l join users u on u.id = l.user_id where u.deleted_at is null`,
  );
  const expected = new Map<string, number>();
  for (const l of ledger)
    for (const p of periodKeys(new Date(l.created_at)))
      expected.set(`${p}|${l.user_id}`, (expected.get(`${p}|${l.user_id}`) ?? 0) + l.points);
  const totals = await rowsOf<{ period: string; user_id: string; points: number }>(
    t.db,
    sql`select period, user_id, points from points_totals`,
  );
  expect(new Map(totals.map((r) => [`${r.period}|${r.user_id}`, Number(r.points)]))).toEqual(expected);
  const buckets = new Map<string, number>();
  for (const r of totals) buckets.set(`${r.period}|${r.points}`, (buckets.get(`${r.period}|${r.points}`) ?? 0) + 1);
  const histogram = await rowsOf<{ period: string; points: number; members: number }>(
    t.db,
    sql`select period, points, members from points_histogram`,
  );
  expect(new Map(histogram.map((h) => [`${h.period}|${h.points}`, Number(h.members)]))).toEqual(buckets);
}

describe('points in the ledger', () => {
  it('shows a published listing’s points in my summary: all time, this week and month, the entry and the badge', async () => {
    const m = await signUpMember(t.app);
    const draft = await createPost(t.db, { ownerId: m.id, state: 'draft', publishedAt: null, now: NOW });
    const published = await t.app.inject({ method: 'POST', url: `/api/v1/posts/${draft.id}/publish`, headers: m.headers });
    expect(published.statusCode, published.body).toBe(200);
    expect(await summary(m.headers)).toEqual({
      total: POINTS.listing,
      week: POINTS.listing,
      month: POINTS.listing,
      streakWeeks: 1,
      // The first member with points on a fresh marketplace is in the all-time top 50.
      badges: ['first_listing', 'top_50'],
      recent: [{ points: POINTS.listing, reason: 'listing', at: NOW.toISOString() }],
    });
  });

  it('needs an account for my summary', async () => {
    expect((await t.app.inject({ url: '/api/v1/me/points' })).statusCode).toBe(401);
  });

  it('awards each reason and source once, however often or concurrently it is asked', async () => {
    const u = await createUser(t.db);
    const source = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => award(u.id, POINTS.review, NOW, 'review', source)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await ledgerOf(u.id)).toMatchObject([{ points: POINTS.review, reason: 'review', sourceId: source }]);
    expect((await totalsOf(u.id)).get('all')).toBe(POINTS.review);
    await expectTotalsMatchLedger();
  });

  it('gives a deleted account nothing', async () => {
    const u = await createUser(t.db, { deletedAt: NOW });
    expect(await award(u.id, 10, NOW)).toBe(false);
    expect(await ledgerOf(u.id)).toEqual([]);
    expect(await totalsOf(u.id)).toEqual(new Map());
  });
});

describe('streaks', () => {
  // Weeks of their own (well before the other tests' week 47) so nothing else is active in them.
  const W = (n: number) => new Date(Date.UTC(2026, 0, 5 + 7 * n, 2)); // Mondays from 5 January 2026, 13:00 in Sydney
  const streakRows = async (userId: string) =>
    (await ledgerOf(userId)).filter((r) => r.reason === 'streak').map((r) => ({ week: r.sourceId, points: r.points }));

  it('adds a bonus, once a week, for each week that follows an active one, growing with the streak up to the maximum', async () => {
    const u = await createUser(t.db);
    await award(u.id, 10, W(0));
    expect(await streakRows(u.id)).toEqual([]);
    await award(u.id, 10, W(1));
    await award(u.id, 5, new Date(W(1).getTime() + 3 * 86_400_000));
    expect(await streakRows(u.id)).toEqual([{ week: weekKey(W(1)), points: streakPoints(2) }]);
    for (let w = 2; w < 8; w++) await award(u.id, 10, W(w));
    const rows = await streakRows(u.id);
    expect(rows.map((r) => r.points)).toEqual([2, 3, 4, 5, 6, 7, 8].map(streakPoints));
    expect(rows.at(-1)!.points).toBe(streakPoints(99)); // the maximum
    await expectTotalsMatchLedger();
  });

  it('starts again after a week without points', async () => {
    const u = await createUser(t.db);
    await award(u.id, 10, W(10));
    await award(u.id, 10, W(11));
    await award(u.id, 10, W(13));
    expect(await streakRows(u.id)).toEqual([{ week: weekKey(W(11)), points: streakPoints(2) }]);
    await award(u.id, 10, W(14));
    expect((await streakRows(u.id)).map((r) => r.week)).toEqual([weekKey(W(11)), weekKey(W(14))]);
  });

  it('counts a Sunday evening and the Monday just after midnight in Sydney as two weeks', async () => {
    const u = await createUser(t.db);
    await award(u.id, 10, new Date('2026-03-01T12:59:00Z')); // Sunday 1 March, 23:59 in Sydney
    await award(u.id, 10, new Date('2026-03-01T13:01:00Z')); // Monday 2 March, 00:01
    expect(await streakRows(u.id)).toEqual([{ week: 'week:2026-W10', points: streakPoints(2) }]);
  });

  it('shows my streak, still counting last week’s while this week has no points yet, and the 4-week badge', async () => {
    const u = await createUser(t.db);
    const at = (weeksAgo: number) => new Date(NOW.getTime() - weeksAgo * WEEK);
    const token = { authorization: `Bearer ${await signAccessToken(t.config.jwtSecret, u.id, NOW, u.tokenVersion)}` };
    for (const w of [4, 3, 2]) await award(u.id, 10, at(w));
    let s = await summary(token);
    expect(s.streakWeeks).toBe(0); // last week (1) had nothing
    expect(s.badges).not.toContain('streak_4');
    await award(u.id, 10, at(1));
    s = await summary(token);
    expect(s.streakWeeks).toBe(4);
    expect(s.week).toBe(0);
    expect(s.badges).toContain('streak_4');
    await award(u.id, 10, NOW);
    s = await summary(token);
    expect(s.streakWeeks).toBe(5);
    expect(s.week).toBe(10 + streakPoints(5));
  });
});

describe('totals under concurrent awards', () => {
  it('keeps totals equal to the ledger and ranks equal to counting after 50 concurrent awards to different and the same members', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, () => createUser(t.db)));
    const at = new Date('2026-06-10T02:00:00Z');
    // Five members get one award each, five get nine each (45): 50 awards at once.
    const awards = [
      ...members.slice(0, 5).map((m, i) => ({ id: m.id, points: 10 + i })),
      ...members.slice(5).flatMap((m, i) => Array.from({ length: 9 }, (_, k) => ({ id: m.id, points: 5 + ((i + k) % 3) * 5 }))),
    ];
    expect(awards).toHaveLength(50);
    const done = await Promise.all(awards.map((a) => award(a.id, a.points, at)));
    expect(done.every(Boolean)).toBe(true);
    await expectTotalsMatchLedger();
    for (const key of periodKeys(at))
      for (const m of members) {
        const { rank } = await memberRank(t.db, key, m.id);
        expect(rank, `${key} ${m.id}`).toBe(await countedRank(key, m.id));
      }
    const week = periodKeys(at)[1]!;
    const sums = new Map<string, number>();
    for (const a of awards) sums.set(a.id, (sums.get(a.id) ?? 0) + a.points);
    for (const m of members) expect((await totalsOf(m.id)).get(week)).toBe(sums.get(m.id));
  });
});

describe('an account deleted', () => {
  it('leaves every board, the members below moving up, and earns nothing more', async () => {
    const at = new Date('2026-08-05T02:00:00Z');
    const gone = await signUpMember(t.app);
    const below = await createUser(t.db);
    await award(gone.id, 500, at);
    await award(below.id, 400, at);
    const key = periodKeys(at)[1]!;
    const before = (await memberRank(t.db, key, below.id)).rank!;
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/me', headers: gone.headers, payload: { password: 'secret1' } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await totalsOf(gone.id)).toEqual(new Map());
    expect((await memberRank(t.db, key, below.id)).rank).toBe(before - 1);
    expect(await award(gone.id, 10, at)).toBe(false);
    await expectTotalsMatchLedger();
  });
});

describe('the backfill migration (0025)', () => {
  it('recomputes the same totals and histogram from the ledger, points written before the totals existed included', async () => {
    const u = await createUser(t.db);
    // A row from before migration 0024, when the ledger was all there was.
    await t.db.insert(pointsLedger).values({
      id: randomUUID(),
      userId: u.id,
      points: POINTS.swapCompleted,
      reason: 'swap_completed',
      sourceId: randomUUID(),
      createdAt: new Date('2025-12-31T13:30:00Z'), // 1 January 2026, 00:30 in Sydney: week 1 of 2026, January
    });
    const snapshot = async () => [
      ...(await rowsOf<{ k: string }>(t.db, sql`select period || '|' || user_id || '|' || points as k from points_totals order by 1`)),
      ...(await rowsOf<{ k: string }>(t.db, sql`select period || '#' || points || '#' || members as k from points_histogram order by 1`)),
    ];
    const file = fs.readFileSync(path.join(MIGRATIONS_FOLDER, '0025_points_backfill.sql'), 'utf8');
    const run = async () => {
      for (const statement of file.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    };
    await run();
    const first = await snapshot();
    expect(await totalsOf(u.id)).toEqual(
      new Map([
        ['all', POINTS.swapCompleted],
        ['week:2026-W01', POINTS.swapCompleted],
        ['month:2026-01', POINTS.swapCompleted],
      ]),
    );
    await expectTotalsMatchLedger();
    await run();
    expect(await snapshot()).toEqual(first);
  });
});
