import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { mailOutbox, messages, notifications, posts, rooms, users } from '../../db/schema/index';
import { sendMessageDigests } from './digest';
import { signUpMember, type TestMember } from '../../test/accounts';
import { asDelivered, createTestApp, type TestApp } from '../../test/app';
import { addSubscription, createPost } from '../../test/factories';
import { signAccessToken } from '../../lib/tokens';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ now: new Date().toISOString() });
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
});
afterAll(async () => {
  await t.close();
});

const open = (m: TestMember, userId: string, postId?: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/rooms', headers: m.headers, payload: { userId, ...(postId ? { postId } : {}) } });
const say = (m: TestMember, roomId: string, body: string, clientId?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/rooms/${roomId}/messages`,
    headers: m.headers,
    payload: { body, ...(clientId ? { clientId } : {}) },
  });
const NICE_TRY = 'Nice try, but you are not allowed in that room';

/** A WebSocket client that records every event it gets. */
async function connect(m: TestMember) {
  const ws = new WebSocket(`${base}/api/v1/ws`);
  const events: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    events.push(JSON.parse(String(raw)));
    for (const w of waiters.splice(0)) w();
  });
  await new Promise((r) => ws.once('open', r));
  const until = async (pred: (e: Record<string, unknown>) => boolean, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!events.some(pred)) {
      if (Date.now() > deadline) throw new Error(`no matching event in ${JSON.stringify(events)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 100);
      });
    }
    return events.find(pred)!;
  };
  ws.send(JSON.stringify({ type: 'auth', token: m.token }));
  await until((e) => e.type === 'ready');
  return { ws, events, until, send: (o: object) => ws.send(JSON.stringify(o)), close: () => ws.close() };
}

