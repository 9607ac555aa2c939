import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { SOCKET_CLOSE } from '@swapu/shared/socket';
import { buildApp } from '../../app';
import { rooms, users } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost } from '../../test/factories';
import { fakeModerator } from '../../test/moderator';
import { REPLAY_PAGE } from '../chat/chat.service';
import { chatClient } from '../chat/chat-test-client';

/**
 * Two server instances on one database, as behind a load balancer (issue 38): each has its own
 * memory, sockets and hub listener. The account cache would keep an account for a minute here,
 * so anything seen on the other instance within the test was told to it through the hub.
 */
let t: TestApp;
let other: FastifyInstance;
const base = { a: '', b: '' };
beforeAll(async () => {
  t = await createTestApp({ now: new Date().toISOString(), config: { viewerCacheMs: 60_000 } });
  other = await buildApp({ config: t.config, database: t.database, clock: t.clock, moderator: fakeModerator(), serveWeb: false });
  base.a = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  base.b = (await other.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const onA = chatClient(
  () => t,
  () => base.a,
);
const onB = chatClient(
  () => ({ ...t, app: other }),
  () => base.b,
);

/** Resolves with the close code once the server closes the socket. */
const closed = (ws: WebSocket) => new Promise<number>((r) => ws.once('close', (code) => r(code)));
const seqs = (events: Array<Record<string, unknown>>) =>
  events.filter((e) => e.type === 'message').map((e) => (e.message as { seq: number }).seq);

/** Waits (up to 10 s) until `check` passes. */
async function eventually(check: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within 10 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a client whose instance dies', () => {
  it('reconnects to the other and receives exactly the messages sent meanwhile, in order, then live ones', async () => {
    const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const roomId = (await onA.open(ana, ben.id)).json().id as string;
    const first = await onA.connect(ben);
    first.send({ type: 'subscribe', roomId, after: 0 });
    await first.until((e) => e.type === 'subscribed');
    await onA.say(ana, roomId, 'one');
    await first.until((e) => e.type === 'message');

    // Instance A's socket is cut without a close frame, as a kill -9 would.
    const code = closed(first.ws);
    for (const ws of t.app.websocketServer.clients) ws.terminate();
    expect(await code).toBe(1006);
    for (const body of ['two', 'three', 'four', 'five']) expect((await onB.say(ana, roomId, body)).statusCode).toBe(201);

    // Back through the balancer, on B, from the last seq it had.
    const again = await onB.connect(ben);
    again.send({ type: 'subscribe', roomId, after: 1 });
    await again.until((e) => e.type === 'message' && (e.message as { seq: number }).seq === 5);
    // A message stored through A reaches the socket on B live.
    await onA.say(ana, roomId, 'six');
    await again.until((e) => e.type === 'message' && (e.message as { seq: number }).seq === 6);
    again.send({ type: 'ping', id: 'flush' });
    await again.until((e) => e.type === 'pong');
    expect(seqs(again.events)).toEqual([2, 3, 4, 5, 6]);
    expect(again.events.filter((e) => e.type === 'message').map((e) => (e.message as { body: string }).body)).toEqual([
      'two',
      'three',
      'four',
      'five',
      'six',
    ]);
    again.close();
  });

  it('catches up on more than one page of missed messages', async () => {
    const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const roomId = (await onA.open(ana, ben.id)).json().id as string;
    const missed = REPLAY_PAGE * 2 + 7;
    await t.db.execute(sql`
      insert into messages (id, room_id, seq, sender_id, body, created_at)
      select ${roomId} || '-' || g, ${roomId}, g, ${ana.id}, 'message ' || g, now() from generate_series(1, ${missed}) g`);
    await t.db.update(rooms).set({ lastSeq: missed }).where(eq(rooms.id, roomId));
    const client = await onB.connect(ben);
    client.send({ type: 'subscribe', roomId, after: 3 });
    await client.until((e) => e.type === 'message' && (e.message as { seq: number }).seq === missed);
    client.send({ type: 'ping', id: 'flush' });
    await client.until((e) => e.type === 'pong');
    expect(seqs(client.events)).toEqual(Array.from({ length: missed - 3 }, (_, i) => i + 4));
    client.close();
  });
});

describe('an account changed on one instance', () => {
  /** An admin (the role is read from the account, not the token). */
  async function anAdmin() {
    const admin = await signUpMember(t.app);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    return admin;
  }
  const ask = (app: FastifyInstance, m: TestMember, url: string, method: 'GET' | 'PATCH' = 'GET', payload?: object) =>
    app.inject({ method, url, headers: m.headers, ...(payload ? { payload } : {}) });

  it('banned on A: its sockets on B close at once (4001) and B refuses its writes', async () => {
    const admin = await anAdmin();
    const member = await signUpMember(t.app);
    // B knows the member (its account is cached there) and holds two sockets of theirs.
    expect((await ask(other, member, '/api/v1/me', 'PATCH', { displayName: 'Before Ban' })).statusCode).toBe(200);
    const [one, two] = [await onB.connect(member), await onB.connect(member)];
    const codes = Promise.all([closed(one.ws), closed(two.ws)]);
    const ban = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${member.id}/ban`,
      headers: admin.headers,
      payload: { banned: true, reason: 'Spam listings' },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    expect(await codes).toEqual([SOCKET_CLOSE.sessionEnded, SOCKET_CLOSE.sessionEnded]);
    await eventually(async () => (await ask(other, member, '/api/v1/me', 'PATCH', { displayName: 'After Ban' })).statusCode === 401);
    const [row] = await t.db.select({ name: users.displayName }).from(users).where(eq(users.id, member.id));
    expect(row!.name).toBe('Before Ban');
    // A new socket on B with the old token is refused too.
    const retry = new WebSocket(`${base.b}/api/v1/ws`);
    await new Promise((r) => retry.once('open', r));
    const answer = new Promise<Record<string, unknown>>((r) =>
      retry.on('message', (raw) => {
        const e = JSON.parse(String(raw)) as Record<string, unknown>;
        if (e.type !== 'hello') r(e);
      }),
    );
    retry.send(JSON.stringify({ type: 'auth', token: member.token }));
    expect(await answer).toEqual({ type: 'error', code: 'login_required' });
    retry.close();
  });

  it('made admin on A: B lets them into the console; subscribed on A: B shows them early-access items', async () => {
    const admin = await anAdmin();
    const member = await signUpMember(t.app);
    expect((await ask(other, member, '/api/v1/admin/users')).statusCode).toBe(403);
    const role = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${member.id}/role`,
      headers: admin.headers,
      payload: { role: 'admin' },
    });
    expect(role.statusCode, role.body).toBe(200);
    await eventually(async () => (await ask(other, member, '/api/v1/admin/users')).statusCode === 200);

    const reader = await signUpMember(t.app);
    const fresh = await createPost(t.db, { ownerId: member.id, title: 'Brand-new kayak', now: t.clock.now(), publishedAt: t.clock.now() });
    const look = () => ask(other, reader, `/api/v1/posts/${fresh.id}`);
    expect((await look()).statusCode).toBe(403);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/checkouts',
      headers: reader.headers,
      payload: { purchase: { kind: 'subscription' } },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v1/checkouts/${checkout.json().id}/pay`,
      headers: reader.headers,
      payload: { cardNumber: '4242424242424242' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await eventually(async () => (await look()).statusCode === 200);
  });
});
