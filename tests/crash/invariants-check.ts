import { sql } from 'drizzle-orm';
import type { Tx } from '../../apps/server/src/db/client';
import { checkInvariants, formatInvariantReport } from '../../apps/server/src/modules/admin/invariants';
import { rowsOf } from '../../apps/server/src/lib/sql-rows';
import { PLANT } from './options';
import { mailRepeats, withDatabase } from './servers';
import { acked } from './workload';
import type { World } from './world';

// The crash test's checks after each kill (tests/crash/run.ts): every invariant and every
// acknowledged write; and --plant's fault, written to show they fail.

// ---------------------------------------------------------------------------------------------
// The checks after each kill

const list = (xs: string[]) => sql`string_to_array(${xs.join(',')}, ',')`;

/** Acknowledged writes not in the database, by kind (chat messages are the invariants' chat_stored). */
async function missingAcked(db: Tx): Promise<Array<{ kind: string; ids: string[] }>> {
  const out: Array<{ kind: string; ids: string[] }> = [];
  const add = (kind: string, ids: string[]) => ids.length && out.push({ kind, ids });
  const ids = async (q: ReturnType<typeof sql>) => (await rowsOf<{ id: string }>(db, q)).map((r) => r.id);
  if (acked.paidCheckouts.size)
    add(
      'paid checkout not paid',
      await ids(sql`select x as id from unnest(${list([...acked.paidCheckouts])}) x
        where not exists (select 1 from checkouts c where c.id = x and c.status in ('paid', 'refunded'))`),
    );
  if (acked.coupons.length)
    add(
      'coupon redemption missing',
      await ids(sql`select x as id from unnest(${list(acked.coupons.map((c) => `${c.code}/${c.userId}`))}) x
        where not exists (select 1 from coupon_redemptions r where r.code || '/' || r.user_id = x)`),
    );
  for (const [reason, m] of [
    ['boost', acked.boosts],
    ['extra_swipes', acked.extraSwipes],
  ] as const) {
    if (!m.size) continue;
    const have = new Map(
      (
        await rowsOf<{ user_id: string; n: string | number }>(
          db,
          sql`select user_id, count(*) as n from token_ledger where reason = ${reason} group by user_id`,
        )
      ).map((r) => [r.user_id, Number(r.n)]),
    );
    add(
      `${reason} spend missing`,
      [...m].filter(([u, n]) => (have.get(u) ?? 0) < n).map(([u]) => u),
    );
  }
  if (acked.swipes.length)
    add(
      'right swipe missing',
      await ids(sql`select x as id from unnest(${list(acked.swipes.map((s) => `${s.userId}/${s.postId}`))}) x
        where not exists (select 1 from swipes s where s.user_id || '/' || s.post_id = x and s.direction = 'right')`),
    );
  if (acked.acceptedOffers.size)
    add(
      'accepted offer not accepted',
      await ids(sql`select x as id from unnest(${list([...acked.acceptedOffers])}) x
        where not exists (select 1 from offers o where o.id = x and o.state <> 'pending')`),
    );
  if (acked.unlocks.length)
    add(
      'chain unlock missing',
      await ids(sql`select x as id from unnest(${list(acked.unlocks.map((u) => `${u.chainId}/${u.userId}`))}) x
        where not exists (select 1 from swap_chain_members m where m.chain_id || '/' || m.user_id = x and m.unlocked_at is not null)`),
    );
  if (acked.paidDeliveries.size)
    add(
      'paid delivery awaiting payment',
      await ids(sql`select x as id from unnest(${list([...acked.paidDeliveries])}) x
        where not exists (select 1 from deliveries d where d.id = x and d.state <> 'awaiting_payment')`),
    );
  return out;
}

interface Finding {
  cycle: number;
  what: string;
}
export const findings: Finding[] = [];
export const progress = { kills: 0 };
export const checkTimes: number[] = [];

/** Every invariant and every acknowledged write, read in one snapshot (repeatable read, read only). */
export async function check(cycle: number, label: string) {
  const t0 = performance.now();
  await withDatabase((db) =>
    db.transaction(
      async (tx) => {
        // Mails sent again because a kill cut their first sending short are told apart (mailRepeats).
        const { twice } = mailRepeats();
        const report = await checkInvariants(tx, new Date(), { ackedMessageIds: acked.messages, deliveredMailIds: [...twice, ...twice] });
        for (const i of report.items.filter((x) => x.violations > 0))
          findings.push({ cycle, what: `${i.code}: ${i.violations} (${i.examples.join(', ')})` });
        for (const m of await missingAcked(tx))
          findings.push({ cycle, what: `acknowledged, not stored: ${m.kind}: ${m.ids.length} (${m.ids.slice(0, 5).join(', ')})` });
        if (!report.ok) console.log(`${label}: invariants broken\n${formatInvariantReport(report)}`);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    ),
  );
  checkTimes.push(performance.now() - t0);
}

/** --plant: a violation written straight into the database, with the server down. */
export async function plant(db: Tx, w: World) {
  if (PLANT === 'ledger')
    await db.execute(sql`update token_balances set balance = balance + 1 where user_id = ${w.members[0]!.id}`).then(async () => {
      // A member without a balance row yet gets one of 1 token and no ledger.
      await db.execute(
        sql`insert into token_balances (user_id, balance, updated_at) values (${w.members[0]!.id}, 1, now()) on conflict do nothing`,
      );
    });
  if (PLANT === 'lost-message' && acked.messages.length) await db.execute(sql`delete from messages where id = ${acked.messages[0]!}`);
  console.log(`planted: ${PLANT}`);
}
