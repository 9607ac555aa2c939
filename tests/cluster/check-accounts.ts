// Check 3: what an admin or a payment changes about an account holds on every instance within a
// second. A ban made on app1 closes the member's sockets on app2 (the hub's sessions-ended; the
// 30 s session sweep would be far too late) and app2 refuses their writes; a role granted and a
// subscription bought on app1 are seen by app2 (the viewer cache, at most 1 s, dropped at once by
// the hub's viewer-changed). Each time app2 has just read the account before the change, so what
// it remembers is fresh, not empty.
import pg from 'pg';
import { call, codeOf, expectStatus, type Member, signUp, socketOn, Socket } from './api';
import { appUrl, type Cluster, sleep, until } from './cluster';
import type { Check } from './checks';

const PROMISE_MS = 1000;

/** Polls `probe` on app2 every 20 ms until it is true; the milliseconds from `since` (null if not within 3 s). */
async function seenAfter(since: number, probe: () => Promise<boolean>): Promise<number | null> {
  for (let i = 0; i < 150; i++) {
    if (await probe()) return Date.now() - since;
    await sleep(20);
  }
  return null;
}

/** A member made an admin through the database (the first admin of a new deployment is made this way too). */
export async function makeAdmin(cluster: Cluster, label = 'admin'): Promise<Member> {
  const m = await signUp(label);
  const db: pg.Client = await cluster.db();
  await db.query(`update users set role = 'admin' where id = $1`, [m.id]);
  await db.end();
  // Written behind the instances' backs: each sees it once what it remembers of the account (≤ 1 s) lapses.
  for (const app of ['app1', 'app2'] as const) {
    const seen = await until(
      async () => (await call(appUrl(app), 'GET', '/api/v1/admin/users', { token: m.token })).status === 200,
      5000,
      100,
    );
    if (!seen) throw new Error(`${app} does not see the new admin ${m.id}`);
  }
  return m;
}

export const banCheck: Check = {
  id: 'ban',
  name: 'a ban on one instance closes the member’s sockets on the other within 1 s and refuses their writes there',
  async run(cluster) {
    const admin = await makeAdmin(cluster);
    const m = await signUp('banned');
    const app2Sockets = [await socketOn('app2', m.token), await socketOn('app2', m.token)];
    const app1Socket = await socketOn('app1', m.token);
    // app2 has just read the account (its viewer cache holds "not banned").
    const before = await call(appUrl('app2'), 'POST', '/api/v1/posts', { token: m.token, body: { title: 'Before the ban' } });
    const banned = await call(appUrl('app1'), 'PUT', `/api/v1/admin/users/${m.id}/ban`, {
      token: admin.token,
      body: { banned: true, reason: 'cluster test' },
    });
    const at = Date.now();
    expectStatus(banned, 200, 'ban on app1');
    // Writes on app2 with the token the member had: refused from the first try.
    const write = await call(appUrl('app2'), 'POST', '/api/v1/posts', { token: m.token, body: { title: 'After the ban' } });
    const writeMs = Date.now() - at;
    for (let i = 0; i < 60 && app2Sockets.some((s) => !s.closed); i++) await sleep(25);
    const closes = app2Sockets.map((s) => (s.closed ? { code: s.closed.code, ms: s.closed.at - at } : null));
    // Signing in again works (the member may contact support), but a write stays refused there.
    const again = await call<{ idToken: string }>(appUrl('app2'), 'POST', '/identity/v1/accounts:signInWithPassword', {
      body: { email: m.email, password: m.password, returnSecureToken: true },
    });
    const fresh =
      again.status === 200
        ? await call(appUrl('app2'), 'POST', '/api/v1/posts', { token: again.body.idToken, body: { title: 'Banned' } })
        : null;
    const socketSend = again.status === 200 ? await Socket.open(appUrl('app2'), again.body.idToken).catch(() => null) : null;
    let sendRefused: string | null = null;
    if (socketSend) {
      const from = socketSend.events.length;
      socketSend.send({ type: 'send', roomId: 'none', body: 'hello', clientId: 'x' });
      const refusal = await socketSend.next((e) => e.type === 'error', 2000, from);
      sendRefused = refusal?.type === 'error' ? refusal.code : null;
      socketSend.close();
    }
    app1Socket.close();
    const socketsOk = closes.every((c) => c !== null && c.code === 4001 && c.ms <= PROMISE_MS) && !!app1Socket.closed;
    const ok =
      before.status === 201 && socketsOk && [401, 403].includes(write.status) && fresh?.status === 403 && sendRefused === 'account_banned';
    return {
      ok,
      figures: [
        `app2 sockets closed ${closes.map((c) => (c ? `${c.ms} ms after the ban (code ${c.code})` : 'NOT within 1.5 s')).join(', ')}; app1 socket ${app1Socket.closed ? `closed (${app1Socket.closed.code})` : 'open'}`,
        `a write on app2 with the old token ${writeMs} ms after the ban: ${write.status}${codeOf(write) ? ` ${codeOf(write)}` : ''} (before the ban: ${before.status})`,
        `signed in again on app2: ${again.status}; a write there ${fresh ? `${fresh.status} ${codeOf(fresh)}` : 'not tried'}; a message sent over its socket: ${sendRefused ?? 'not refused'}`,
      ],
    };
  },
};

export const accountChangesCheck: Check = {
  id: 'account-changes',
  name: 'a role or subscription change on one instance is seen on the other within 1 s',
  async run(cluster) {
    const admin = await makeAdmin(cluster, 'granter');
    const r = await signUp('promoted');
    const s = await signUp('subscriber');
    const isAdmin = async () => (await call(appUrl('app2'), 'GET', '/api/v1/admin/users', { token: r.token })).status === 200;
    const isSubscriber = async () =>
      (await call<{ subscriber: boolean }>(appUrl('app2'), 'GET', '/api/v1/me', { token: s.token })).body.subscriber === true;

    const adminBefore = await isAdmin();
    const granted = await call(appUrl('app1'), 'PUT', `/api/v1/admin/users/${r.id}/role`, { token: admin.token, body: { role: 'admin' } });
    const roleMs = await seenAfter(Date.now(), isAdmin);
    expectStatus(granted, 200, 'role on app1');

    const checkout = expectStatus(
      await call<{ id: string }>(appUrl('app1'), 'POST', '/api/v1/checkouts', {
        token: s.token,
        body: { purchase: { kind: 'subscription' } },
      }),
      201,
      'subscription checkout on app1',
    );
    const subscriberBefore = await isSubscriber();
    const paid = await call(appUrl('app1'), 'POST', `/api/v1/checkouts/${checkout.id}/pay`, {
      token: s.token,
      body: { cardNumber: '4242 4242 4242 4242' },
    });
    const subMs = await seenAfter(Date.now(), isSubscriber);
    expectStatus(paid, 200, 'payment on app1');

    const ok = !adminBefore && roleMs !== null && roleMs <= PROMISE_MS && !subscriberBefore && subMs !== null && subMs <= PROMISE_MS;
    return {
      ok,
      figures: [
        `admin role granted on app1: app2 lets them into the admin API ${roleMs === null ? 'NOT within 3 s' : `${roleMs} ms after the answer`} (before: ${adminBefore ? 'already admin' : 'refused'})`,
        `subscription paid on app1: app2 says subscriber ${subMs === null ? 'NOT within 3 s' : `${subMs} ms after the answer`} (before: ${subscriberBefore})`,
      ],
    };
  },
};
