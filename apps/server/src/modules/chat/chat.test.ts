import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages, notifications, posts, rooms } from '../../db/schema/index';
import { chatTestApp, NICE_TRY } from './chat-test-client';
import { signUpMember } from '../../test/accounts';
import { addSubscription, createPost } from '../../test/factories';

const { env, open, say, connect } = chatTestApp();

describe('rooms', () => {
  it('one room per pair, even when both open it at once; messaging yourself is refused', async () => {
    const [ana, ben] = [await signUpMember(env.t.app), await signUpMember(env.t.app)];
    const post = await createPost(env.t.db, { ownerId: ben.id, title: 'Bike' });
    const [a, b, c] = await Promise.all([open(ana, ben.id, post.id), open(ben, ana.id), open(ana, ben.id)]);
    const ids = new Set([a.json().id, b.json().id, c.json().id]);
    expect(ids.size).toBe(1);
    expect([a, b, c].map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    const [lo, hi] = [ana.id, ben.id].sort();
    expect(
      await env.t.db
        .select()
        .from(rooms)
        .where(and(eq(rooms.userA, lo!), eq(rooms.userB, hi!))),
    ).toHaveLength(1);
    const room = (await env.t.app.inject({ url: `/api/v1/rooms/${a.json().id}`, headers: ana.headers })).json();
    expect(room).toMatchObject({ title: 'No Title', lastMessage: 'There is no messages', unread: 0, post: { id: post.id, title: 'Bike' } });

    const self = await open(ana, ana.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('Messaging yourself is prohibited');
  });

  it('keeps everyone else out, on every path', async () => {
    const [ana, ben, eve] = [await signUpMember(env.t.app), await signUpMember(env.t.app), await signUpMember(env.t.app)];
    const roomId = (await open(ana, ben.id)).json().id;
    await say(ana, roomId, 'hello');
    const attempts = [
      env.t.app.inject({ url: `/api/v1/rooms/${roomId}`, headers: eve.headers }),
      env.t.app.inject({ url: `/api/v1/rooms/${roomId}/messages`, headers: eve.headers }),
      say(eve, roomId, 'let me in'),
      env.t.app.inject({ method: 'POST', url: `/api/v1/rooms/${roomId}/seen`, headers: eve.headers }),
      env.t.app.inject({ method: 'POST', url: `/api/v1/rooms/${roomId}/block`, headers: eve.headers }),
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
    expect(await env.t.db.select().from(messages).where(eq(messages.roomId, roomId))).toHaveLength(1);
  });
});

describe('messages', () => {
  it('stores, lists with paging, counts unread, and shows seen; a retried send is stored once', async () => {
    const [ana, ben] = [await signUpMember(env.t.app), await signUpMember(env.t.app)];
    const roomId = (await open(ana, ben.id)).json().id;
    for (let i = 1; i <= 35; i++) expect((await say(ana, roomId, `message ${i}`, `c-${i}`)).statusCode).toBe(i > 20 ? 429 : 201);
    // 20 per 10 s: the rest were refused and not stored.
    expect(await env.t.db.select().from(messages).where(eq(messages.roomId, roomId))).toHaveLength(20);
    const again = await say(ben, roomId, 'hi Ana');
    expect(again.statusCode).toBe(201);
    const retry = await say(ben, roomId, 'hi Ana', again.json().clientId ?? 'x');
    expect(retry.statusCode).toBe(201); // no client id the first time: a new message
    const id1 = await say(ben, roomId, 'are you there?', 'ben-1');
    const dup = await say(ben, roomId, 'are you there?', 'ben-1');
    expect(dup.statusCode).toBe(200);
    expect(dup.json().id).toBe(id1.json().id);

    const page = (await env.t.app.inject({ url: `/api/v1/rooms/${roomId}/messages`, headers: ben.headers })).json();
    expect(page.items).toHaveLength(23);
    expect(page.items.map((m: { seq: number }) => m.seq)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect(page.nextBefore).toBeNull();

    const anaList = (await env.t.app.inject({ url: '/api/v1/rooms', headers: ana.headers })).json();
    expect(anaList.items[0]).toMatchObject({ id: roomId, lastMessage: 'are you there?', unread: 3, seen: false });
    expect(anaList.unread).toBe(3);
    const note = await env.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ana.id), eq(notifications.kind, 'message')));
    expect(note).toHaveLength(1); // grouped per room
    const bell = (await env.t.app.inject({ url: '/api/v1/notifications', headers: ana.headers })).json();
    expect(bell.items[0]).toMatchObject({ kind: 'message', data: { count: '3', preview: 'are you there?' } });

    expect((await env.t.app.inject({ method: 'POST', url: `/api/v1/rooms/${roomId}/seen`, headers: ana.headers })).statusCode).toBe(204);
    expect((await env.t.app.inject({ url: '/api/v1/rooms', headers: ana.headers })).json()).toMatchObject({ unread: 0 });
    const benView = (await env.t.app.inject({ url: `/api/v1/rooms/${roomId}`, headers: ben.headers })).json();
    expect(benView.otherSeenSeq).toBe(23);
    expect(benView.otherSeenTime).not.toBeNull();
  });

  it('pages back through a long history', async () => {
    const [ana, ben] = [await signUpMember(env.t.app), await signUpMember(env.t.app)];
    const roomId = (await open(ana, ben.id)).json().id;
    for (let i = 1; i <= 40; i++) {
      await (i % 2 ? say(ana, roomId, `a${i}`) : say(ben, roomId, `b${i}`));
    }
    const first = (await env.t.app.inject({ url: `/api/v1/rooms/${roomId}/messages`, headers: ana.headers })).json();
    expect(first.items).toHaveLength(30);
    expect(first.items[0].seq).toBe(11);
    const older = (
      await env.t.app.inject({ url: `/api/v1/rooms/${roomId}/messages?before=${first.nextBefore}`, headers: ana.headers })
    ).json();
    expect(older.items.map((m: { seq: number }) => m.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(older.nextBefore).toBeNull();
  });

  it('a blocked person can neither send nor open a room with the blocker', async () => {
    const [ana, ben] = [await signUpMember(env.t.app), await signUpMember(env.t.app)];
    const roomId = (await open(ana, ben.id)).json().id;
    expect((await env.t.app.inject({ method: 'POST', url: `/api/v1/rooms/${roomId}/block`, headers: ben.headers })).statusCode).toBe(204);
    const res = await say(ana, roomId, 'why?');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('user_blocked');
    expect((await open(ana, ben.id)).statusCode).toBe(403);
    expect((await env.t.app.inject({ url: `/api/v1/rooms/${roomId}`, headers: ana.headers })).json()).toMatchObject({
      blocked: true,
      blockedByMe: false,
    });
    expect((await env.t.app.inject({ url: `/api/v1/rooms/${roomId}`, headers: ben.headers })).json()).toMatchObject({
      blocked: true,
      blockedByMe: true,
    });
    const report = await env.t.app.inject({
      method: 'POST',
      url: `/api/v1/rooms/${roomId}/report`,
      headers: ben.headers,
      payload: { reason: 'Spam' },
    });
    expect(report.statusCode).toBe(202);
    await env.t.app.inject({ method: 'DELETE', url: `/api/v1/rooms/${roomId}/block`, headers: ben.headers });
    expect((await say(ana, roomId, 'sorry')).statusCode).toBe(201);
  });
});

describe('a room’s post context', () => {
  it('must be a post the person may see: never a draft, an archived post, another’s early-access item or an unknown id', async () => {
    const [ana, ben] = [await signUpMember(env.t.app), await signUpMember(env.t.app)];
    const day = 24 * 3600_000;
    const draft = await createPost(env.t.db, { ownerId: ben.id, title: 'Secret draft', state: 'draft', now: env.t.clock.now() });
    const archived = await createPost(env.t.db, { ownerId: ben.id, title: 'Withdrawn', state: 'archived', now: env.t.clock.now() });
    const early = await createPost(env.t.db, {
      ownerId: ben.id,
      title: 'Just listed',
      publishedAt: new Date(env.t.clock.now().getTime() - 60_000),
      now: env.t.clock.now(),
    });
    const open2 = await createPost(env.t.db, {
      ownerId: ben.id,
      title: 'Listed days ago',
      publishedAt: new Date(env.t.clock.now().getTime() - 3 * day),
      now: env.t.clock.now(),
    });
    for (const id of [draft.id, archived.id, early.id, 'no-such-post']) {
      const res = await open(ana, ben.id, id);
      expect(res.statusCode, id).toBe(404);
    }
    expect(
      await env.t.db
        .select()
        .from(rooms)
        .where(and(eq(rooms.userA, [ana.id, ben.id].sort()[0]!), eq(rooms.userB, [ana.id, ben.id].sort()[1]!))),
    ).toHaveLength(0);

    // A visible one works; its owner may use their own new listing too.
    const room = (await open(ana, ben.id, open2.id)).json();
    expect(room.post).toMatchObject({ id: open2.id, title: 'Listed days ago' });
    expect((await open(ben, ana.id, early.id)).json().post).toMatchObject({ id: early.id });
    // A subscriber sees early-access items at once, so may start a chat from one.
    const cy = await signUpMember(env.t.app);
    await addSubscription(env.t.db, cy.id, { currentPeriodEnd: new Date(env.t.clock.now().getTime() + 30 * day) });
    expect((await open(cy, ben.id, early.id)).json().post).toMatchObject({ id: early.id, title: 'Just listed' });

    // A message cannot carry a post its sender may not see either (nor an unknown one).
    for (const postId of [draft.id, 'no-such-post']) {
      const res = await env.t.app.inject({
        method: 'POST',
        url: `/api/v1/rooms/${room.id}/messages`,
        headers: ana.headers,
        payload: { body: 'About this?', postId },
      });
      expect(res.statusCode, postId).toBe(404);
    }
    expect(await env.t.db.select().from(messages).where(eq(messages.roomId, room.id))).toHaveLength(0);
  });

  it('is not disclosed once the viewer may no longer see it', async () => {
    const [ana, ben] = [await signUpMember(env.t.app), await signUpMember(env.t.app)];
    const lamp = await createPost(env.t.db, {
      ownerId: ben.id,
      title: 'Brass lamp',
      publishedAt: new Date(env.t.clock.now().getTime() - 3 * 24 * 3600_000),
      now: env.t.clock.now(),
    });
    const room = (await open(ana, ben.id, lamp.id)).json();
    expect(room.post.title).toBe('Brass lamp');
    // Ben withdraws the lamp: Ana's room no longer shows it; Ben still sees his own listing.
    await env.t.db.update(posts).set({ state: 'archived' }).where(eq(posts.id, lamp.id));
    expect((await env.t.app.inject({ url: `/api/v1/rooms/${room.id}`, headers: ana.headers })).json().post).toBeNull();
    const anaRooms = (await env.t.app.inject({ url: '/api/v1/rooms', headers: ana.headers })).json();
    expect(anaRooms.items.find((r: { id: string }) => r.id === room.id).post).toBeNull();
    expect((await env.t.app.inject({ url: `/api/v1/rooms/${room.id}`, headers: ben.headers })).json().post.title).toBe('Brass lamp');
  });
});
