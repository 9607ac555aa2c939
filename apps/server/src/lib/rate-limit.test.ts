import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { buildApp } from '../app';
import { messages, offers, postImages, postReports, rateLimits, rooms, supportMessages, users } from '../db/schema/index';
import { signUpMember, type TestMember } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/app';
import { createPost } from '../test/factories';
import { fakeModerator } from '../test/moderator';
import { multipartFile } from '../test/multipart';
import { SIGN_IN_LIMITS } from '../modules/auth/sign-in-limits';
import { enforce, RATE_LIMIT_KEEP_MS, RATE_LIMITS, type RateLimitName, sweepRateLimits } from './rate-limit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Brings a member to the edge of a limit: the next request is the one over it. */
async function useUp(name: RateLimitName, subject: string) {
  await t.db
    .insert(rateLimits)
    .values({ key: `${name}:${subject}`, windowStart: t.clock.now(), count: RATE_LIMITS[name].max })
    .onConflictDoUpdate({ target: rateLimits.key, set: { windowStart: t.clock.now(), count: RATE_LIMITS[name].max } });
}

/** A 429 in the catalogue's words, with Retry-After telling when the window opens again. */
function expectLimited(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, name: RateLimitName) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: { code: 'rate_limited', message: 'Too many requests, please try again shortly' } });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(Math.ceil(RATE_LIMITS[name].windowMs / 1000));
}

const countOf = async (table: PgTable, where?: SQL) => (await t.db.select({ n: count() }).from(table).where(where))[0]!.n;

const jpeg = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#2f9e5b' } })
    .jpeg()
    .toBuffer();

describe('enforce', () => {
  it('lets exactly `max` through however many arrive at once, then says when to come back', async () => {
    const subject = 'parallel-subject';
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => enforce(t.db, 'report', subject, t.clock.now())));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(RATE_LIMITS.report.max);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!.reason;
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: RATE_LIMITS.report.windowMs / 1000 });
    // The window passes: the counter starts again.
    t.clock.advance(RATE_LIMITS.report.windowMs + 1);
    await expect(enforce(t.db, 'report', subject, t.clock.now())).resolves.toBeUndefined();
  });
});