describe('rooms', () => {
  it('one room per pair, even when both open it at once; messaging yourself is refused', async () => {
    const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const post = await createPost(t.db, { ownerId: ben.id, title: 'Bike' });
    const [a, b, c] = await Promise.all([open(ana, ben.id, post.id), open(ben, ana.id), open(ana, ben.id)]);
    const ids = new Set([a.json().id, b.json().id, c.json().id]);
    expect(ids.size).toBe(1);
    expect([a, b, c].map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    const [lo, hi] = [ana.id, ben.id].sort();
    expect(
      await t.db
        .select()
        .from(rooms)
        .where(and(eq(rooms.userA, lo!), eq(rooms.userB, hi!))),
    ).toHaveLength(1);
    const room = (await t.app.inject({ url: `/api/v1/rooms/${a.json().id}`, headers: ana.headers })).json();
    expect(room).toMatchObject({ title: 'No Title', lastMessage: 'There is no messages', unread: 0, post: { id: post.id, title: 'Bike' } });

    const self = await open(ana, ana.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('Messaging yourself is prohibited');
  });

  it('keeps everyone else out, on every path', async () => {
    const [ana, ben, eve] = [await signUpMember(t.app), await signUpMember(t.app), await signUpMember(t.app)];
    const roomId = (await open(ana, ben.id)).json().id;
    await say(ana, roomId, 'hello');
    const attempts = [
      t.app.inject({ url: `/api/v1/rooms/${roomId}`, headers: eve.headers }),
      t.app.inject({ url: `/api/v1/rooms/${roomId}/messages`, headers: eve.headers }),
      say(eve, roomId, 'let me in'),
      t.app.inject({ method: 'POST', url: `/api/v1/rooms/${roomId}/seen`, headers: eve.headers }),
      t.app.inject({ method: 'POST', url: `/api/v1/rooms/${roomId}/block`, headers: eve.headers }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(NICE_TRY);
      expect(res.body).not.toContain('hello');
    }
    const ws = await connect(eve);
    ws.send({ type: 'subscribe', roomId, after: 0 });
    expect(await ws.until((e) => e.type === 'error')).toMatchObject({ code: 'room_forbidden', roomId });
    expect(ws.events.some((e) => e.type === 'message')).toBe(false);
    ws.close();
    expect(await t.db.select().from(messages).where(eq(messages.roomId, roomId))).toHaveLength(1);
  });
});

describe('messages', () => {
  it('stores, lists with paging, counts unread, and shows seen; a retried send is stored once', async () => {
    const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const roomId = (await open(ana, ben.id)).json().id;
    for (let i = 1; i <= 35; i++) expect((await say(ana, roomId, `message ${i}`, `c-${i}`)).statusCode).toBe(i > 20 ? 429 : 201);
    // 20 per 10 s: the rest were refused and not stored.
    expect(await t.db.select().from(messages).where(eq(messages.roomId, roomId))).toHaveLength(20);
    const again = await say(ben, roomId, 'hi Ana');
    expect(again.statusCode).toBe(201);
    const retry = await say(ben, roomId, 'hi Ana', again.json().clientId ?? 'x');
    expect(retry.statusCode).toBe(201); // no client id the first time: a new message
    const id1 = await say(ben, roomId, 'are you there?', 'ben-1');
    const dup = await say(ben, roomId, 'are you there?', 'ben-1');
    expect(dup.statusCode).toBe(200);
    expect(dup.json().id).toBe(id1.json().id);

    const page = (await t.app.inject({ url: `/api/v1/rooms/${roomId}/messages`, headers: ben.headers })).json();
    expect(page.items).toHaveLength(23);
    expect(page.items.map((m: { seq: number }) => m.seq)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect(page.nextBefore).toBeNull();

    const anaList = (await t.app.inject({ url: '/api/v1/rooms', headers: ana.headers })).json();
    expect(anaList.items[0]).toMatchObject({ id: roomId, lastMessage: 'are you there?', unread: 3, seen: false });
    expect(anaList.unread).toBe(3);
    const note = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ana.id), eq(notifications.kind, 'message')));
    expect(note).toHaveLength(1); // grouped per room
    const bell = (await t.app.inject({ url: '/api/v1/notifications', headers: ana.headers })).json();
    expect(bell.items[0]).toMatchObject({ kind: 'message', data: { count: '3', preview: 'are you there?' } });

    expect((await t.app.inject({ method: 'POST', url: `/api/v1/rooms/${roomId}/seen`, headers: ana.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/v1/rooms', headers: ana.headers })).json()).toMatchObject({ unread: 0 });
    const benView = (await t.app.inject({ url: `/api/v1/rooms/${roomId}`, headers: ben.headers })).json();
    expect(benView.otherSeenSeq).toBe(23);
    expect(benView.otherSeenTime).not.toBeNull();
  });

  it('pages back through a long history', async () => {
    const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const roomId = (await open(ana, ben.id)).json().id;
    for (let i = 1; i <= 40; i++) {
      await (i % 2 ? say(ana, roomId, `a${i}`) : say(ben, roomId, `b${i}`));
    }
    const first = (await t.app.inject({ url: `/api/v1/rooms/${roomId}/messages`, headers: ana.headers })).json();
    expect(first.items).toHaveLength(30);
    expect(first.items[0].seq).toBe(11);
    const older = (await t.app.inject({ url: `/api/v1/rooms/${roomId}/messages?before=${first.nextBefore}`, headers: ana.headers })).json();
    expect(older.items.map((m: { seq: number }) => m.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(older.nextBefore).toBeNull();
  });

  it('a blocked person can neither send nor open a room with the blocker', async () => {
    const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const roomId = (await open(ana, ben.id)).json().id;
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/rooms/${roomId}/block`, headers: ben.headers })).statusCode).toBe(204);
    const res = await say(ana, roomId, 'why?');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('user_blocked');
    expect((await open(ana, ben.id)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/v1/rooms/${roomId}`, headers: ana.headers })).json()).toMatchObject({
      blocked: true,
      blockedByMe: false,
    });
    expect((await t.app.inject({ url: `/api/v1/rooms/${roomId}`, headers: ben.headers })).json()).toMatchObject({
      blocked: true,
      blockedByMe: true,
    });
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/v1/rooms/${roomId}/report`,
      headers: ben.headers,
      payload: { reason: 'Spam' },
    });
    expect(report.statusCode).toBe(202);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/rooms/${roomId}/block`, headers: ben.headers });
    expect((await say(ana, roomId, 'sorry')).statusCode).toBe(201);
  });
});

describe('realtime', () => {
  it('delivers live, and a reconnecting client catches up with no loss and no duplicate', async () => {
    const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const roomId = (await open(ana, ben.id)).json().id;
    const b1 = await connect(ben);
    b1.send({ type: 'subscribe', roomId, after: 0 });
    await b1.until((e) => e.type === 'subscribed');
    await say(ana, roomId, 'one');
    const got = await b1.until((e) => e.type === 'message');
    expect(got).toMatchObject({ message: { body: 'one', seq: 1, roomId } });

    // Typing reaches the other member of the room.
    const a1 = await connect(ana);
    a1.send({ type: 'subscribe', roomId });
    await a1.until((e) => e.type === 'subscribed');
    b1.send({ type: 'typing', roomId });
    expect(await a1.until((e) => e.type === 'typing')).toMatchObject({ roomId, userId: ben.id });

    b1.close();
    await say(ana, roomId, 'two');
    await say(ana, roomId, 'three');
    const b2 = await connect(ben);
    b2.send({ type: 'subscribe', roomId, after: 1 });
    await b2.until((e) => e.type === 'message' && (e.message as { seq: number }).seq === 3);
    await new Promise((r) => setTimeout(r, 300));
    const bodies = b2.events.filter((e) => e.type === 'message').map((e) => (e.message as { body: string }).body);
    expect(bodies).toEqual(['two', 'three']);

    // Sending over the socket: acknowledged with the stored message, delivered to the other side.
    b2.send({ type: 'send', roomId, body: 'hi from ws', clientId: 'ws-1' });
    expect(await b2.until((e) => e.type === 'sent')).toMatchObject({ clientId: 'ws-1', message: { seq: 4, body: 'hi from ws' } });
    expect(await a1.until((e) => e.type === 'message' && (e.message as { seq: number }).seq === 4)).toBeTruthy();
    // Ana's bell hears of new messages live (the send path announces the chat notification).
    expect(await a1.until((e) => e.type === 'notification')).toBeTruthy();
    // Seen receipts reach the sender.
    await t.app.inject({ method: 'POST', url: `/api/v1/rooms/${roomId}/seen`, headers: ana.headers });
    expect(await b2.until((e) => e.type === 'seen')).toMatchObject({ roomId, userId: ana.id, seq: 4 });
    a1.close();
    b2.close();
  });

  it('refuses an unauthenticated socket and another origin', async () => {
    const ws = new WebSocket(`${base}/api/v1/ws`);
    const events: Array<Record<string, unknown>> = [];
    ws.on('message', (raw) => events.push(JSON.parse(String(raw))));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'subscribe', roomId: 'x' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'login_required' });
    ws.close();
    const evil = new WebSocket(`${base}/api/v1/ws`, { headers: { origin: 'https://evil.example' } });
    const code = await new Promise((r) => evil.once('close', (c) => r(c)));
    expect(code).toBe(1008);
  });
});

