import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AnalyticsReport } from '@swapu/shared/analytics';
import { users } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { storeEvents, type StoredEvent } from './events.service';
import { analyticsReport, medianOfBuckets, refreshRollups } from './rollups';

let t: TestApp;
let admin: TestMember;
const NOW = new Date('2026-11-20T18:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
  admin = await signUpMember(t.app);
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
});
afterAll(async () => {
  await t.close();
});

const at = (iso: string, seconds = 0) => new Date(Date.parse(iso) + seconds * 1000);
const ev = (sessionId: string, name: string, props: Record<string, unknown>, when: Date): StoredEvent => ({
  name,
  sessionId,
  userHash: null,
  path: '/create-post',
  props,
  at: when,
});
const step = (s: string, i: number, when: Date) =>
  ev(
    s,
    'funnel_step',
    { funnel: 'listing_creation', step: ['photos', 'details', 'categories', 'value', 'size', 'location'][i], step_index: i },
    when,
  );

describe('analytics rollups and the dashboard’s figures', () => {
  it('counts the listing funnel’s sessions per step, its drop-off, abandonments, completions and the median time between steps', async () => {
    const day = '2026-11-19T10:00:00.000Z';
    const [s1, s2, s3, s4] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const events: StoredEvent[] = [
      // S1 goes all the way: 30 s from photos to details.
      ...[0, 1, 2, 3, 4, 5].map((i) => step(s1, i, at(day, i === 0 ? 0 : 30 + i))),
      ev(s1, 'funnel_complete', { funnel: 'listing_creation' }, at(day, 60)),
      // S2 reaches details after 90 s and leaves there; it showed photos twice (counted once).
      step(s2, 0, at(day)),
      step(s2, 0, at(day, 5)),
      step(s2, 1, at(day, 90)),
      ev(s2, 'funnel_abandon', { funnel: 'listing_creation', step: 'details', step_index: 1 }, at(day, 100)),
      // S3 leaves at photos; S4 stops at categories (60 s to details).
      step(s3, 0, at(day)),
      ev(s3, 'funnel_abandon', { funnel: 'listing_creation', step: 'photos', step_index: 0 }, at(day, 20)),
      step(s4, 0, at(day)),
      step(s4, 1, at(day, 60)),
      step(s4, 2, at(day, 80)),
      ...[s1, s2, s3, s4].map((s) => ev(s, 'session_start', { referrer: null, language: 'en-US', viewport: 'phone' }, at(day, -1))),
      // Searches: queries are counted case- and space-insensitively; no results from the client and the server alike.
      ev(s1, 'search', { query: 'Bike' }, at(day)),
      ev(s2, 'search', { query: 'bike ' }, at(day)),
      ev(s3, 'search', { query: 'bike' }, at(day)),
      ev(s3, 'search', { query: 'kayak' }, at(day)),
      ev(s4, 'search_no_results', { query: 'xylophone' }, at(day)),
      { ...ev(s4, 'search_no_results', { q: 'Xylophone', category: [], radiusKm: null, sort: 'relevance' }, at(day)), sessionId: null },
    ];
    await storeEvents(t.db, events, NOW);
    // Another day, outside the range asked for below.
    const other = randomUUID();
    await storeEvents(t.db, [step(other, 0, at('2026-11-17T10:00:00.000Z'))], NOW);

    const days = await refreshRollups(t.db, NOW);
    expect(days).toEqual(['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    // Refreshing again replaces the rows: nothing is counted twice.
    await refreshRollups(t.db, NOW);

    const report = await analyticsReport(t.db, '2026-11-18', '2026-11-20');
    expect(report.sessions).toBe(4);
    const listing = report.funnels.find((f) => f.name === 'listing_creation')!;
    expect(listing.steps.map((s) => s.sessions)).toEqual([4, 3, 2, 1, 1, 1]);
    expect(listing.steps.map((s) => (s.dropOff === null ? null : Math.round(s.dropOff * 1000) / 1000))).toEqual([
      null,
      0.25,
      0.333,
      0.5,
      0,
      0,
    ]);
    expect(listing.steps.map((s) => s.abandoned)).toEqual([1, 1, 0, 0, 0, 0]);
    expect(listing.completed).toBe(1);
    // Photos → details took 31, 90 (from S2's first photos) and 60 seconds: the median is 60, within a bucket's 19 %.
    const median = listing.steps[0]!.medianSecondsToNext!;
    expect(median).toBeGreaterThanOrEqual(50);
    expect(median).toBeLessThanOrEqual(70);
    expect(listing.steps[5]!.medianSecondsToNext).toBeNull();
    expect(report.funnels.find((f) => f.name === 'swap_offer')!.steps.every((s) => s.sessions === 0)).toBe(true);
    expect(report.topSearches).toEqual([
      { query: 'bike', count: 3 },
      { query: 'kayak', count: 1 },
    ]);
    expect(report.noResultSearches).toEqual([{ query: 'xylophone', count: 2 }]);
    expect(report.events.funnel_step).toBe(13);

    // The day before is there when the range includes it.
    const wider = await analyticsReport(t.db, '2026-11-17', '2026-11-20');
    expect(wider.funnels.find((f) => f.name === 'listing_creation')!.steps[0]!.sessions).toBe(5);
  });

  it('takes the median from the merged buckets', () => {
    expect(medianOfBuckets(new Map())).toBeNull();
    // 4 buckets per doubling: bucket 20 holds 31..37 s, bucket 28 holds 127..152 s.
    expect(medianOfBuckets(new Map([[20, 3]]))).toBe(34);
    expect(
      medianOfBuckets(
        new Map([
          [20, 1],
          [28, 2],
        ]),
      ),
    ).toBe(139);
  });

  it('answers admins only, and refuses a range that ends before it starts or spans more than a year', async () => {
    const url = '/api/v1/admin/analytics?from=2026-11-18&to=2026-11-20';
    const ok = await t.app.inject({ url, headers: admin.headers });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<AnalyticsReport>().sessions).toBeGreaterThanOrEqual(4);
    const member = await signUpMember(t.app);
    expect((await t.app.inject({ url, headers: member.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    for (const q of ['from=2026-11-20&to=2026-11-18', 'from=2025-01-01&to=2026-11-18', 'from=yesterday&to=2026-11-18']) {
      const res = await t.app.inject({ url: `/api/v1/admin/analytics?${q}`, headers: admin.headers });
      expect(res.statusCode, q).toBe(400);
    }
  });
});
