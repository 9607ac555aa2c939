import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { mailOutbox, users } from '../../db/schema/index';
import { sendMessageDigests } from './digest';
import { chatTestApp } from './chat-test-client';
import { signUpMember, type TestMember } from '../../test/accounts';
import { asDelivered } from '../../test/app';
import { signAccessToken } from '../../lib/tokens';

const { env, open, say, connect } = chatTestApp();

/** A fresh sign-in of a member (after their sessions were ended). */
async function signInAgain(m: TestMember) {
  const res = await env.t.app.inject({
    method: 'POST',
    url: '/identity/v1/accounts:signInWithPassword',
    payload: { email: m.email, password: 'secret1', returnSecureToken: true },
  });
  const body = res.json();
  return { token: body.idToken as string, headers: { authorization: `Bearer ${body.idToken}` } };
}

/** Resolves with the close code once the server closes the socket. */
const closed = (ws: WebSocket) => new Promise<number>((r) => ws.once('close', (code) => r(code)));

describe('realtime', () => {
  it('delivers live, and a reconnecting client catches up with no loss and no duplicate', async () => {
    const [ana, ben] = [await signUpMember(env.t.app), await signUpMember(env.t.app)];
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
    await env.t.app.inject({ method: 'POST', url: `/api/v1/rooms/${roomId}/seen`, headers: ana.headers });
    expect(await b2.until((e) => e.type === 'seen')).toMatchObject({ roomId, userId: ana.id, seq: 4 });
    a1.close();
    b2.close();
  });

  it('refuses an unauthenticated socket and another origin', async () => {
    const ws = new WebSocket(`${env.base}/api/v1/ws`);
    const events: Array<Record<string, unknown>> = [];
    ws.on('message', (raw) => events.push(JSON.parse(String(raw))));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'subscribe', roomId: 'x' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'login_required' });
    ws.close();
    const evil = new WebSocket(`${env.base}/api/v1/ws`, { headers: { origin: 'https://evil.example' } });
    const code = await new Promise((r) => evil.once('close', (c) => r(c)));
    expect(code).toBe(1008);
  });
});