describe('a room’s post context', () => {
  it('must be a post the person may see: never a draft, an archived post, another’s early-access item or an unknown id', async () => {
    const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const day = 24 * 3600_000;
    const draft = await createPost(t.db, { ownerId: ben.id, title: 'Secret draft', state: 'draft', now: t.clock.now() });
    const archived = await createPost(t.db, { ownerId: ben.id, title: 'Withdrawn', state: 'archived', now: t.clock.now() });
    const early = await createPost(t.db, {
      ownerId: ben.id,
      title: 'Just listed',
      publishedAt: new Date(t.clock.now().getTime() - 60_000),
      now: t.clock.now(),
    });
    const open2 = await createPost(t.db, {
      ownerId: ben.id,
      title: 'Listed days ago',
      publishedAt: new Date(t.clock.now().getTime() - 3 * day),
      now: t.clock.now(),
    });
    for (const id of [draft.id, archived.id, early.id, 'no-such-post']) {
      const res = await open(ana, ben.id, id);
      expect(res.statusCode, id).toBe(404);
    }
    expect(
      await t.db
        .select()
        .from(rooms)
        .where(and(eq(rooms.userA, [ana.id, ben.id].sort()[0]!), eq(rooms.userB, [ana.id, ben.id].sort()[1]!))),
    ).toHaveLength(0);

    // A visible one works; its owner may use their own new listing too.
    const room = (await open(ana, ben.id, open2.id)).json();
    expect(room.post).toMatchObject({ id: open2.id, title: 'Listed days ago' });
    expect((await open(ben, ana.id, early.id)).json().post).toMatchObject({ id: early.id });
    // A subscriber sees early-access items at once, so may start a chat from one.
    const cy = await signUpMember(t.app);
    await addSubscription(t.db, cy.id, { currentPeriodEnd: new Date(t.clock.now().getTime() + 30 * day) });
    expect((await open(cy, ben.id, early.id)).json().post).toMatchObject({ id: early.id, title: 'Just listed' });

    // A message cannot carry a post its sender may not see either (nor an unknown one).
    for (const postId of [draft.id, 'no-such-post']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/rooms/${room.id}/messages`,
        headers: ana.headers,
        payload: { body: 'About this?', postId },
      });
      expect(res.statusCode, postId).toBe(404);
    }
    expect(await t.db.select().from(messages).where(eq(messages.roomId, room.id))).toHaveLength(0);
  });

  it('is not disclosed once the viewer may no longer see it', async () => {
    const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const lamp = await createPost(t.db, {
      ownerId: ben.id,
      title: 'Brass lamp',
      publishedAt: new Date(t.clock.now().getTime() - 3 * 24 * 3600_000),
      now: t.clock.now(),
    });
    const room = (await open(ana, ben.id, lamp.id)).json();
    expect(room.post.title).toBe('Brass lamp');
    // Ben withdraws the lamp: Ana's room no longer shows it; Ben still sees his own listing.
    await t.db.update(posts).set({ state: 'archived' }).where(eq(posts.id, lamp.id));
    expect((await t.app.inject({ url: `/api/v1/rooms/${room.id}`, headers: ana.headers })).json().post).toBeNull();
    const anaRooms = (await t.app.inject({ url: '/api/v1/rooms', headers: ana.headers })).json();
    expect(anaRooms.items.find((r: { id: string }) => r.id === room.id).post).toBeNull();
    expect((await t.app.inject({ url: `/api/v1/rooms/${room.id}`, headers: ben.headers })).json().post.title).toBe('Brass lamp');
  });
});

/** A fresh sign-in of a member (after their sessions were ended). */
async function signInAgain(m: TestMember) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/identity/v1/accounts:signInWithPassword',
    payload: { email: m.email, password: 'secret1', returnSecureToken: true },
  });
  const body = res.json();
  return { token: body.idToken as string, headers: { authorization: `Bearer ${body.idToken}` } };
}

/** Resolves with the close code once the server closes the socket. */
const closed = (ws: WebSocket) => new Promise<number>((r) => ws.once('close', (code) => r(code)));

describe('a live connection stops acting for an account', () => {
  it('the moment it is banned, deleted or its password is reset, on every socket it has', async () => {
    const admin = await signUpMember(t.app);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    Object.assign(admin, await signInAgain(admin));

    const banned = await signUpMember(t.app);
    const [one, two] = [await connect(banned), await connect(banned)];
    const codes = Promise.all([closed(one.ws), closed(two.ws)]);
    await t.app.inject({ method: 'PUT', url: `/api/v1/admin/users/${banned.id}/ban`, headers: admin.headers, payload: { banned: true } });
    expect(await codes).toEqual([4001, 4001]);
    // Its old token cannot open a new one either.
    const retry = new WebSocket(`${base}/api/v1/ws`);
    await new Promise((r) => retry.once('open', r));
    retry.send(JSON.stringify({ type: 'auth', token: banned.token }));
    const answer = await new Promise<Record<string, unknown>>((r) =>
      retry.on('message', (raw) => {
        const e = JSON.parse(String(raw));
        if (e.type !== 'hello') r(e);
      }),
    );
    expect(answer).toEqual({ type: 'error', code: 'login_required' });
    retry.close();

    const deleting = await signUpMember(t.app);
    const gone = await connect(deleting);
    const goneCode = closed(gone.ws);
    await t.app.inject({ method: 'DELETE', url: '/api/v1/me', headers: deleting.headers, payload: { password: 'secret1' } });
    expect(await goneCode).toBe(4001);

    const resetting = await signUpMember(t.app);
    const open = await connect(resetting);
    const resetCode = closed(open.ws);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email: resetting.email } });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, resetting.email), eq(mailOutbox.template, 'password-reset')));
    const token = /token=([\w-]+)/.exec(asDelivered(t, mail!).text)![1]!;
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token, password: 'brand-new-1' },
    });
    expect(done.statusCode).toBe(200);
    expect(await resetCode).toBe(4001);
  });

  it('when the token that opened it expires', async () => {
    const m = await signUpMember(t.app);
    // A token issued 59 minutes and 59 seconds ago has one second left.
    const [row] = await t.db.select().from(users).where(eq(users.id, m.id));
    const ageing = await signAccessToken(t.config.jwtSecret, m.id, new Date(t.clock.now().getTime() - 3599_000), row!.tokenVersion);
    const live = await connect({ ...m, token: ageing });
    const started = Date.now();
    expect(await closed(live.ws)).toBe(4001);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('support', () => {
  it('a banned member writes to the team; an admin answers and the answer arrives live', async () => {
    const member = await signUpMember(t.app);
    const admin = await signUpMember(t.app);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    // Suspended by an admin through the API (another member may not).
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/admin/users/${member.id}/ban`,
          headers: member.headers,
          payload: { banned: true },
        })
      ).statusCode,
    ).toBe(403);
    const ban = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${member.id}/ban`,
      headers: admin.headers,
      payload: { banned: true },
    });
    expect(ban.json()).toEqual({ id: member.id, banned: true });
    // The ban ended every session: the old token opens nothing; signing in again works.
    expect((await t.app.inject({ url: '/api/v1/me', headers: member.headers })).statusCode).toBe(401);
    Object.assign(member, await signInAgain(member));
    // Banned: the rest of the app is closed…
    expect((await t.app.inject({ url: '/api/v1/rooms', headers: member.headers })).statusCode).toBe(403);
    // …but support is open.
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/messages',
      headers: member.headers,
      payload: { body: 'Why was I suspended?' },
    });
    expect(sent.statusCode).toBe(201);
    const ws = await connect(member);
    const threads = (await t.app.inject({ url: '/api/v1/admin/support', headers: admin.headers })).json();
    expect(threads.items[0]).toMatchObject({ user: { id: member.id }, lastMessage: 'Why was I suspended?', awaitingTeam: true });
    expect((await t.app.inject({ url: '/api/v1/admin/support', headers: member.headers })).statusCode).toBe(403);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/support/${member.id}/messages`,
      headers: admin.headers,
      payload: { body: 'We are looking into it.' },
    });
    expect(answer.statusCode).toBe(201);
    expect(await ws.until((e) => e.type === 'support' && (e.message as { fromTeam: boolean }).fromTeam)).toMatchObject({
      message: { fromTeam: true, authorName: 'SwapU team', body: 'We are looking into it.' },
    });
    const thread = (await t.app.inject({ url: '/api/v1/support/messages', headers: member.headers })).json();
    expect(thread.items.map((m: { body: string }) => m.body)).toEqual(['Why was I suspended?', 'We are looking into it.']);
    ws.close();
  });
});

