import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { EVENTS_PER_BATCH } from '@swapu/shared/analytics';
import { analyticsEvents } from '../../db/schema/index';
import { rowsOf } from '../../lib/sql-rows';
import { signUpMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { ensureEventPartitions } from './partitions';
import { eventTime, memberHash } from './events.service';

let t: TestApp;
const NOW = new Date('2026-11-20T10:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

const pageView = (path = '/search', at = NOW) => ({ name: 'page_view', at: at.toISOString(), path, props: { title: 'Search · SwapU' } });
const post = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/events', payload: body as object, headers });
const eventsOf = (sessionId: string) => t.db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId));

describe('POST /api/v1/events', () => {
  it('stores a guest’s batch before answering 202, with its session id, path and properties', async () => {
    const sessionId = randomUUID();
    const res = await post({
      sessionId,
      events: [
        {
          name: 'session_start',
          at: NOW.toISOString(),
          path: '/',
          props: { referrer: 'www.google.com', language: 'en-US', viewport: 'phone' },
        },
        pageView(),
        {
          name: 'funnel_step',
          at: NOW.toISOString(),
          path: '/create-post',
          props: { funnel: 'listing_creation', step: 'photos', step_index: 0 },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ accepted: 3 });
    const rows = await eventsOf(sessionId);
    expect(rows.map((r) => r.name).sort()).toEqual(['funnel_step', 'page_view', 'session_start']);
    expect(rows.find((r) => r.name === 'funnel_step')).toMatchObject({
      path: '/create-post',
      userHash: null,
      props: { funnel: 'listing_creation', step: 'photos', step_index: 0 },
      createdAt: NOW,
      receivedAt: NOW,
    });
  });

  it('keeps a signed-in member only as a salted hash: stable for them, different for others, never their id', async () => {
    const [a, b] = [await signUpMember(t.app), await signUpMember(t.app)];
    const s1 = randomUUID();
    const s2 = randomUUID();
    const s3 = randomUUID();
    for (const [m, s] of [
      [a, s1],
      [a, s2],
      [b, s3],
    ] as const)
      expect((await post({ sessionId: s, events: [pageView()] }, m.headers)).statusCode).toBe(202);
    const [h1, h2, h3] = [(await eventsOf(s1))[0]!.userHash, (await eventsOf(s2))[0]!.userHash, (await eventsOf(s3))[0]!.userHash];
    expect(h1).toBe(memberHash(t.config.jwtSecret, a.id));
    expect(h1).toBe(h2);
    expect(h3).not.toBe(h1);
    expect(h1).not.toContain(a.id);
    expect(memberHash('another-secret', a.id)).not.toBe(h1);
  });

  it('takes the same JSON as text/plain, as navigator.sendBeacon sends it', async () => {
    const sessionId = randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({
        sessionId,
        events: [
          { name: 'session_end', at: NOW.toISOString(), path: '/offers', props: { session_duration_seconds: 95, reason: 'page_hidden' } },
        ],
      }),
    });
    expect(res.statusCode, res.body).toBe(202);
    expect((await eventsOf(sessionId))[0]!.props).toEqual({ session_duration_seconds: 95, reason: 'page_hidden' });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: { 'content-type': 'text/plain' },
      payload: '{"sessionId":',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('refuses a batch with anything wrong in it, storing none of it', async () => {
    const sessionId = randomUUID();
    const bad: unknown[] = [
      { sessionId, events: [] },
      { sessionId, events: Array.from({ length: EVENTS_PER_BATCH + 1 }, () => pageView()) },
      { sessionId: 'not-a-uuid', events: [pageView()] },
      { sessionId, events: [pageView(), { ...pageView(), name: 'purchase' }] },
      // Properties are strict: nothing the schema does not name (no emails smuggled in).
      { sessionId, events: [pageView(), { ...pageView(), props: { title: 'x', email: 'ann@example.com' } }] },
      {
        sessionId,
        events: [{ name: 'funnel_step', at: NOW.toISOString(), path: '/x', props: { funnel: 'checkout', step: 'pay', step_index: 1 } }],
      },
      { sessionId, events: [{ ...pageView(), path: '/search?q=my+address' }] },
      { sessionId, events: [{ ...pageView(), at: 'yesterday' }] },
      { sessionId, events: [pageView()], userId: 'u1' },
    ];
    for (const body of bad) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json().error.code).toBe('data_invalid');
    }
    expect(await eventsOf(sessionId)).toEqual([]);
  });

  it('keeps only error reports, and no member, when the browser sends Do-Not-Track or Global Privacy Control', async () => {
    const m = await signUpMember(t.app);
    for (const header of [{ dnt: '1' }, { 'sec-gpc': '1' }] as Array<Record<string, string>>) {
      const sessionId = randomUUID();
      const res = await post(
        {
          sessionId,
          events: [
            pageView(),
            { name: 'app_error', at: NOW.toISOString(), path: '/offers', props: { message: 'Failed to fetch', source: 'window' } },
          ],
        },
        { ...m.headers, ...header },
      );
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ accepted: 1 });
      const rows = await eventsOf(sessionId);
      expect(rows.map((r) => [r.name, r.userHash])).toEqual([['app_error', null]]);
    }
  });

  it('dates an event when the client says, unless that is in the future or over a day back', () => {
    expect(eventTime('2026-11-20T09:59:00.000Z', NOW)).toEqual(new Date('2026-11-20T09:59:00.000Z'));
    expect(eventTime('2026-11-20T10:05:00.000Z', NOW)).toEqual(NOW);
    expect(eventTime('2026-11-18T10:00:00.000Z', NOW)).toEqual(NOW);
  });

  it('lets one browser session send 60 batches a minute, counted in the database however many arrive together', async () => {
    const sessionId = randomUUID();
    const results = await Promise.all(Array.from({ length: 70 }, () => post({ sessionId, events: [pageView()] })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(60);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    expect(await eventsOf(sessionId)).toHaveLength(60);
    // Another session is not held back.
    expect((await post({ sessionId: randomUUID(), events: [pageView()] })).statusCode).toBe(202);
  });
});

