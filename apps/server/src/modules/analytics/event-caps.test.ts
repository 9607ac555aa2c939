import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { EVENTS_PER_BATCH } from '@swapu/shared/analytics';
import { analyticsEvents, rateLimits } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { EVENT_DAILY_CAPS, eventCapKeys, memberHash } from './events.service';

/**
 * The daily caps on analytics events (issue 36): per IP and per member, not only per the session
 * id the client picks, so fresh ids cannot forge the dashboard's funnels or grow the table
 * without bound.
 */
let t: TestApp;
const NOW = new Date('2026-11-20T10:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

const pageViews = (n: number) =>
  Array.from({ length: n }, () => ({ name: 'page_view', at: NOW.toISOString(), path: '/search', props: { title: 'Search · SwapU' } }));
/** A batch with a session id of its own, as a forger would send it. */
const send = (ip: string, sessionId: string, events: number, member?: TestMember) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/events',
    remoteAddress: ip,
    payload: { sessionId, events: pageViews(events) },
    headers: member?.headers ?? {},
  });
const storedFrom = async (sessionIds: string[]) =>
  (await t.db.select({ n: count() }).from(analyticsEvents).where(inArray(analyticsEvents.sessionId, sessionIds)))[0]!.n;
/** Brings an IP's counter to `left` events short of the cap (20,000 real events would only make the test slow). */
const nearCap = (ip: string, left: number) =>
  t.db.insert(rateLimits).values({ key: eventCapKeys.ip(ip), windowStart: t.clock.now(), count: EVENT_DAILY_CAPS.perIp - left });

async function sendAndCount(ip: string, events: number, member?: TestMember) {
  const sessionId = randomUUID();
  const res = await send(ip, sessionId, events, member);
  return { status: res.statusCode, accepted: res.json().accepted as number, stored: await storedFrom([sessionId]) };
}

describe('the daily cap per IP', () => {
  it('stops storing a fresh session id per request from one IP at the cap, still answering 202 so the browser does not retry', async () => {
    await nearCap('10.70.0.1', 30);
    expect(await sendAndCount('10.70.0.1', 20)).toEqual({ status: 202, accepted: 20, stored: 20 });
    expect(await sendAndCount('10.70.0.1', 20)).toEqual({ status: 202, accepted: 10, stored: 10 });
    expect(await sendAndCount('10.70.0.1', 20)).toEqual({ status: 202, accepted: 0, stored: 0 });
    // Another address is counted apart.
    expect(await sendAndCount('10.70.0.2', 20)).toEqual({ status: 202, accepted: 20, stored: 20 });
    // The next day the address is heard again.
    t.clock.advance(EVENT_DAILY_CAPS.windowMs + 1000);
    expect(await sendAndCount('10.70.0.1', 20)).toEqual({ status: 202, accepted: 20, stored: 20 });
  });

  it('stores exactly up to the cap however many batches arrive together', async () => {
    await nearCap('10.71.0.1', 100);
    const sessionIds = Array.from({ length: 10 }, () => randomUUID());
    const answers = await Promise.all(sessionIds.map((id) => send('10.71.0.1', id, EVENTS_PER_BATCH)));
    expect(answers.every((r) => r.statusCode === 202)).toBe(true);
    expect(answers.reduce((sum, r) => sum + (r.json().accepted as number), 0)).toBe(100);
    expect(await storedFrom(sessionIds)).toBe(100);
  });
});

describe('the daily cap per member', () => {
  it('counts a member’s events across sessions and addresses, and other members apart', async () => {
    const [member, other] = [await signUpMember(t.app), await signUpMember(t.app)];
    const batches = EVENT_DAILY_CAPS.perMember / EVENTS_PER_BATCH;
    for (let i = 0; i < batches; i++) {
      expect((await sendAndCount(`10.72.${Math.floor(i / 200)}.${1 + (i % 200)}`, EVENTS_PER_BATCH, member)).accepted).toBe(
        EVENTS_PER_BATCH,
      );
    }
    expect(await sendAndCount('10.73.0.1', 5, member)).toEqual({ status: 202, accepted: 0, stored: 0 });
    expect(await sendAndCount('10.73.0.1', 5, other)).toEqual({ status: 202, accepted: 5, stored: 5 });
    const hash = memberHash(t.config.jwtSecret, member.id);
    const [kept] = await t.db.select({ n: count() }).from(analyticsEvents).where(eq(analyticsEvents.userHash, hash));
    expect(kept!.n).toBe(EVENT_DAILY_CAPS.perMember);
  });
});
