import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ModerationQueue } from '@swapu/shared/admin-moderation';
import { SCAM_QUEUE_AFTER, SCAM_SLOW_AFTER, SCAM_SLOW_MS, SCAM_WINDOW_MS } from '@swapu/shared/constants';
import { messages, rateLimits, userReports, users } from '../../db/schema/index';
import { signUpMember } from '../../test/accounts';
import { chatTestApp } from './chat-test-client';

const { env, open, say, connect } = chatTestApp();
const PAYID = 'pay me via PayID 0412 345 678';

const flagsOf = async (userId: string) =>
  (
    await env.t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `scamFlags:${userId}`))
  )[0]?.count ?? 0;

describe('scam warnings in chat', () => {
  it('stores a flagged message with its warnings and delivers it to the receiver, who sees the kinds', async () => {
    const [ana, ben] = [await signUpMember(env.t.app), await signUpMember(env.t.app)];
    const roomId = (await open(ana, ben.id)).json().id;
    const ws = await connect(ben);
    ws.send({ type: 'subscribe', roomId, after: 0 });
    await ws.until((e) => e.type === 'subscribed');
    const sent = await say(ana, roomId, PAYID);
    expect(sent.statusCode).toBe(201);
    const live = (await ws.until((e) => e.type === 'message')) as { message: { body: string; warnings: string[] } };
    expect(live.message).toMatchObject({ body: PAYID, warnings: ['pay_outside', 'bank_details'] });
    ws.close();
    const page = await env.t.app.inject({ url: `/api/v1/rooms/${roomId}/messages`, headers: ben.headers });
    expect(page.json().items).toMatchObject([{ body: PAYID, warnings: ['pay_outside', 'bank_details'] }]);
    const ordinary = await say(ben, roomId, 'I can pay cash on pickup');
    expect(ordinary.json()).toMatchObject({ warnings: [] });
    expect(await flagsOf(ana.id)).toBe(1);
    expect(await flagsOf(ben.id)).toBe(0);
  });

  it('slows a sender past the limit with a retry time, in the reader’s language, and lets them send again after it', async () => {
    const [ana, ben] = [await signUpMember(env.t.app), await signUpMember(env.t.app)];
    const roomId = (await open(ana, ben.id)).json().id;
    // SCAM_SLOW_AFTER flagged messages, then one more: all delivered.
    for (let i = 0; i <= SCAM_SLOW_AFTER; i++) expect((await say(ana, roomId, `${PAYID} (${i})`)).statusCode).toBe(201);
    const slowed = await say(ana, roomId, 'message me on WhatsApp');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error).toMatchObject({ code: 'chat_slowed', fields: { retryAt: expect.any(String) } });
    expect(slowed.json().error.message).toMatch(/slowed down/);
    expect(Number(slowed.headers['retry-after'])).toBe(SCAM_SLOW_MS / 1000);
    const pt = await env.t.app.inject({
      method: 'POST',
      url: `/api/v1/rooms/${roomId}/messages`,
      headers: { ...ana.headers, 'accept-language': 'pt-PT' },
      payload: { body: 'manda-me mensagem no WhatsApp' },
    });
    expect(pt.json().error.message).toMatch(/mais lentas/);
    // Ordinary messages are not slowed; refused ones were not stored.
    expect((await say(ana, roomId, 'see you Saturday')).statusCode).toBe(201);
    expect(await env.t.db.select().from(messages).where(eq(messages.roomId, roomId))).toHaveLength(SCAM_SLOW_AFTER + 2);
    env.t.clock.advance(SCAM_SLOW_MS);
    expect((await say(ana, roomId, 'message me on WhatsApp')).statusCode).toBe(201);
    // A new window (moved back in the database rather than the clock, which would end the session):
    // the count starts again at 1.
    const key = `scamFlags:${ana.id}`;
    const [row] = await env.t.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    await env.t.db
      .update(rateLimits)
      .set({ windowStart: new Date(row!.windowStart.getTime() - SCAM_WINDOW_MS) })
      .where(eq(rateLimits.key, key));
    expect((await say(ana, roomId, 'message me on Telegram')).statusCode).toBe(201);
    expect(await flagsOf(ana.id)).toBe(1);
  });

  it('counts exactly under parallel sends and queues the member for an admin once, as SwapU', async () => {
    const [ana, ben, admin] = [await signUpMember(env.t.app), await signUpMember(env.t.app), await signUpMember(env.t.app)];
    await env.t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const roomId = (await open(ana, ben.id)).json().id;
    const sends = 12;
    const results = await Promise.all(Array.from({ length: sends }, (_, i) => say(ana, roomId, `bank transfer please (${i})`)));
    // Every attempt is counted; past SCAM_SLOW_AFTER only one goes through in the slow gap.
    expect(await flagsOf(ana.id)).toBe(sends);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(SCAM_SLOW_AFTER + 1);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(sends - SCAM_SLOW_AFTER - 1);
    expect(sends).toBeGreaterThan(SCAM_QUEUE_AFTER);
    const reports = await env.t.db.select().from(userReports).where(eq(userReports.reportedId, ana.id));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ reporterId: null, roomId, status: 'open' });
    const queue = await env.t.app.inject({ url: '/api/v1/admin/moderation?kind=members', headers: admin.headers });
    expect(queue.statusCode, queue.body).toBe(200);
    const card = (queue.json() as ModerationQueue).members.find((m) => m.member.id === ana.id);
    expect(card?.reports).toMatchObject([{ reporterName: 'SwapU', reason: expect.stringContaining('pay_outside') }]);
  });
});