describe('a live connection stops acting for an account', () => {
  it('the moment it is banned, deleted or its password is reset, on every socket it has', async () => {
    const admin = await signUpMember(env.t.app);
    await env.t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    Object.assign(admin, await signInAgain(admin));

    const banned = await signUpMember(env.t.app);
    const [one, two] = [await connect(banned), await connect(banned)];
    const codes = Promise.all([closed(one.ws), closed(two.ws)]);
    await env.t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${banned.id}/ban`,
      headers: admin.headers,
      payload: { banned: true, reason: 'Spam listings' },
    });
    expect(await codes).toEqual([4001, 4001]);
    // Its old token cannot open a new one either.
    const retry = new WebSocket(`${env.base}/api/v1/ws`);
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

    const deleting = await signUpMember(env.t.app);
    const gone = await connect(deleting);
    const goneCode = closed(gone.ws);
    await env.t.app.inject({ method: 'DELETE', url: '/api/v1/me', headers: deleting.headers, payload: { password: 'secret1' } });
    expect(await goneCode).toBe(4001);

    const resetting = await signUpMember(env.t.app);
    const open = await connect(resetting);
    const resetCode = closed(open.ws);
    await env.t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email: resetting.email } });
    const [mail] = await env.t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, resetting.email), eq(mailOutbox.template, 'password-reset')));
    const token = /token=([\w-]+)/.exec(asDelivered(env.t, mail!).text)![1]!;
    const done = await env.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token, password: 'brand-new-1' },
    });
    expect(done.statusCode).toBe(200);
    expect(await resetCode).toBe(4001);
  });

  it('when the token that opened it expires', async () => {
    const m = await signUpMember(env.t.app);
    // A token issued 59 minutes and 59 seconds ago has one second left.
    const [row] = await env.t.db.select().from(users).where(eq(users.id, m.id));
    const ageing = await signAccessToken(env.t.config.jwtSecret, m.id, new Date(env.t.clock.now().getTime() - 3599_000), row!.tokenVersion);
    const live = await connect({ ...m, token: ageing });
    const started = Date.now();
    expect(await closed(live.ws)).toBe(4001);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('support', () => {
  it('a banned member writes to the team; an admin answers and the answer arrives live', async () => {
    const member = await signUpMember(env.t.app);
    const admin = await signUpMember(env.t.app);
    await env.t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    // Suspended by an admin through the API (another member may not).
    expect(
      (
        await env.t.app.inject({
          method: 'PUT',
          url: `/api/v1/admin/users/${member.id}/ban`,
          headers: member.headers,
          payload: { banned: true, reason: 'Spam listings' },
        })
      ).statusCode,
    ).toBe(403);
    const ban = await env.t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${member.id}/ban`,
      headers: admin.headers,
      payload: { banned: true, reason: 'Spam listings' },
    });
    expect(ban.json()).toEqual({ id: member.id, banned: true });
    // The ban ended every session: the old token opens nothing; signing in again works.
    expect((await env.t.app.inject({ url: '/api/v1/me', headers: member.headers })).statusCode).toBe(401);
    Object.assign(member, await signInAgain(member));
    // Banned: the rest of the app is closed…
    expect((await env.t.app.inject({ url: '/api/v1/rooms', headers: member.headers })).statusCode).toBe(403);
    // …but support is open.
    const sent = await env.t.app.inject({
      method: 'POST',
      url: '/api/v1/support/messages',
      headers: member.headers,
      payload: { body: 'Why was I suspended?' },
    });
    expect(sent.statusCode).toBe(201);
    const ws = await connect(member);
    const threads = (await env.t.app.inject({ url: '/api/v1/admin/support', headers: admin.headers })).json();
    expect(threads.items[0]).toMatchObject({ user: { id: member.id }, lastMessage: 'Why was I suspended?', awaitingTeam: true });
    expect((await env.t.app.inject({ url: '/api/v1/admin/support', headers: member.headers })).statusCode).toBe(403);
    const answer = await env.t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/support/${member.id}/messages`,
      headers: admin.headers,
      payload: { body: 'We are looking into it.' },
    });
    expect(answer.statusCode).toBe(201);
    expect(await ws.until((e) => e.type === 'support' && (e.message as { fromTeam: boolean }).fromTeam)).toMatchObject({
      message: { fromTeam: true, authorName: 'SwapU team', body: 'We are looking into it.' },
    });
    const thread = (await env.t.app.inject({ url: '/api/v1/support/messages', headers: member.headers })).json();
    // The thread opens with the team's note of the suspension and its reason.
    expect(thread.items.map((m: { body: string }) => m.body)).toEqual([
      'Your account has been suspended by the SwapU team.\nReason: Spam listings',
      'Why was I suspended?',
      'We are looking into it.',
    ]);
    ws.close();
  });
});

describe('unread message digest', () => {
  it('mails an away member once about everything unread, never the sender, never twice, and not when turned off', async () => {
    const [ana, ben, cy] = [await signUpMember(env.t.app), await signUpMember(env.t.app), await signUpMember(env.t.app)];
    const r1 = (await open(ana, ben.id)).json().id;
    const r2 = (await open(cy, ben.id)).json().id;
    await say(ana, r1, 'Is the bike still available?');
    await say(ana, r1, 'I can pick it up today');
    await say(cy, r2, 'Would you swap for a tent?');
    const digests = (to: string) =>
      env.t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, 'message-digest')));
    const at = env.t.clock.now().getTime();

    // Too soon: they may just be between tabs.
    await sendMessageDigests(env.t.database, env.t.config.publicUrl, new Date(at + 60_000));
    expect(await digests(ben.email)).toHaveLength(0);

    await sendMessageDigests(env.t.database, env.t.config.publicUrl, new Date(at + 11 * 60_000));
    const [mail] = await digests(ben.email);
    expect(mail!.subject).toBe('You have 3 unread messages on SwapU');
    expect(mail!.text).toContain('2 messages — "I can pick it up today"');
    expect(mail!.text).toContain('1 message — "Would you swap for a tent?"');
    expect(await digests(ana.email)).toHaveLength(0);

    // Nothing new: no second mail.
    await sendMessageDigests(env.t.database, env.t.config.publicUrl, new Date(at + 30 * 60_000));
    expect(await digests(ben.email)).toHaveLength(1);

    // Online people are not mailed; people who turned it off are not mailed.
    await env.t.db
      .update(users)
      .set({ lastOnlineAt: new Date(at + 58 * 60_000) })
      .where(eq(users.id, ben.id));
    await say(ana, r1, 'Hello?');
    await sendMessageDigests(env.t.database, env.t.config.publicUrl, new Date(at + 60 * 60_000));
    expect(await digests(ben.email)).toHaveLength(1);
    const off = await env.t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers: ben.headers, payload: { messageDigest: false } });
    expect(off.json().messageDigest).toBe(false);
    await sendMessageDigests(env.t.database, env.t.config.publicUrl, new Date(at + 120 * 60_000));
    expect(await digests(ben.email)).toHaveLength(1);
  });
});
