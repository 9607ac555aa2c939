import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InvariantCode } from '@swapu/shared/invariants';
import type { Tx } from '../../db/client';
import { seedDemo } from '../../db/seed/demo';
import { DEMO_PASSWORD } from '../../lib/deployment';
import { newId } from '../../lib/ids';
import { signUpMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost, createUser } from '../../test/factories';
import { checkInvariants, formatInvariantReport } from './invariants';

/**
 * The invariants (docs/decisions/0045): none is broken on the demo marketplace with a purchase and
 * a chat on top, and each query finds the violation planted for it (inside a transaction rolled
 * back afterwards, constraints that would refuse the plant dropped in it), so each check can fail.
 */
const NOW = '2026-11-20T00:00:00.000Z';
let t: TestApp;
let ackedMessageId: string;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await seedDemo(t.db, t.app.ctx.storage, new Date(NOW), () => {}, { pictureCache: null });
  // Activity through the API on top: tokens bought and paid locally, a chat message.
  const [a, b] = [await signUpMember(t.app), await signUpMember(t.app)];
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/v1/checkouts',
    headers: a.headers,
    payload: { purchase: { kind: 'tokens', amount: 10 } },
  });
  expect(checkout.statusCode, checkout.body).toBe(201);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/v1/checkouts/${checkout.json().id}/pay`,
    headers: a.headers,
    payload: { cardNumber: '4242 4242 4242 4242' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const room = await t.app.inject({ method: 'POST', url: '/api/v1/rooms', headers: a.headers, payload: { userId: b.id } });
  expect(room.statusCode, room.body).toBeLessThan(300);
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/v1/rooms/${room.json().id}/messages`,
    headers: a.headers,
    payload: { body: 'Hello there', clientId: 'c-1' },
  });
  expect(sent.statusCode, sent.body).toBeLessThan(300);
  ackedMessageId = (sent.json() as { id: string }).id;
}, 300_000);
afterAll(async () => {
  await t?.close();
});

class Rollback extends Error {}

