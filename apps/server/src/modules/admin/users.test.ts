import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { AdminUserList, AuditPage } from '@swapu/shared/admin-users';
import { adminAudit, offers, postReports, reviews, supportMessages, userReports, users } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { signAccessToken } from '../../lib/tokens';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost, createUser } from '../../test/factories';
import { csvCell } from './users.service';

let t: TestApp;
const NOW = new Date('2026-11-20T00:00:00.000Z');
let admin: TestMember;
let member: TestMember;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
  admin = await signUpMember(t.app);
  member = await signUpMember(t.app);
  await t.db.update(users).set({ role: 'admin', displayName: 'Avery Admin' }).where(eq(users.id, admin.id));
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const asAdmin = (): Headers => admin.headers;
const tokenHeaders = async (userId: string): Promise<Headers> => {
  const [u] = await t.db.select({ v: users.tokenVersion }).from(users).where(eq(users.id, userId));
  return { authorization: `Bearer ${await signAccessToken(t.config.jwtSecret, userId, t.clock.now(), u!.v)}` };
};
const get = (url: string, headers: Headers = asAdmin()) => t.app.inject({ method: 'GET', url, headers });
const put = (url: string, payload: object, headers: Headers = asAdmin()) => t.app.inject({ method: 'PUT', url, headers, payload });
const list = async (query: string) => {
  const res = await get(`/api/v1/admin/users?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminUserList;
};
const auditOf = (targetId: string) => t.db.select().from(adminAudit).where(eq(adminAudit.targetId, targetId)).orderBy(adminAudit.id);
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

/** A completed swap between two members, with a review of `reviewee`. */
async function completedSwap(offererId: string, ownerId: string, stars?: { reviewee: string; reviewer: string; stars: number }) {
  const post = await createPost(t.db, { ownerId, state: 'swapped', now: NOW });
  const id = newId();
  await t.db.insert(offers).values({
    id,
    postId: post.id,
    offererId,
    ownerId,
    proposedBy: 'offerer',
    state: 'completed',
    expiresAt: NOW,
    completedAt: NOW,
    createdAt: NOW,
    updatedAt: NOW,
  });
  if (stars)
    await t.db.insert(reviews).values({
      id: newId(),
      offerId: id,
      reviewerId: stars.reviewer,
      revieweeId: stars.reviewee,
      stars: stars.stars,
      text: 'ok',
      createdAt: NOW,
    });
}

describe('the users table', () => {
  // A small cast with a unique word in their names, so other tests' members never get in the way.
  const cast: Record<string, string> = {};
  beforeAll(async () => {
    const mk = async (key: string, o: Partial<typeof users.$inferInsert>) => {
      cast[key] = (await createUser(t.db, { displayName: `Zebra ${key}`, email: `zebra-${key}@Example.com`, ...o })).id;
    };
    await mk('ada', { createdAt: new Date('2025-01-01T00:00:00Z') });
    await mk('bob', { createdAt: new Date('2025-02-01T00:00:00Z') });
    await mk('cy', { createdAt: new Date('2025-03-01T00:00:00Z'), banned: true, bannedReason: 'Spam', bannedAt: NOW });
    await mk('dee', { createdAt: new Date('2025-04-01T00:00:00Z'), deletedAt: NOW, role: 'admin' });
    await mk('eve', { createdAt: new Date('2025-05-01T00:00:00Z'), displayName: '=HYPERLINK("x") eve' });
    // Ada: two live listings (and a draft and a swapped one that do not count), two swaps, 4.5 stars.
    await createPost(t.db, { ownerId: cast.ada, now: NOW });
    await createPost(t.db, { ownerId: cast.ada, state: 'reserved', now: NOW });
    await createPost(t.db, { ownerId: cast.ada, state: 'draft', now: NOW });
    await completedSwap(cast.ada!, cast.bob!, { reviewee: cast.ada!, reviewer: cast.bob!, stars: 5 });
    await completedSwap(cast.bob!, cast.ada!, { reviewee: cast.ada!, reviewer: cast.bob!, stars: 4 });
    // Bob: one open report of him, one open report of his listing, one closed report (not counted).
    await t.db.insert(userReports).values({ id: newId(), reporterId: cast.ada!, reportedId: cast.bob!, reason: 'rude', createdAt: NOW });
    await t.db
      .insert(userReports)
      .values({ id: newId(), reporterId: cast.cy!, reportedId: cast.bob!, reason: 'old', status: 'resolved', createdAt: NOW });
    const bobs = await createPost(t.db, { ownerId: cast.bob, now: NOW });
    await t.db.insert(postReports).values({ id: newId(), postId: bobs.id, reporterId: cast.ada!, reason: 'fake', createdAt: NOW });
  });
  const names = (l: AdminUserList) => l.items.map((u) => u.displayName.replace('Zebra ', ''));

  it('searches name or email case-insensitively, and shows every figure and status', async () => {
    const l = await list('q=ZEBRA&sort=joined&dir=asc');
    expect(l.total).toBe(5);
    expect(names(l)).toEqual(['ada', 'bob', 'cy', 'dee', '=HYPERLINK("x") eve']);
    const ada = l.items[0]!;
    expect(ada).toMatchObject({
      email: 'zebra-ada@Example.com',
      listings: 2,
      swaps: 2,
      rating: 4.5,
      reviews: 2,
      reports: 0,
      role: 'user',
      status: 'active',
    });
    expect(ada.joinedAt).toBe('2025-01-01T00:00:00.000Z');
    expect(l.items[1]).toMatchObject({ listings: 1, swaps: 2, rating: null, reports: 2 });
    expect(l.items[2]).toMatchObject({ status: 'banned', bannedReason: 'Spam' });
    // Deleted accounts are not left out: they show as deleted.
    expect(l.items[3]).toMatchObject({ status: 'deleted', role: 'admin' });
    expect((await list('q=zebra-bob@example')).items.map((u) => u.id)).toEqual([cast.bob]);
    expect((await list('q=zebra%20C')).items.map((u) => u.id)).toEqual([cast.cy]);
    // % and _ are letters, not wildcards.
    expect((await list('q=zebra%25')).total).toBe(0);
  });

  it('sorts by every column both ways, on the server', async () => {
    expect(names(await list('q=zebra&sort=name&dir=asc'))).toEqual(['=HYPERLINK("x") eve', 'ada', 'bob', 'cy', 'dee']);
    expect(names(await list('q=zebra&sort=email&dir=desc'))).toEqual(['=HYPERLINK("x") eve', 'dee', 'cy', 'bob', 'ada']);
    expect(names(await list('q=zebra&sort=joined&dir=desc'))[0]).toBe('=HYPERLINK("x") eve');
    expect(names(await list('q=zebra&sort=listings&dir=desc')).slice(0, 2)).toEqual(['ada', 'bob']);
    const bySwaps = await list('q=zebra&sort=swaps&dir=asc');
    expect(bySwaps.items.map((u) => u.swaps)).toEqual([0, 0, 0, 2, 2]);
    expect(names(bySwaps).slice(3).sort()).toEqual(['ada', 'bob']);
    // Without reviews last, whichever way.
    expect(names(await list('q=zebra&sort=rating&dir=asc'))[0]).toBe('ada');
    expect(names(await list('q=zebra&sort=rating&dir=desc'))[0]).toBe('ada');
    expect(names(await list('q=zebra&sort=reports&dir=desc'))[0]).toBe('bob');
    expect(names(await list('q=zebra&sort=role&dir=desc'))[0]).toBe('dee');
    expect(names(await list('q=zebra&sort=status&dir=desc')).slice(0, 2)).toEqual(['dee', 'cy']);
  });

  it('pages with a total; a page past the end is empty', async () => {
    const first = await list('q=zebra&sort=joined&dir=asc&page=1&pageSize=2');
    const second = await list('q=zebra&sort=joined&dir=asc&page=2&pageSize=2');
    const third = await list('q=zebra&sort=joined&dir=asc&page=3&pageSize=2');
    expect([first.total, first.page, first.pageSize]).toEqual([5, 1, 2]);
    expect([...names(first), ...names(second), ...names(third)]).toEqual(['ada', 'bob', 'cy', 'dee', '=HYPERLINK("x") eve']);
    // Aggregate sorts page the same way.
    const a = await list('q=zebra&sort=swaps&dir=desc&page=1&pageSize=3');
    const b = await list('q=zebra&sort=swaps&dir=desc&page=2&pageSize=3');
    expect(new Set([...a.items, ...b.items].map((u) => u.id)).size).toBe(5);
    expect((await list('q=zebra&page=9')).items).toEqual([]);
  });

  it('refuses bad queries with the catalogue, and members', async () => {
    const bad = await get('/api/v1/admin/users?sort=password');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('data_invalid');
    expect((await get('/api/v1/admin/users?pageSize=1000')).statusCode).toBe(400);
    const refused = await get('/api/v1/admin/users', member.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('permission_denied');
    expect((await get('/api/v1/admin/users.csv', member.headers)).statusCode).toBe(403);
    expect((await get('/api/v1/admin/users', {})).statusCode).toBe(401);
  });

  it('exports the same search and order as CSV, every row, formulas defused', async () => {
    const res = await get('/api/v1/admin/users.csv?q=zebra&sort=name&dir=asc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="swapu-members-2026-11-20\.csv"/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,name,email,joined,listings,swaps,rating,reviews,reports,role,status,banned_reason,banned_at');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(`${cast.eve},"'=HYPERLINK(""x"") eve",zebra-eve@Example.com,2025-05-01T00:00:00.000Z,0,0,,0,0,user,active,,`);
    expect(lines[2]).toBe(`${cast.ada},Zebra ada,zebra-ada@Example.com,2025-01-01T00:00:00.000Z,2,2,4.5,2,0,user,active,,`);
    expect(lines[3]!.startsWith(`${cast.bob},`)).toBe(true);
    expect(csvCell('+61 400')).toBe("'+61 400");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@home')).toBe("'@home");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
  });
});

describe('suspending and restoring', () => {
  it('bans with a reason: flag, reason and time, sessions ended, the reason in their support thread, an audit row', async () => {
    const m = await signUpMember(t.app);
    await t.db.update(users).set({ language: 'pt-PT' }).where(eq(users.id, m.id));
    const res = await put(`/api/v1/admin/users/${m.id}/ban`, { banned: true, reason: '  Anúncios falsos repetidos  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: m.id, banned: true });
    const row = await userRow(m.id);
    expect(row).toMatchObject({ banned: true, bannedReason: 'Anúncios falsos repetidos' });
    expect(row.bannedAt?.toISOString()).toBe(NOW.toISOString());
    // Every session ended at once.
    expect((await get('/api/v1/me', m.headers)).statusCode).toBe(401);
    // Signing in again: only the suspension notice, and the support thread tells why, in their language.
    const thread = await t.db.select().from(supportMessages).where(eq(supportMessages.threadUserId, m.id));
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({ fromTeam: true, authorId: admin.id });
    expect(thread[0]!.body).toContain('A sua conta foi suspensa');
    expect(thread[0]!.body).toContain('Motivo: Anúncios falsos repetidos');
    const again = await t.app.inject({ url: '/api/v1/support/messages', headers: await tokenHeaders(m.id) });
    expect(again.statusCode).toBe(200);
    expect(JSON.stringify(again.json())).toContain('Anúncios falsos repetidos');
    const [audit] = await auditOf(m.id);
    expect(audit).toMatchObject({
      actorId: admin.id,
      actorName: 'Avery Admin',
      action: 'user.ban',
      targetType: 'user',
      reason: 'Anúncios falsos repetidos',
      before: { banned: false, bannedReason: null },
      after: { banned: true, bannedReason: 'Anúncios falsos repetidos' },
    });
  });

  it('unbans: the flag and reason are cleared, a team message and an audit row', async () => {
    const m = await signUpMember(t.app);
    await put(`/api/v1/admin/users/${m.id}/ban`, { banned: true, reason: 'Spam' });
    const res = await put(`/api/v1/admin/users/${m.id}/ban`, { banned: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: m.id, banned: false });
    expect(await userRow(m.id)).toMatchObject({ banned: false, bannedReason: null, bannedAt: null });
    const thread = await t.db.select().from(supportMessages).where(eq(supportMessages.threadUserId, m.id)).orderBy(supportMessages.seq);
    expect(thread.map((x) => x.body)).toEqual([
      'Your account has been suspended by the SwapU team.\nReason: Spam',
      'The suspension of your account has been lifted. Welcome back!',
    ]);
    expect((await auditOf(m.id)).map((a) => a.action)).toEqual(['user.ban', 'user.unban']);
    // Signing in works again, with the whole app.
    expect((await get('/api/v1/me', await tokenHeaders(m.id))).statusCode).toBe(200);
  });

  it('refuses: no reason, an over-long one, oneself, an unknown account, a member — and changes nothing', async () => {
    const m = await signUpMember(t.app);
    for (const body of [{ banned: true }, { banned: true, reason: '   ' }, { banned: true, reason: 'x'.repeat(501) }]) {
      const res = await put(`/api/v1/admin/users/${m.id}/ban`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'ban_reason_required', message: expect.stringContaining('reason') });
    }
    const pt = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${m.id}/ban`,
      headers: { ...asAdmin(), 'accept-language': 'pt-PT' },
      payload: { banned: true },
    });
    expect(pt.json().error.message).toBe('Indique o motivo da suspensão (até 500 caracteres). O membro vai lê-lo.');
    const self = await put(`/api/v1/admin/users/${admin.id}/ban`, { banned: true, reason: 'Testing' });
    expect([self.statusCode, self.json().error.code]).toEqual([400, 'admin_self_ban']);
    const unknown = await put('/api/v1/admin/users/no-such-member/ban', { banned: true, reason: 'Spam' });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'not_found']);
    const byMember = await put(`/api/v1/admin/users/${m.id}/ban`, { banned: true, reason: 'Spam' }, member.headers);
    expect([byMember.statusCode, byMember.json().error.code]).toEqual([403, 'permission_denied']);
    expect(await userRow(m.id)).toMatchObject({ banned: false, bannedReason: null });
    expect(await auditOf(m.id)).toEqual([]);
    expect((await get('/api/v1/me', m.headers)).statusCode).toBe(200);
  });
});