describe('every limit that costs us or others', () => {
  let ana: TestMember;
  let ben: TestMember;
  beforeAll(async () => {
    [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
  });
  const as = (m: TestMember) => ({ headers: m.headers });

  it('offers and counter-offers', async () => {
    const post = await createPost(t.db, { ownerId: ben.id, openToSelling: true, now: t.clock.now() });
    await useUp('offer', ana.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/offers',
      ...as(ana),
      payload: { postId: post.id, cashKind: 'only', cashCents: 5000 },
    });
    expectLimited(res, 'offer');
    expect(await countOf(offers, eq(offers.offererId, ana.id))).toBe(0);
  });

  it('opening chat rooms', async () => {
    await useUp('roomCreate', ana.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/rooms', ...as(ana), payload: { userId: ben.id } });
    expectLimited(res, 'roomCreate');
    expect(await countOf(rooms)).toBe(0);
  });

  it('reports of listings and of people, held exactly under concurrency', async () => {
    const posts = await Promise.all(Array.from({ length: 30 }, () => createPost(t.db, { ownerId: ben.id, now: t.clock.now() })));
    const answers = await Promise.all(
      posts.map((p) => t.app.inject({ method: 'POST', url: `/api/v1/posts/${p.id}/report`, ...as(ana), payload: { reason: 'scam' } })),
    );
    expect(answers.filter((r) => r.statusCode === 202)).toHaveLength(RATE_LIMITS.report.max);
    expectLimited(
      answers.find((r) => r.statusCode === 429)!,
      'report',
    );
    expect(await countOf(postReports, eq(postReports.reporterId, ana.id))).toBe(RATE_LIMITS.report.max);
  });

  it('messages to the SwapU team', async () => {
    await useUp('supportMessage', ben.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/support/messages', ...as(ben), payload: { body: 'Hello?' } });
    expectLimited(res, 'supportMessage');
    expect(await countOf(supportMessages)).toBe(0);
  });

  it('photo, avatar and banner uploads', async () => {
    const post = await createPost(t.db, { ownerId: ben.id, now: t.clock.now() });
    await useUp('upload', ben.id);
    const file = multipartFile('file', 'bike.jpg', await jpeg(), 'image/jpeg');
    const photo = await t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/${post.id}/images`,
      payload: file.payload,
      headers: { ...ben.headers, ...file.headers },
    });
    expectLimited(photo, 'upload');
    expect(await countOf(postImages, eq(postImages.postId, post.id))).toBe(0);
    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/avatar',
      payload: file.payload,
      headers: { ...ben.headers, ...file.headers },
    });
    expectLimited(avatar, 'upload');
    expect((await t.db.select().from(users).where(eq(users.id, ben.id)))[0]!.avatarKey).toBeNull();
  });

  it('turning two-factor authentication off and deleting the account (each checks a secret)', async () => {
    const carl = await signUpMember(t.app);
    await useUp('twoFactorDisable', carl.id);
    expectLimited(
      await t.app.inject({ method: 'POST', url: '/api/v1/me/2fa/disable', ...as(carl), payload: { code: '123456' } }),
      'twoFactorDisable',
    );
    await useUp('accountDelete', carl.id);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/v1/me', ...as(carl), payload: { password: 'secret1' } });
    expectLimited(del, 'accountDelete');
    expect((await t.db.select().from(users).where(eq(users.id, carl.id)))[0]!.deletedAt).toBeNull();
  });
});

describe('the chat send limit', () => {
  it('is shared by every server instance: two apps on one database let 20 of 30 messages through', async () => {
    const [dee, eve] = [await signUpMember(t.app), await signUpMember(t.app)];
    const room = (await t.app.inject({ method: 'POST', url: '/api/v1/rooms', headers: dee.headers, payload: { userId: eve.id } })).json();
    // A second instance: its own process memory, the same database.
    const other = await buildApp({ config: t.config, database: t.database, clock: t.clock, moderator: fakeModerator(), serveWeb: false });
    await other.ready();
    try {
      const send = (app: typeof other, i: number) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/rooms/${room.id}/messages`,
          headers: dee.headers,
          payload: { body: `message ${i}`, clientId: `c-${i}` },
        });
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => send(i % 2 ? other : t.app, i)));
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(RATE_LIMITS.chatSend.max);
      expectLimited(
        answers.find((r) => r.statusCode === 429)!,
        'chatSend',
      );
      expect(await countOf(messages, and(eq(messages.roomId, room.id), eq(messages.senderId, dee.id)))).toBe(RATE_LIMITS.chatSend.max);
      // Ten seconds later the member may talk again.
      t.clock.advance(RATE_LIMITS.chatSend.windowMs);
      expect((await send(other, 99)).statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });
});

describe('the sweep of old counters', () => {
  it('deletes counters older than any window and keeps the rest, wherever it runs twice', async () => {
    const now = t.clock.now();
    const at = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await t.db.insert(rateLimits).values([
      { key: 'sweep-test:old', windowStart: at(32), count: 3 },
      { key: 'sweep-test:known', windowStart: at(29), count: 1 },
      { key: 'sweep-test:fresh', windowStart: now, count: 1 },
    ]);
    // Every window is shorter than what is kept: a swept counter could never have refused anything.
    for (const { windowMs } of Object.values(RATE_LIMITS)) expect(windowMs).toBeLessThan(RATE_LIMIT_KEEP_MS);
    expect(SIGN_IN_LIMITS.knownAddressMs).toBeLessThan(RATE_LIMIT_KEEP_MS);
    const [a, b] = await Promise.all([sweepRateLimits(t.db, now), sweepRateLimits(t.db, now)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const left = await t.db.select({ key: rateLimits.key }).from(rateLimits);
    const keys = left.map((r) => r.key).filter((k) => k.startsWith('sweep-test:'));
    expect(keys.sort()).toEqual(['sweep-test:fresh', 'sweep-test:known']);
  });
});
