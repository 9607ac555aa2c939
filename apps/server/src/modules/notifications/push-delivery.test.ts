import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PUSH_MESSAGE_GRACE_MS } from '@swapu/shared/push';
import { pushOutbox, pushSubscriptions, users } from '../../db/schema/index';
import { rowsOf } from '../../lib/sql-rows';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost } from '../../test/factories';
import { startPushReceiver, type PushDevice, type PushReceiver } from '../../test/push-receiver';
import { Notices } from './notify';
import { deliverDuePushes, type PushDeps, PUSH_MAX_AGE_MS } from './push-worker';

/**
 * Web Push end to end (decision 0053): news made through the API is queued with it, the worker
 * sends it to a local push service started here, which checks the VAPID signature and decrypts
 * the payload with the key pair of the device it made, as a browser would.
 */
let t: TestApp;
let rx: PushReceiver;
let deps: PushDeps;
beforeAll(async () => {
  t = await createTestApp();
  rx = await startPushReceiver();
  deps = { database: t.app.ctx.database, clock: t.clock, push: t.config.push, log: t.app.log };
});
afterAll(async () => {
  await rx?.close();
  await t?.close();
});

const deliver = () => deliverDuePushes(deps);
async function withDevice(lang: 'en-US' | 'pt-PT' = 'en-US') {
  const m = await signUpMember(t.app);
  if (lang !== 'en-US') await t.db.update(users).set({ language: lang }).where(eq(users.id, m.id));
  const device = rx.device();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/me/push-subscriptions',
    headers: m.headers,
    payload: device.subscription,
  });
  expect(res.statusCode).toBe(200);
  return { ...m, device };
}
const openRoom = async (a: TestMember, b: TestMember) =>
  (await t.app.inject({ method: 'POST', url: '/api/v1/rooms', headers: a.headers, payload: { userId: b.id } })).json().id as string;
const say = (m: TestMember, roomId: string, body: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/rooms/${roomId}/messages`, headers: m.headers, payload: { body } });
const switchOff = (m: TestMember, kinds: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/me/push-preferences', headers: m.headers, payload: kinds });
const outboxOf = (userId: string) => t.db.select().from(pushOutbox).where(eq(pushOutbox.userId, userId));
const pushes = (d: PushDevice) => rx.pushesTo(d).map((p) => p.payload);

describe('a chat message', () => {
  it('is pushed to the recipient’s device after the grace, encrypted for it and signed with the server’s key', async () => {
    const [ana, ben] = [await signUpMember(t.app), await withDevice()];
    await t.db.update(users).set({ displayName: 'Ana' }).where(eq(users.id, ana.id));
    const roomId = await openRoom(ana, ben);
    expect((await say(ana, roomId, 'Is the bike still available?')).statusCode).toBe(201);
    // Queued with the message, in the database, before anything is sent.
    expect(await outboxOf(ben.id)).toMatchObject([{ kind: 'message', doneAt: null, data: { roomId, seq: '1' } }]);
    expect(await outboxOf(ana.id)).toEqual([]);

    expect((await deliver()).sent).toBe(0);
    t.clock.advance(PUSH_MESSAGE_GRACE_MS);
    expect(await deliver()).toMatchObject({ claimed: 1, sent: 1 });
    expect(pushes(ben.device)).toEqual([
      { kind: 'message', title: 'Ana', body: 'Is the bike still available?', url: `/discuss/${roomId}`, tag: `room:${roomId}` },
    ]);
    const [push] = rx.pushesTo(ben.device);
    expect(push!.vapid).toMatchObject({ aud: rx.base, sub: t.config.push.subject, publicKey: t.config.push.publicKey });
    expect(push!.headers).toMatchObject({ ttl: '86400', urgency: 'high', 'content-encoding': 'aes128gcm' });
    expect(push!.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await outboxOf(ben.id)).toMatchObject([{ outcome: 'sent', attempts: 1 }]);
    // Delivered once: nothing more on the next turns.
    t.clock.advance(60_000);
    expect((await deliver()).claimed).toBe(0);
    expect(rx.pushesTo(ben.device)).toHaveLength(1);
  });

  it('is not pushed while the member is looking at the conversation (they saw it within the grace)', async () => {
    const [ana, ben] = [await signUpMember(t.app), await withDevice()];
    const roomId = await openRoom(ana, ben);
    await say(ana, roomId, 'Hello!');
    // Ben's open, visible room marks what arrives seen at once (use-room-live.ts).
    t.clock.advance(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/rooms/${roomId}/seen`, headers: ben.headers })).statusCode).toBe(204);
    t.clock.advance(PUSH_MESSAGE_GRACE_MS);
    expect(await deliver()).toMatchObject({ sent: 0, skipped: 1 });
    expect(pushes(ben.device)).toEqual([]);
    expect(await outboxOf(ben.id)).toMatchObject([{ outcome: 'seen' }]);
    // Away from the room, the next message is pushed, saying how many are unread.
    await say(ana, roomId, 'Still there?');
    await say(ana, roomId, 'I can pick it up today');
    t.clock.advance(PUSH_MESSAGE_GRACE_MS);
    // Both due at once: one push, the newest, saying how many are unread.
    expect(await deliver()).toMatchObject({ sent: 1, skipped: 1 });
    expect(pushes(ben.device).map((p) => p.body)).toEqual(['2 new messages: I can pick it up today']);
    expect((await outboxOf(ben.id)).map((o) => o.outcome).sort()).toEqual(['replaced', 'seen', 'sent']);
  });

  it('is not queued when the member switched chat messages off, and not sent when they did so after it was queued', async () => {
    const [ana, ben] = [await signUpMember(t.app), await withDevice()];
    const roomId = await openRoom(ana, ben);
    await say(ana, roomId, 'First');
    await switchOff(ben, { messages: false });
    await say(ana, roomId, 'Second');
    expect(await outboxOf(ben.id)).toHaveLength(1);
    t.clock.advance(PUSH_MESSAGE_GRACE_MS);
    expect(await deliver()).toMatchObject({ sent: 0, skipped: 1 });
    expect(await outboxOf(ben.id)).toMatchObject([{ outcome: 'off' }]);
    expect(pushes(ben.device)).toEqual([]);
  });
});