describe('granting and revoking admin', () => {
  it('grants and revokes, each with an audit row; the member gets the console at once', async () => {
    const m = await signUpMember(t.app);
    const grant = await put(`/api/v1/admin/users/${m.id}/role`, { role: 'admin' });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json()).toEqual({ id: m.id, role: 'admin' });
    expect((await get('/api/v1/admin/users?pageSize=1', m.headers)).statusCode).toBe(200);
    // The same role again changes nothing and writes nothing.
    expect((await put(`/api/v1/admin/users/${m.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    const revoke = await put(`/api/v1/admin/users/${m.id}/role`, { role: 'user' });
    expect(revoke.json()).toEqual({ id: m.id, role: 'user' });
    expect((await get('/api/v1/admin/users?pageSize=1', m.headers)).statusCode).toBe(403);
    const rows = await auditOf(m.id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['user.role', { role: 'user' }, { role: 'admin' }],
      ['user.role', { role: 'admin' }, { role: 'user' }],
    ]);
  });

  it('refuses one’s own role, a suspended member, an unknown account, a member, bad roles', async () => {
    const self = await put(`/api/v1/admin/users/${admin.id}/role`, { role: 'user' });
    expect([self.statusCode, self.json().error.code]).toEqual([400, 'admin_self_role']);
    expect((await userRow(admin.id)).role).toBe('admin');
    const banned = await createUser(t.db, { banned: true });
    const b = await put(`/api/v1/admin/users/${banned.id}/role`, { role: 'admin' });
    expect([b.statusCode, b.json().error.code]).toEqual([409, 'admin_role_banned']);
    expect((await put('/api/v1/admin/users/nobody-here/role', { role: 'admin' })).statusCode).toBe(404);
    const m = await createUser(t.db);
    expect((await put(`/api/v1/admin/users/${m.id}/role`, { role: 'admin' }, member.headers)).statusCode).toBe(403);
    expect((await put(`/api/v1/admin/users/${m.id}/role`, { role: 'owner' })).statusCode).toBe(400);
    expect((await userRow(m.id)).role).toBe('user');
    expect(await auditOf(m.id)).toEqual([]);
  });

  it('two admins revoking each other at once leave one of them an admin', async () => {
    for (let round = 0; round < 4; round++) {
      const a = await createUser(t.db, { role: 'admin' });
      const b = await createUser(t.db, { role: 'admin' });
      const [ra, rb] = await Promise.all([
        put(`/api/v1/admin/users/${b.id}/role`, { role: 'user' }, await tokenHeaders(a.id)),
        put(`/api/v1/admin/users/${a.id}/role`, { role: 'user' }, await tokenHeaders(b.id)),
      ]);
      expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 403]);
      const roles = [(await userRow(a.id)).role, (await userRow(b.id)).role].sort();
      expect(roles).toEqual(['admin', 'user']);
      // Exactly one change, exactly one audit row.
      const rows = await t.db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.action, 'user.role'), sql`${adminAudit.targetId} in (${a.id}, ${b.id})`));
      expect(rows).toHaveLength(1);
    }
  });

  it('two admins suspending each other at once leave one of them an active admin', async () => {
    const a = await createUser(t.db, { role: 'admin' });
    const b = await createUser(t.db, { role: 'admin' });
    const [ra, rb] = await Promise.all([
      put(`/api/v1/admin/users/${b.id}/ban`, { banned: true, reason: 'Rogue' }, await tokenHeaders(a.id)),
      put(`/api/v1/admin/users/${a.id}/ban`, { banned: true, reason: 'Rogue' }, await tokenHeaders(b.id)),
    ]);
    // The loser is refused either as no longer an admin (403, it waited on the lock) or as signed
    // out (401: the winner's ban ended its session before its request was read, as on PGlite).
    const [won, lost] = [ra.statusCode, rb.statusCode].sort();
    expect(won).toBe(200);
    expect([401, 403]).toContain(lost);
    expect([(await userRow(a.id)).banned, (await userRow(b.id)).banned].sort()).toEqual([false, true]);
  });
});

describe('the audit log', () => {
  it('lists newest first in keyset pages, filters by action and target, admins only', async () => {
    const m = await signUpMember(t.app);
    for (let i = 0; i < 3; i++) {
      t.clock.set(new Date(NOW.getTime() + (i + 1) * 60_000));
      await put(`/api/v1/admin/users/${m.id}/ban`, { banned: i % 2 === 0, reason: `step ${i}` });
    }
    t.clock.set(NOW);
    const page1 = (await get(`/api/v1/admin/audit?targetType=user&targetId=${m.id}&limit=2`)).json() as AuditPage;
    expect(page1.items.map((x) => x.action)).toEqual(['user.ban', 'user.unban']);
    expect(page1.items[0]).toMatchObject({ actorName: 'Avery Admin', targetName: expect.any(String), reason: 'step 2' });
    expect(page1.next).toBeTruthy();
    const page2 = (await get(`/api/v1/admin/audit?targetType=user&targetId=${m.id}&limit=2&cursor=${page1.next}`)).json() as AuditPage;
    expect(page2.items.map((x) => x.reason)).toEqual(['step 0']);
    expect(page2.next).toBeNull();
    const unbans = (await get('/api/v1/admin/audit?action=user.unban&limit=100')).json() as AuditPage;
    expect(unbans.items.length).toBeGreaterThan(0);
    expect(unbans.items.every((x) => x.action === 'user.unban')).toBe(true);
    const times = ((await get('/api/v1/admin/audit?limit=100')).json() as AuditPage).items.map((x) => x.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await get('/api/v1/admin/audit?cursor=not-a-cursor')).statusCode).toBe(400);
    expect((await get('/api/v1/admin/audit?action=DROP%20TABLE')).statusCode).toBe(400);
    expect((await get('/api/v1/admin/audit', member.headers)).statusCode).toBe(403);
  });

  it('is append-only: the database refuses every update and delete', async () => {
    const [row] = await t.db.select().from(adminAudit).limit(1);
    expect(row).toBeTruthy();
    await expect(t.db.execute(sql`update admin_audit set reason = 'edited' where id = ${row!.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from admin_audit where id = ${row!.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from admin_audit`)).rejects.toThrow();
    const [still] = await t.db.select().from(adminAudit).where(eq(adminAudit.id, row!.id));
    expect(still).toEqual(row);
  });

  it('records coupon generation, refunds and support replies', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/coupons',
      headers: asAdmin(),
      payload: { type: 'month_normal', count: 2, maxUses: 3 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const codes = (made.json() as { items: Array<{ code: string }> }).items.map((c) => c.code);
    const [coupon] = await t.db.select().from(adminAudit).where(eq(adminAudit.action, 'coupon.create'));
    expect(coupon).toMatchObject({ actorId: admin.id, targetType: 'coupon', after: { type: 'month_normal', count: 2, maxUses: 3, codes } });

    const buyer = await signUpMember(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/checkouts',
      headers: buyer.headers,
      payload: { purchase: { kind: 'tokens', amount: 5 } },
    });
    const { id } = created.json() as { id: string };
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v1/checkouts/${id}/pay`,
      headers: buyer.headers,
      payload: { cardNumber: '4242424242424242' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const refund = await t.app.inject({ method: 'POST', url: `/api/v1/admin/checkouts/${id}/refund`, headers: asAdmin() });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await auditOf(id)).toMatchObject([
      { action: 'checkout.refund', targetType: 'checkout', after: { status: 'refunded', userId: buyer.id } },
    ]);
    // A refused refund (already refunded) writes nothing.
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/admin/checkouts/${id}/refund`, headers: asAdmin() })).statusCode).toBe(409);
    expect(await auditOf(id)).toHaveLength(1);

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/support/${buyer.id}/messages`,
      headers: asAdmin(),
      payload: { body: 'Your refund is on its way.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(await auditOf(buyer.id)).toMatchObject([
      { action: 'support.reply', targetType: 'support', after: { messageId: reply.json().id, body: 'Your refund is on its way.' } },
    ]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/admin/support/nobody/messages', headers: asAdmin(), payload: { body: 'Hi' } }))
        .statusCode,
    ).toBe(404);
  });
});
