import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { reliabilityScore } from '@swapu/shared/reliability';
import { memberReliability, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { RELIABILITY_EVERY_MS, RELIABILITY_REFRESH_MS, refreshReliability } from './reliability-job';
import { block, conversation, days, delivery, minutes, review, swap } from './reliability-test-world';

let t: TestApp;
const NOW = new Date('2026-11-20T12:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

const rowOf = async (userId: string) => (await t.db.select().from(memberReliability).where(eq(memberReliability.userId, userId)))[0];
const person = (daysOld: number, verified = true) =>
  createUser(t.db, { createdAt: days(NOW, -daysOld), emailVerifiedAt: verified ? days(NOW, -daysOld) : null });

describe('the reliability job', () => {
  it('computes every fact from the activity behind it', async () => {
    const me = (await person(100)).id;
    const [a, b, c] = [(await person(50)).id, (await person(50)).id, (await person(50)).id];
    const start = days(NOW, -60);

    // Three swaps completed (two as the owner, one as the offerer); one still accepted; one
    // withdrawn before anyone accepted it: neither of the last two counts either way.
    const done = [
      await swap(t.db, { offerer: a, owner: me, at: start, outcome: 'completed' }),
      await swap(t.db, { offerer: b, owner: me, at: days(start, 5), outcome: 'completed' }),
      await swap(t.db, { offerer: me, owner: c, at: days(start, 10), outcome: 'completed' }),
    ];
    const live = await swap(t.db, { offerer: me, owner: a, at: days(start, 15), outcome: 'accepted' });
    await swap(t.db, { offerer: me, owner: b, at: days(start, 16), outcome: 'pending-withdrawn' });
    // A dispute b reported about me, cancelled by an admin: against me. One I reported about c,
    // cancelled: against c, not me.
    const disputed = (reporter: string) => ({
      state: 'withdrawn',
      events: [
        { by: reporter, transition: 'report_problem', from: 'accepted', to: 'disputed' },
        { by: null, transition: 'admin_cancel', from: 'disputed', to: 'withdrawn' },
      ],
    });
    await swap(t.db, { offerer: b, owner: me, at: days(start, 20), outcome: disputed(b) });
    await swap(t.db, { offerer: me, owner: c, at: days(start, 21), outcome: disputed(me) });

    // Reviews received: 5, 4 and 3 stars (average 4); the one I wrote is not mine.
    await review(t.db, done[0]!.id, a, me, 5, done[0]!.endAt);
    await review(t.db, done[1]!.id, b, me, 4, done[1]!.endAt);
    await review(t.db, done[2]!.id, c, me, 3, done[2]!.endAt);
    await review(t.db, done[2]!.id, me, c, 1, done[2]!.endAt);

    // First replies: 10 min, 2 h, 30 min (I wrote first; my reply to their first message counts),
    // and one never answered for 8 days (counted as 7 days). Not counted: a message of yesterday
    // still unanswered, a first message the scam rules flagged, one from someone I blocked.
    const t0 = days(NOW, -20);
    await conversation(t.db, me, a, [
      [a, t0],
      [me, minutes(t0, 10)],
    ]);
    await conversation(t.db, me, b, [
      [b, t0],
      [b, minutes(t0, 5)],
      [me, minutes(t0, 120)],
    ]);
    await conversation(t.db, me, c, [
      [me, t0],
      [c, minutes(t0, 60)],
      [me, minutes(t0, 90)],
    ]);
    const stranger = async () => (await person(10)).id;
    const silent = await stranger();
    await conversation(t.db, me, silent, [[silent, days(NOW, -8)]]);
    const recent = await stranger();
    await conversation(t.db, me, recent, [[recent, days(NOW, -1)]]);
    const scammer = await stranger();
    await conversation(t.db, me, scammer, [[scammer, days(NOW, -9), true]]);
    const blocked = await stranger();
    await conversation(t.db, me, blocked, [[blocked, days(NOW, -9)]]);
    await block(t.db, me, blocked, days(NOW, -9));

    // Deliveries I paid for: one a day after the acceptance (on time), one five days after (late);
    // one cancelled, one failed and one never paid are not counted; one the other side booked is theirs.
    const shipped = (bookedBy: string, paidAt: Date | null, state: string) =>
      delivery(t.db, { id: live.id }, { sender: me, receiver: a, bookedBy, paidAt, state, at: live.acceptedAt });
    await shipped(me, days(live.acceptedAt, 1), 'delivered');
    await shipped(me, days(live.acceptedAt, 5), 'label_created');
    await shipped(me, days(live.acceptedAt, 1), 'cancelled');
    await shipped(me, days(live.acceptedAt, 1), 'failed');
    await shipped(me, null, 'replaced');
    await shipped(a, days(live.acceptedAt, 1), 'in_transit');

    await refreshReliability(t.db, NOW);
    const row = (await rowOf(me))!;
    const facts = {
      swapsCompleted: 3,
      cancelledAfterAccept: 1,
      replyConversations: 4,
      // The median of 10 min, 30 min, 2 h and 7 days: halfway between 30 min and 2 h.
      medianReplySeconds: 4500,
      deliveriesBooked: 2,
      deliveriesOnTime: 1,
      reviewsCount: 3,
      reviewsAverage: 4,
      accountAgeDays: 100,
      emailVerified: true,
    };
    expect(row).toMatchObject(facts);
    const { tier, score } = reliabilityScore(facts);
    expect({ tier: row.tier, score: row.score }).toEqual({ tier, score });
    expect(row.computedAt.toISOString()).toBe(NOW.toISOString());
    // c: the dispute I reported counts against c; a: the delivery a booked on time.
    expect(await rowOf(c)).toMatchObject({ cancelledAfterAccept: 1, swapsCompleted: 1, reviewsCount: 1, reviewsAverage: 1 });
    expect(await rowOf(a)).toMatchObject({ deliveriesBooked: 1, deliveriesOnTime: 1 });
  });

  it('shows a young account or a short history as a new member, with no score', async () => {
    const young = (await person(10)).id;
    const old = (await person(400, false)).id;
    const partner = (await person(400)).id;
    for (let i = 0; i < 3; i++) await swap(t.db, { offerer: young, owner: partner, at: days(NOW, -9 + i), outcome: 'completed' });
    await swap(t.db, { offerer: old, owner: partner, at: days(NOW, -30), outcome: 'completed' });
    await t.db.update(memberReliability).set({ computedAt: new Date(0) });
    await refreshReliability(t.db, NOW);
    expect(await rowOf(young)).toMatchObject({ swapsCompleted: 3, accountAgeDays: 10, tier: 'new', score: null });
    expect(await rowOf(old)).toMatchObject({ swapsCompleted: 1, emailVerified: false, tier: 'new', score: null });
    expect((await rowOf(partner))!.tier).not.toBe('new');
  });

  it('reaches a new account at its next turn, a completed swap within two turns, everyone else within the hour', async () => {
    const at = (ms: number) => new Date(NOW.getTime() + ms);
    await t.db.update(memberReliability).set({ computedAt: NOW });
    const fresh = (await createUser(t.db, { createdAt: at(60_000) })).id;
    const [p, q, idle] = [(await person(90)).id, (await person(90)).id, (await person(90)).id];
    await refreshReliability(t.db, at(2 * 60_000));
    expect((await rowOf(fresh))!.computedAt).toEqual(at(2 * 60_000));

    // p and q complete a swap at +3 min: the turn at +5 min computes both of them, and nobody else.
    const s = await swap(t.db, { offerer: p, owner: q, at: days(at(3 * 60_000), -3), outcome: 'completed' });
    expect(s.endAt).toEqual(at(3 * 60_000));
    const turn = await refreshReliability(t.db, at(RELIABILITY_EVERY_MS));
    expect(turn.members).toBe(2);
    expect(await rowOf(p)).toMatchObject({ swapsCompleted: 1, computedAt: at(RELIABILITY_EVERY_MS) });
    expect((await rowOf(idle))!.computedAt).toEqual(at(2 * 60_000));

    // An hour on, every row older than an hour is computed again.
    const later = at(RELIABILITY_REFRESH_MS + RELIABILITY_EVERY_MS + 60_000);
    await refreshReliability(t.db, later);
    const rows = await t.db
      .select()
      .from(memberReliability)
      .where(inArray(memberReliability.userId, [idle, p, fresh]));
    expect(rows.map((r) => r.computedAt.getTime())).toEqual(rows.map(() => later.getTime()));
  });

  it('computes each member once however many instances run a turn at the same time, in batches', async () => {
    await t.db.update(memberReliability).set({ computedAt: new Date(0) });
    const everyone = (await t.db.select({ id: users.id }).from(users)).length;
    const turns = await Promise.all([refreshReliability(t.db, NOW, { batch: 7 }), refreshReliability(t.db, NOW, { batch: 7 })]);
    expect(turns[0]!.members + turns[1]!.members).toBe(everyone);
    expect(turns[0]!.batches + turns[1]!.batches).toBeGreaterThanOrEqual(Math.ceil(everyone / 7));
    const rows = await t.db.select().from(memberReliability);
    expect(rows.length).toBe(everyone);
    expect(rows.every((r) => r.computedAt.getTime() === NOW.getTime())).toBe(true);
  });

  it('leaves a deleted account alone', async () => {
    const gone = (await createUser(t.db, { deletedAt: NOW })).id;
    await refreshReliability(t.db, NOW);
    expect(await rowOf(gone)).toBeUndefined();
  });
});
