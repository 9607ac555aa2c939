import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { offerEvents, offers, pointsLedger, postReservations, supportMessages, userReports, users } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import type { TestApp } from '../../test/app';
import { useModerationApp } from '../../test/moderation-app';

const NOW = new Date('2026-11-20T00:00:00.000Z');
const h = useModerationApp(NOW);
const { post, queue, auditOf, noticesOf, postRow, listing } = h;
let t: TestApp;
let admin: TestMember;
let other: TestMember;
beforeAll(() => {
  ({ t, admin, other } = h);
});

describe('reported members', () => {
  async function reportedMember() {
    const [bad, r1, r2] = [await signUpMember(t.app), await signUpMember(t.app), await signUpMember(t.app)];
    for (const [r, reason] of [
      [r1, 'Rude messages'],
      [r2, 'Asked for payment outside the app'],
    ] as const) {
      const room = await t.app.inject({ method: 'POST', url: '/api/v1/rooms', headers: r.headers, payload: { userId: bad.id } });
      const rep = await t.app.inject({
        method: 'POST',
        url: `/api/v1/rooms/${room.json().id}/report`,
        headers: r.headers,
        payload: { reason },
      });
      expect(rep.statusCode, rep.body).toBeLessThan(300);
    }
    return bad;
  }

  it('groups open reports per member; warn writes a team message in their support thread and a notification', async () => {
    const bad = await reportedMember();
    const card = (await queue('members')).members.find((m) => m.member.id === bad.id)!;
    expect(card.count).toBe(2);
    expect(card.reports.map((r) => r.reason)).toEqual(['Rude messages', 'Asked for payment outside the app']);

    expect((await post(`/users/${bad.id}/warn`, { reason: '' })).json().error.code).toBe('moderation_reason_required');
    expect(await t.db.select().from(supportMessages).where(eq(supportMessages.threadUserId, bad.id))).toHaveLength(0);
    expect((await post(`/users/${admin.id}/warn`, { reason: 'x' })).statusCode).toBe(400);
    expect((await post('/users/no-such-member/warn', { reason: 'x' })).statusCode).toBe(404);

    const res = await post(`/users/${bad.id}/warn`, { reason: 'Please keep chats polite.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resolvedReports: 2 });
    const thread = await t.db.select().from(supportMessages).where(eq(supportMessages.threadUserId, bad.id));
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({ fromTeam: true, authorId: admin.id });
    expect(thread[0]!.body).toContain('Please keep chats polite.');
    expect((await noticesOf(bad.id)).map((n) => [n.data, n.link])).toEqual([
      [{ event: 'warned', reason: 'Please keep chats polite.' }, '/discuss?support=1'],
    ]);
    expect((await t.db.select().from(userReports).where(eq(userReports.reportedId, bad.id))).map((r) => r.resolution)).toEqual([
      'warned',
      'warned',
    ]);
    expect((await auditOf(bad.id)).map((a) => a.action)).toEqual(['user.warn']);
    expect((await queue('members')).members.some((m) => m.member.id === bad.id)).toBe(false);
  });

  it('bans through the one ban path: suspended with the reason, sessions ended, reports closed, audited', async () => {
    const bad = await reportedMember();
    expect((await post(`/users/${bad.id}/ban`, { reason: ' ' })).statusCode).toBe(400);
    expect((await t.db.select().from(users).where(eq(users.id, bad.id)))[0]!.banned).toBe(false);
    const res = await post(`/users/${bad.id}/ban`, { reason: 'Repeated scams.' });
    expect(res.statusCode, res.body).toBe(200);
    const [u] = await t.db.select().from(users).where(eq(users.id, bad.id));
    expect(u).toMatchObject({ banned: true, bannedReason: 'Repeated scams.', bannedAt: NOW });
    // The old token opens nothing any more.
    expect((await t.app.inject({ url: '/api/v1/me', headers: bad.headers })).statusCode).toBe(401);
    expect((await t.db.select().from(userReports).where(eq(userReports.reportedId, bad.id))).map((r) => r.resolution)).toEqual([
      'banned',
      'banned',
    ]);
    expect((await auditOf(bad.id)).map((a) => [a.action, a.reason])).toEqual([['user.ban', 'Repeated scams.']]);
    const thread = await t.db.select().from(supportMessages).where(eq(supportMessages.threadUserId, bad.id));
    expect(thread.map((m) => m.body).join('\n')).toContain('Repeated scams.');
    // A later report about someone already suspended: banning again closes it, audited, and changes nothing else.
    await t.db
      .insert(userReports)
      .values({ id: `late-${bad.id}`, reporterId: other.id, reportedId: bad.id, reason: 'Spam', createdAt: NOW });
    expect((await post(`/users/${bad.id}/ban`, { reason: 'Still scamming.' })).json()).toEqual({ resolvedReports: 1 });
    expect((await t.db.select().from(users).where(eq(users.id, bad.id)))[0]!.bannedReason).toBe('Repeated scams.');
    expect((await auditOf(bad.id)).map((a) => a.after)).toEqual([
      { banned: true, bannedReason: 'Repeated scams.' },
      { alreadyBanned: true, resolvedReports: 1 },
    ]);
    expect((await post(`/users/${admin.id}/ban`, { reason: 'x' })).statusCode).toBe(400);
    expect((await post('/users/no-such-member/ban', { reason: 'x' })).statusCode).toBe(404);
  });

  it('dismisses the reports about a member, changing nothing else', async () => {
    const bad = await reportedMember();
    const res = await post(`/users/${bad.id}/dismiss`);
    expect(res.json()).toEqual({ resolvedReports: 2 });
    expect((await t.db.select().from(users).where(eq(users.id, bad.id)))[0]!.banned).toBe(false);
    expect(await t.db.select().from(supportMessages).where(eq(supportMessages.threadUserId, bad.id))).toHaveLength(0);
    expect((await auditOf(bad.id)).map((a) => a.action)).toEqual(['report.dismiss']);
  });
});

describe('disputes', () => {
  /** Ana offered her tent for Ben's bike, Ben accepted, they chatted, Ana reported a problem. */
  async function dispute() {
    const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const bike = await listing(ben, 'Disputed bike');
    const tent = await listing(ana, 'Disputed tent');
    const o = (
      await t.app.inject({ method: 'POST', url: '/api/v1/offers', headers: ana.headers, payload: { postId: bike.id, itemIds: [tent.id] } })
    ).json();
    const act = (m: TestMember, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/offers/${o.id}/transitions`, headers: m.headers, payload });
    expect((await act(ben, { transition: 'accept' })).statusCode).toBe(200);
    const room = (
      await t.app.inject({ method: 'POST', url: '/api/v1/rooms', headers: ana.headers, payload: { userId: ben.id, postId: bike.id } })
    ).json();
    const say = (m: TestMember, body: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/rooms/${room.id}/messages`, headers: m.headers, payload: { body } });
    await say(ana, 'Where is the bike?');
    await say(ben, 'I posted it last week!');
    expect((await act(ana, { transition: 'report_problem', message: 'The bike never arrived' })).json().state).toBe('disputed');
    return { ana, ben, bike, tent, offerId: o.id as string };
  }

  it('shows both parties, the items, the problem report and their chat', async () => {
    const d = await dispute();
    const card = (await queue('disputes')).disputes.find((x) => x.offerId === d.offerId)!;
    expect(card).toMatchObject({ offerer: { id: d.ana.id }, owner: { id: d.ben.id }, post: { id: d.bike.id, state: 'reserved' } });
    expect(card.items.map((i) => i.id)).toEqual([d.tent.id]);
    expect(card.problems).toMatchObject([{ byId: d.ana.id, message: 'The bike never arrived' }]);
    expect(card.messages.map((m) => [m.senderId, m.body])).toEqual([
      [d.ana.id, 'Where is the bike?'],
      [d.ben.id, 'I posted it last week!'],
    ]);
  });

  it('cancel: the offer is withdrawn, reservations released, items back on the market, both told, audited; once only', async () => {
    const d = await dispute();
    expect((await post(`/disputes/${d.offerId}/resolve`, { outcome: 'cancel', reason: '' })).statusCode).toBe(400);
    expect((await t.db.select().from(offers).where(eq(offers.id, d.offerId)))[0]!.state).toBe('disputed');
    const res = await post(`/disputes/${d.offerId}/resolve`, { outcome: 'cancel', reason: 'No proof of postage.' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.db.select().from(offers).where(eq(offers.id, d.offerId)))[0]!.state).toBe('withdrawn');
    expect(await t.db.select().from(postReservations).where(eq(postReservations.offerId, d.offerId))).toHaveLength(0);
    expect([(await postRow(d.bike.id)).state, (await postRow(d.tent.id)).state]).toEqual(['published', 'published']);
    for (const m of [d.ana, d.ben])
      expect((await noticesOf(m.id)).map((n) => n.data)).toEqual([
        { event: 'dispute_cancelled', postTitle: 'Disputed bike', reason: 'No proof of postage.' },
      ]);
    expect((await auditOf(d.offerId)).map((a) => [a.action, a.after])).toEqual([
      ['dispute.resolve', { state: 'withdrawn', outcome: 'cancel', posts: [d.bike.id, d.tent.id] }],
    ]);
    const again = await post(`/disputes/${d.offerId}/resolve`, { outcome: 'complete', reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This dispute has already been resolved.');
    expect((await post('/disputes/no-such-offer/resolve', { outcome: 'cancel', reason: 'x' })).statusCode).toBe(404);
  });

  it('complete: the swap completes as if both confirmed (items swapped, carbon, points)', async () => {
    const d = await dispute();
    const res = await post(`/disputes/${d.offerId}/resolve`, { outcome: 'complete', reason: 'Tracking shows it was delivered.' });
    expect(res.statusCode, res.body).toBe(200);
    const [o] = await t.db.select().from(offers).where(eq(offers.id, d.offerId));
    expect(o).toMatchObject({ state: 'completed', completedAt: NOW, offererConfirmedAt: NOW, ownerConfirmedAt: NOW });
    expect(o!.carbonKg).toBeGreaterThan(0);
    expect([(await postRow(d.bike.id)).state, (await postRow(d.tent.id)).state]).toEqual(['swapped', 'swapped']);
    expect((await t.db.select().from(pointsLedger).where(eq(pointsLedger.sourceId, d.offerId))).map((p) => p.points)).toEqual([50, 50]);
    const events = await t.db.select().from(offerEvents).where(eq(offerEvents.offerId, d.offerId));
    expect(events.at(-1)).toMatchObject({ transition: 'admin_complete', fromState: 'disputed', toState: 'completed', actorId: admin.id });
  });

  it('two admins resolving at once resolve it once', async () => {
    const second = await signUpMember(t.app);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, second.id));
    const d = await dispute();
    const [a, b] = await Promise.all([
      post(`/disputes/${d.offerId}/resolve`, { outcome: 'complete', reason: 'Delivered.' }),
      post(`/disputes/${d.offerId}/resolve`, { outcome: 'cancel', reason: 'Not delivered.' }, second.headers),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await auditOf(d.offerId)).toHaveLength(1);
    const [o] = await t.db.select().from(offers).where(eq(offers.id, d.offerId));
    const points = await t.db.select().from(pointsLedger).where(eq(pointsLedger.sourceId, d.offerId));
    if (o!.state === 'completed') expect(points).toHaveLength(2);
    else expect([o!.state, points.length]).toEqual(['withdrawn', 0]);
    expect((await noticesOf(d.ana.id)).filter((n) => n.data.event?.startsWith('dispute_'))).toHaveLength(1);
  });
});