describe('offers, matches and chains', () => {
  it('pushes an offer and its changes to the other party, in their language', async () => {
    const [ana, ben] = [await withDevice(), await withDevice('pt-PT')];
    await t.db.update(users).set({ displayName: 'Ana' }).where(eq(users.id, ana.id));
    const bike = await createPost(t.db, { ownerId: ben.id, title: 'Bicicleta', now: t.clock.now(), openToSelling: true });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/offers',
      headers: ana.headers,
      payload: { postId: bike.id, cashKind: 'add', cashCents: 5000 },
    });
    expect(made.statusCode).toBe(201);
    const offerId = made.json().id as string;
    expect((await deliver()).sent).toBe(1);
    expect(pushes(ben.device)).toEqual([
      {
        kind: 'offer',
        title: 'Novidades da oferta',
        body: 'Ana fez uma oferta por Bicicleta',
        url: `/swap-offer/${offerId}`,
        tag: `offer:${offerId}`,
      },
    ]);
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/v1/offers/${offerId}/transitions`,
      headers: ben.headers,
      payload: { transition: 'decline' },
    });
    expect(declined.statusCode).toBe(200);
    expect((await deliver()).sent).toBe(1);
    expect(pushes(ana.device)).toMatchObject([
      { kind: 'offer', title: 'Offer update', body: expect.stringMatching(/declined the offer for Bicicleta$/) },
    ]);
  });

  it('pushes a match to both people unless they switched matches off', async () => {
    const [ana, ben] = [await withDevice(), await withDevice()];
    await switchOff(ben, { matches: false, offers: false });
    const anasBike = await createPost(t.db, { ownerId: ana.id, title: 'Road bike', now: t.clock.now() });
    const bensTent = await createPost(t.db, { ownerId: ben.id, title: 'Tent', now: t.clock.now() });
    await t.app.inject({ method: 'PUT', url: `/api/v1/posts/${anasBike.id}/like`, headers: ben.headers });
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/posts/${bensTent.id}/like`, headers: ana.headers })).json().matched).toBe(
      true,
    );
    await deliver();
    expect(pushes(ana.device)).toMatchObject([{ kind: 'match', title: "It's a match!", url: `/viewPost/${bensTent.id}` }]);
    expect(pushes(ben.device)).toEqual([]);
    expect(await outboxOf(ben.id)).toEqual([]);
  });

  it('pushes a chain’s news through the one notification path, and nothing for a change that rolled back', async () => {
    const ana = await withDevice();
    const tell = async (event: string) => {
      const notices = new Notices();
      await notices.add(
        t.db,
        { userId: ana.id, kind: 'chain', data: { event, otherName: 'Ben', size: '3', reason: '' }, link: '/swap-chain-liked' },
        t.clock.now(),
      );
    };
    await tell('found');
    await t.db
      .transaction(async (tx) => {
        await new Notices().add(
          tx,
          { userId: ana.id, kind: 'chain', data: { event: 'unlocked', otherName: 'Ben', size: '3' }, link: '/x' },
          t.clock.now(),
        );
        throw new Error('rolled back');
      })
      .catch(() => {});
    // Kinds the bell has but pushes do not carry are not queued.
    await new Notices().add(t.db, { userId: ana.id, kind: 'goal', data: { event: 'completed' }, link: '/goals' }, t.clock.now());
    await deliver();
    expect(pushes(ana.device)).toEqual([
      {
        kind: 'chain',
        title: 'Swap chain',
        body: 'A swap chain of 3 people was found for you: unlock it within 48 hours',
        url: '/swap-chain-liked',
        tag: 'chain:/swap-chain-liked',
      },
    ]);
  });
});