describe('unread message digest', () => {
  it('mails an away member once about everything unread, never the sender, never twice, and not when turned off', async () => {
    const [ana, ben, cy] = [await signUpMember(t.app), await signUpMember(t.app), await signUpMember(t.app)];
    const r1 = (await open(ana, ben.id)).json().id;
    const r2 = (await open(cy, ben.id)).json().id;
    await say(ana, r1, 'Is the bike still available?');
    await say(ana, r1, 'I can pick it up today');
    await say(cy, r2, 'Would you swap for a tent?');
    const digests = (to: string) =>
      t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, 'message-digest')));
    const at = t.clock.now().getTime();

    // Too soon: they may just be between tabs.
    await sendMessageDigests(t.database, t.config.publicUrl, new Date(at + 60_000));
    expect(await digests(ben.email)).toHaveLength(0);

    await sendMessageDigests(t.database, t.config.publicUrl, new Date(at + 11 * 60_000));
    const [mail] = await digests(ben.email);
    expect(mail!.subject).toBe('You have 3 unread messages on SwapU');
    expect(mail!.text).toContain('2 messages — "I can pick it up today"');
    expect(mail!.text).toContain('1 message — "Would you swap for a tent?"');
    expect(await digests(ana.email)).toHaveLength(0);

    // Nothing new: no second mail.
    await sendMessageDigests(t.database, t.config.publicUrl, new Date(at + 30 * 60_000));
    expect(await digests(ben.email)).toHaveLength(1);

    // Online people are not mailed; people who turned it off are not mailed.
    await t.db
      .update(users)
      .set({ lastOnlineAt: new Date(at + 58 * 60_000) })
      .where(eq(users.id, ben.id));
    await say(ana, r1, 'Hello?');
    await sendMessageDigests(t.database, t.config.publicUrl, new Date(at + 60 * 60_000));
    expect(await digests(ben.email)).toHaveLength(1);
    const off = await t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers: ben.headers, payload: { messageDigest: false } });
    expect(off.json().messageDigest).toBe(false);
    await sendMessageDigests(t.database, t.config.publicUrl, new Date(at + 120 * 60_000));
    expect(await digests(ben.email)).toHaveLength(1);
  });
});