/** The database's own message when a statement is refused (Drizzle wraps it as the cause). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
    return 'accepted';
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return e.cause?.message ?? e.message;
  }
}

describe('the events table', () => {
  it('is append-only: no update or delete', async () => {
    const sessionId = randomUUID();
    await post({ sessionId, events: [pageView()] });
    expect(await refusal(t.db.update(analyticsEvents).set({ name: 'x' }).where(eq(analyticsEvents.sessionId, sessionId)))).toMatch(
      /append-only/,
    );
    expect(await refusal(t.db.delete(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId)))).toMatch(/append-only/);
    expect(await eventsOf(sessionId)).toHaveLength(1);
  });

  it('is partitioned by month: partitions are made ahead, and a month’s events already in the default partition move into it', async () => {
    const sessionId = randomUUID();
    // An event dated in January 2027, before its partition exists, lands in the default partition.
    await t.db.insert(analyticsEvents).values({
      id: randomUUID(),
      name: 'page_view',
      sessionId,
      props: { title: 'x' },
      createdAt: new Date('2027-01-15T00:00:00.000Z'),
      receivedAt: NOW,
    });
    const where = async () =>
      (
        await rowsOf<{ part: string }>(
          t.db,
          sql`select tableoid::regclass::text as part from analytics_events where session_id = ${sessionId}`,
        )
      )[0]!.part;
    expect(await where()).toBe('analytics_events_default');
    const made = await ensureEventPartitions(t.db, NOW);
    expect(made).toEqual(['analytics_events_y2026m11', 'analytics_events_y2026m12', 'analytics_events_y2027m01']);
    expect(await where()).toBe('analytics_events_y2027m01');
    // Made once: a second run (or another instance) makes nothing.
    expect(await ensureEventPartitions(t.db, NOW)).toEqual([]);
    // Two instances at once: each month is made exactly once between them.
    const feb = new Date('2027-02-01T00:00:00Z');
    const [x, y] = await Promise.all([ensureEventPartitions(t.db, feb), ensureEventPartitions(t.db, feb)]);
    expect([...x!, ...y!].sort()).toEqual(['analytics_events_y2027m02', 'analytics_events_y2027m03', 'analytics_events_y2027m04']);
    // New events go to their month's partition.
    const later = randomUUID();
    await post({ sessionId: later, events: [pageView()] });
    const [row] = await rowsOf<{ part: string }>(
      t.db,
      sql`select tableoid::regclass::text as part from analytics_events where session_id = ${later}`,
    );
    expect(row!.part).toBe('analytics_events_y2026m11');
  });
});