describe('delivery', () => {
  it('removes a device its push service says is gone (410), with what was queued for it', async () => {
    const [ana, ben] = [await signUpMember(t.app), await withDevice()];
    const roomId = await openRoom(ana, ben);
    (ben.device as PushDevice).status = 410;
    await say(ana, roomId, 'Hi');
    t.clock.advance(PUSH_MESSAGE_GRACE_MS);
    expect(await deliver()).toMatchObject({ gone: 1, sent: 0 });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ben.id))).toEqual([]);
    expect(await outboxOf(ben.id)).toEqual([]);
  });

  it('tries a push the service could not take (500) again later, and gives up on one older than an hour', async () => {
    const [ana, ben] = [await signUpMember(t.app), await withDevice()];
    const roomId = await openRoom(ana, ben);
    ben.device.status = 500;
    await say(ana, roomId, 'Are you there?');
    t.clock.advance(PUSH_MESSAGE_GRACE_MS);
    expect(await deliver()).toMatchObject({ retried: 1 });
    expect(await outboxOf(ben.id)).toMatchObject([{ doneAt: null, attempts: 1, lastError: expect.stringMatching(/^500/) }]);
    // Not before its wait is over.
    expect((await deliver()).claimed).toBe(0);
    ben.device.status = 201;
    t.clock.advance(30_000);
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(pushes(ben.device).map((p) => p.body)).toEqual(['Are you there?']);

    ben.device.status = 500;
    await say(ana, roomId, 'Hello?');
    t.clock.advance(PUSH_MAX_AGE_MS + PUSH_MESSAGE_GRACE_MS);
    expect(await deliver()).toMatchObject({ skipped: 1, sent: 0 });
    expect((await outboxOf(ben.id)).map((o) => o.outcome).sort()).toEqual(['expired', 'sent']);
  });

  it('sends each push once when two instances’ workers run at the same moment', async () => {
    const ben = await withDevice();
    for (let i = 1; i <= 6; i++) {
      const other = await signUpMember(t.app);
      await say(other, await openRoom(other, ben), `Message ${i}`);
    }
    t.clock.advance(PUSH_MESSAGE_GRACE_MS);
    const runs = await Promise.all([deliver(), deliver(), deliver()]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(6);
    expect(rx.pushesTo(ben.device)).toHaveLength(6);
    const sent = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from push_outbox where user_id = ${ben.id} and outcome = 'sent'`,
    );
    expect(sent).toEqual([{ n: 6 }]);
  });

  it('sends nothing to a device whose member was banned', async () => {
    const [ana, ben] = [await signUpMember(t.app), await withDevice()];
    const roomId = await openRoom(ana, ben);
    await say(ana, roomId, 'Hi');
    await t.db.update(users).set({ banned: true }).where(eq(users.id, ben.id));
    t.clock.advance(PUSH_MESSAGE_GRACE_MS);
    expect(await deliver()).toMatchObject({ sent: 0, skipped: 1 });
    expect(rx.rejected).toEqual([]);
  });
});