/** Plants a violation in a transaction, checks, and rolls it all back; answers the one invariant's result. */
async function planted(code: InvariantCode, plant: (tx: Tx) => Promise<void>, evidence = {}) {
  let found: { violations: number; examples: string[]; others: number } | undefined;
  await t.db
    .transaction(async (tx) => {
      await plant(tx);
      const report = await checkInvariants(tx, new Date(NOW), evidence);
      const item = report.items.find((i) => i.code === code)!;
      found = { ...item, others: report.items.filter((i) => i.code !== code && i.violations > 0).length };
      expect(report.ok).toBe(false);
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return found!;
}

const at = sql`${NOW}::timestamptz`;

describe('invariants', () => {
  it('are all kept on a clean seeded marketplace, the acknowledged message among the stored', async () => {
    const report = await checkInvariants(t.db, new Date(NOW), { ackedMessageIds: [ackedMessageId], deliveredMailIds: ['m1', 'm2'] });
    expect(report.ok, formatInvariantReport(report)).toBe(true);
    expect(report.items.map((i) => i.code)).toHaveLength(10);
    expect(formatInvariantReport(report).split('\n')[0]).toMatch(/^ok {3}token_balance_ledger +0$/);
  });

  it('token_balance_ledger: a balance moved without its ledger row', async () => {
    const u = await createUser(t.db);
    const r = await planted('token_balance_ledger', async (tx) => {
      await tx.execute(sql`insert into token_balances (user_id, balance, updated_at) values (${u.id}, 7, ${at})`);
    });
    expect(r).toMatchObject({ violations: 1, examples: [u.id], others: 0 });
  });

  it('checkout_granted_once: a paid token checkout without its receipt and credit, and one credited twice', async () => {
    const u = await createUser(t.db);
    const r = await planted('checkout_granted_once', async (tx) => {
      for (const id of ['co-unpaid-grant', 'co-paid-no-grant'])
        await tx.execute(sql`insert into checkouts (id, user_id, kind, details, amount_cents, gst_cents, provider, status, created_at)
          values (${id}, ${u.id}, 'tokens', '{"amount":10}', 1000, 91, 'local', ${id === 'co-unpaid-grant' ? 'open' : 'paid'}, ${at})`);
      await tx.execute(sql`insert into token_balances (user_id, balance, updated_at) values (${u.id}, 10, ${at})`);
      await tx.execute(sql`insert into token_ledger (user_id, delta, balance_after, reason, source_id, created_at)
        values (${u.id}, 10, 10, 'purchase', 'co-unpaid-grant', ${at})`);
    });
    expect(r).toMatchObject({ violations: 2, examples: ['co-paid-no-grant', 'co-unpaid-grant'], others: 0 });
  });

  async function acceptedOffer(tx: Tx, postId: string, offererId: string, ownerId: string) {
    const id = newId();
    await tx.execute(sql`insert into offers (id, post_id, offerer_id, owner_id, proposed_by, state, expires_at, created_at, updated_at)
      values (${id}, ${postId}, ${offererId}, ${ownerId}, 'offerer', 'accepted', ${at}, ${at}, ${at})`);
    return id;
  }

  it('item_reserved_once: an item held by two accepted offers, one of them without its reservation', async () => {
    const [owner, x, y] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const post = await createPost(t.db, { ownerId: owner.id });
    const r = await planted('item_reserved_once', async (tx) => {
      const first = await acceptedOffer(tx, post.id, x.id, owner.id);
      await tx.execute(sql`insert into post_reservations (post_id, offer_id, created_at) values (${post.id}, ${first}, ${at})`);
      await acceptedOffer(tx, post.id, y.id, owner.id);
    });
    expect(r).toMatchObject({ violations: 1, examples: [post.id], others: 0 });
  });

  async function chain(tx: Tx, state: string, members: Array<{ userId: string; gives: string; receives: string; open: boolean }>) {
    const id = newId();
    await tx.execute(sql`insert into swap_chains (id, state, created_at, expires_at) values (${id}, ${state}, ${at}, ${at})`);
    for (const [i, m] of members.entries())
      await tx.execute(sql`insert into swap_chain_members (chain_id, position, user_id, gives_post_id, receives_post_id, open)
        values (${id}, ${i}, ${m.userId}, ${m.gives}, ${m.receives}, ${m.open})`);
    return id;
  }

  async function ring() {
    const people = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const items: string[] = [];
    for (const p of people) items.push((await createPost(t.db, { ownerId: p.id })).id);
    return people.map((p, i) => ({ userId: p.id, gives: items[i]!, receives: items[(i + 1) % 3]!, open: true }));
  }

  it('item_one_open_chain: an item waiting in two found chains', async () => {
    const members = await ring();
    const r = await planted('item_one_open_chain', async (tx) => {
      await tx.execute(sql`drop index swap_chain_members_open_item_uq`);
      await chain(tx, 'found', members);
      await chain(tx, 'found', members);
    });
    expect(r).toMatchObject({ violations: 3, others: 0 });
  });

  it('chain_whole: a chain committed with a leg missing', async () => {
    const members = await ring();
    let id = '';
    const r = await planted('chain_whole', async (tx) => {
      id = await chain(
        tx,
        'committed',
        members.map((m) => ({ ...m, open: false })),
      );
      const leg = await acceptedOffer(tx, members[1]!.receives, members[1]!.userId, members[2]!.userId);
      await tx.execute(sql`update offers set chain_id = ${id} where id = ${leg}`);
      await tx.execute(sql`insert into post_reservations (post_id, offer_id, created_at) values (${members[1]!.receives}, ${leg}, ${at})`);
      await tx.execute(sql`update swap_chain_members set offer_id = ${leg} where chain_id = ${id} and position = 1`);
    });
    expect(r).toMatchObject({ violations: 1, examples: [id], others: 0 });
  });

  it('coupon_uses: a code used beyond its uses, and one redeemed more often than counted', async () => {
    const u = await createUser(t.db);
    const r = await planted('coupon_uses', async (tx) => {
      await tx.execute(sql`alter table coupons drop constraint coupons_uses_check`);
      await tx.execute(
        sql`insert into coupons (code, type, max_uses, used_times, created_at) values ('OVERUSED1', 'month_normal', 1, 2, ${at})`,
      );
      await tx.execute(
        sql`insert into coupons (code, type, max_uses, used_times, created_at) values ('UNCOUNTED1', 'month_normal', 5, 0, ${at})`,
      );
      await tx.execute(sql`insert into coupon_redemptions (code, user_id, redeemed_at) values ('UNCOUNTED1', ${u.id}, ${at})`);
    });
    expect(r).toMatchObject({ violations: 2, examples: ['OVERUSED1', 'UNCOUNTED1'], others: 0 });
  });

  it('free_swipes_allowance: 26 right swipes in a day without a subscription; a subscriber may', async () => {
    const [free, paying] = [await createUser(t.db), await createUser(t.db)];
    const r = await planted('free_swipes_allowance', async (tx) => {
      for (const u of [free, paying])
        await tx.execute(sql`insert into swipe_counts (user_id, day, rights, updated_at) values (${u.id}, '2026-11-20', 26, ${at})`);
      await tx.execute(sql`insert into subscriptions (id, user_id, status, current_period_end, created_at)
        values (${newId()}, ${paying.id}, 'active', ${at}::timestamptz + interval '30 days', ${at}::timestamptz - interval '1 day')`);
    });
    expect(r).toMatchObject({ violations: 1, examples: [`${free.id} 2026-11-20`], others: 0 });
  });

  it('mail_once: a mail marked sent without its one queue entry, or sent and given up; or delivered twice by the SMTP server', async () => {
    const r = await planted('mail_once', async (tx) => {
      for (const id of ['mail-unqueued', 'mail-given-up'])
        await tx.execute(sql`insert into mail_outbox (id, to_address, subject, text_body, html_body, template, created_on, sent_at)
          values (${id}, 'someone@example.com', 'Your receipt SU-000001', 'Thanks', '<p>Thanks</p>', 'receipt', ${at}, ${at})`);
      await tx.execute(sql`insert into mail_outbox (id, to_address, subject, text_body, html_body, created_on, sent_at)
        values ('mail-queued', 'someone@example.com', 'Hello', 'Hello', '<p>Hello</p>', ${at}, ${at})`);
      await tx.execute(sql`insert into mail_deliveries (mail_id, job_id, queued_at, failed_at) values
        ('mail-given-up', 'job-1', ${at}, ${at}), ('mail-queued', 'job-2', ${at}, null)`);
    });
    expect(r).toMatchObject({ violations: 2, examples: ['mail-given-up', 'mail-unqueued'], others: 0 });
    const delivered = await planted('mail_once', async () => {}, { deliveredMailIds: ['a', 'b', 'a'] });
    expect(delivered).toMatchObject({ violations: 1, examples: ['a'], others: 0 });
  });

  it('one_live_subscription: two live subscriptions of one member', async () => {
    const u = await createUser(t.db);
    const r = await planted('one_live_subscription', async (tx) => {
      await tx.execute(sql`drop index subscriptions_one_live_uq`);
      for (const status of ['active', 'cancelled'])
        await tx.execute(sql`insert into subscriptions (id, user_id, status, current_period_end, created_at)
          values (${newId()}, ${u.id}, ${status}, ${at}::timestamptz + interval '30 days', ${at})`);
    });
    expect(r).toMatchObject({ violations: 1, examples: [u.id], others: 0 });
  });

  it('chat_stored: an acknowledged message missing, and a hole in a room', async () => {
    const missing = await planted('chat_stored', async () => {}, { ackedMessageIds: [ackedMessageId, 'never-stored'] });
    expect(missing).toMatchObject({ violations: 1, examples: ['never-stored'], others: 0 });
    const hole = await planted('chat_stored', async (tx) => {
      // A message numbered past the next one: the one between was never stored.
      await tx.execute(sql`insert into messages (id, room_id, seq, sender_id, body, created_at)
        select 'after-a-hole', room_id, seq + 2, sender_id, 'later', ${at} from messages where id = ${ackedMessageId}`);
    });
    expect(hole).toMatchObject({ violations: 1, others: 0 });
  });

  it('GET /api/v1/admin/invariants answers the report to an admin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signInWithPassword',
      payload: { email: 'admin@swapu.au', password: DEMO_PASSWORD, returnSecureToken: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = await t.app.inject({ url: '/api/v1/admin/invariants', headers: { authorization: `Bearer ${res.json().idToken}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ ok: true });
  });
});
