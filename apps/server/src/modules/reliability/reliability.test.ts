import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MyReliability, ReliabilityList } from '@swapu/shared/reliability-api';
import { memberReliability, users } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { refreshReliability } from './reliability-job';
import { conversation, days, minutes, review, swap } from './reliability-test-world';

let t: TestApp;
let me: TestMember;
const NOW = new Date('2026-11-20T12:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
  me = await signUpMember(t.app);
});
afterAll(async () => {
  await t.close();
});

const badges = async (ids: string[]) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/reliability?ids=${ids.join(',')}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ReliabilityList).members;
};

/** A member of `age` days with `completed` swaps, each reviewed 5 stars, and quick replies. */
async function veteran(age: number, completed: number) {
  const id = (await createUser(t.db, { createdAt: days(NOW, -age), emailVerifiedAt: days(NOW, -age) })).id;
  for (let i = 0; i < completed; i++) {
    const other = (await createUser(t.db)).id;
    const s = await swap(t.db, { offerer: other, owner: id, at: days(NOW, -20 - i), outcome: 'completed' });
    await review(t.db, s.id, other, id, 5, s.endAt);
    await conversation(t.db, id, other, [
      [other, days(NOW, -20 - i)],
      [id, minutes(days(NOW, -20 - i), 20)],
    ]);
  }
  return id;
}

/**
 * How many SQL statements reach the database while `fn` runs: the calls of the client drizzle
 * sends them through (PostgreSQL's pool; on PGlite, its kept prepared statements, db/pglite-statements.ts).
 */
async function statements(fn: () => Promise<unknown>) {
  const client = (t.db as typeof t.db & { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await fn();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe('GET /api/v1/reliability', () => {
  it("answers each member's badge and facts from the job's rows, in the order asked, leaving out unknown and deleted accounts", async () => {
    const good = await veteran(200, 4);
    const fresh = await veteran(10, 1);
    const gone = (await createUser(t.db, { deletedAt: NOW })).id;
    await refreshReliability(t.db, NOW);
    const list = await badges([fresh, 'nobody-by-that-id', good, gone]);
    expect(list.map((m) => m.userId)).toEqual([fresh, good]);
    expect(list[0]).toMatchObject({ tier: 'new', score: null, computedAt: NOW.toISOString() });
    expect(list[0]!.facts).toMatchObject({ swapsCompleted: 1, accountAgeDays: 10, emailVerified: true });
    expect(list[1]).toMatchObject({
      tier: 'very_reliable',
      facts: { swapsCompleted: 4, reviewsCount: 4, reviewsAverage: 5, medianReplySeconds: 1200 },
    });
    expect(list[1]!.score).toBeGreaterThanOrEqual(85);
  });

  it('reads a page of members in one statement, however many there are', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await createUser(t.db)).id);
    await refreshReliability(t.db, NOW);
    expect(await statements(() => badges(ids.slice(0, 2)))).toBe(1);
    expect(await statements(() => badges(ids))).toBe(1);
  });

  it('computes a member the job has not reached yet for the answer, without storing it', async () => {
    const newcomer = (await createUser(t.db, { createdAt: minutes(NOW, -2) })).id;
    const [b] = await badges([newcomer]);
    expect(b).toMatchObject({ userId: newcomer, tier: 'new', computedAt: null, facts: { swapsCompleted: 0, accountAgeDays: 0 } });
    expect(await t.db.select().from(memberReliability).where(eq(memberReliability.userId, newcomer))).toEqual([]);
  });

  it('refuses no ids, more than 50, and an id too long', async () => {
    for (const q of ['', '?ids=', `?ids=${Array.from({ length: 51 }, (_, i) => `u${i}`).join(',')}`, `?ids=${'x'.repeat(65)}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/reliability${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('data_invalid');
    }
  });
});

describe('GET /api/v1/me/reliability', () => {
  it('needs a signed-in member', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me/reliability' });
    expect(res.statusCode).toBe(401);
  });

  it('gives a new member their facts, every part of the score and what would raise it', async () => {
    const other = (await createUser(t.db)).id;
    await conversation(t.db, me.id, other, [
      [other, days(NOW, -3)],
      [me.id, minutes(days(NOW, -3), 9 * 60)],
    ]);
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, me.id));
    // A chat reply reaches the badge at the hourly refresh: the row is made older than that.
    await t.db
      .update(memberReliability)
      .set({ computedAt: new Date(0) })
      .where(eq(memberReliability.userId, me.id));
    await refreshReliability(t.db, NOW);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me/reliability', headers: me.headers });
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json() as MyReliability;
    expect(mine).toMatchObject({ userId: me.id, tier: 'new', score: null, facts: { replyConversations: 1, medianReplySeconds: 9 * 3600 } });
    expect(mine.components.map((c) => c.part)).toEqual(['followThrough', 'reviews', 'replies', 'deliveries', 'email', 'age']);
    expect(mine.components.find((c) => c.part === 'replies')!.value).toBe(0.65);
    expect(mine.tips).toEqual([
      { code: 'complete_swaps', count: 3 },
      { code: 'wait_age', days: 30 },
      { code: 'reply_faster', seconds: 9 * 3600 },
      { code: 'verify_email' },
    ]);
  });
});
