import { type SQL, sql } from 'drizzle-orm';
import { SWIPES_FREE_PER_DAY } from '@swapu/shared/constants';
import type { InvariantCode, InvariantReport, InvariantResult } from '@swapu/shared/invariants';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../lib/sql-rows';

/**
 * The marketplace's invariants as SQL over the live database (issue 39, docs/decisions/0045): what
 * must hold whatever crashed when, since every change that could break one is a single transaction.
 * One query per invariant, each selecting the ids that break it; `checkInvariants` counts them and
 * keeps a few. Used by `npm run check:invariants` (cli/check-invariants.ts), the crash test
 * (tests/crash) and the admin dashboard (GET /api/v1/admin/invariants).
 */

/** Paid checkouts whose money was returned because it could never be granted (decision 0034): nothing was granted. */
const NEVER_GRANTED = sql`('already_subscribed', 'quote_expired', 'lapsed')`;

/** Posts held by accepted offers: each offer's own post and the posts offered in it. */
const ACCEPTED_HOLDS = sql`(
  select o.post_id, o.id as offer_id from offers o where o.state = 'accepted'
  union
  select i.post_id, o.id from offer_items i join offers o on o.id = i.offer_id where o.state = 'accepted'
)`;

export const INVARIANT_QUERIES: Record<InvariantCode, SQL> = {
  // Every balance is the sum of its ledger, and no ledger lacks its balance row.
  token_balance_ledger: sql`
    select coalesce(b.user_id, l.user_id) as id
    from token_balances b
    full join (select user_id, sum(delta)::bigint as total from token_ledger group by user_id) l on l.user_id = b.user_id
    where coalesce(b.balance, 0) <> coalesce(l.total, 0)`,
  // A paid checkout has exactly one tax invoice and, for tokens, exactly one credit; an unpaid one neither.
  checkout_granted_once: sql`
    select c.id from checkouts c
    where (case when c.status in ('paid', 'refunded') then 1 else 0 end)
        <> (select count(*) from receipts r where r.checkout_id = c.id and r.kind = 'payment')
      or (c.kind = 'tokens'
        and (case when c.status = 'paid' or (c.status = 'refunded' and coalesce(c.refund_reason, '') not in ${NEVER_GRANTED}) then 1 else 0 end)
          <> (select count(*) from token_ledger t where t.source_id = c.id and t.reason = 'purchase'))
      or (select count(*) from deliveries d where d.checkout_id = c.id) > 1
      or (select count(*) from receipts r where r.checkout_id = c.id and r.kind = 'refund') > (case when c.status = 'refunded' then 1 else 0 end)`,
  // An item is held by at most one accepted offer, and by its reservation.
  item_reserved_once: sql`
    select post_id as id from ${ACCEPTED_HOLDS} h group by post_id having count(distinct offer_id) > 1
    union
    select h.post_id from ${ACCEPTED_HOLDS} h
    where not exists (select 1 from post_reservations r where r.post_id = h.post_id and r.offer_id = h.offer_id)`,
  // An item waits in at most one chain that is still being unlocked.
  item_one_open_chain: sql`
    select m.gives_post_id as id from swap_chain_members m join swap_chains c on c.id = m.chain_id
    where c.state = 'found' or m.open
    group by m.gives_post_id having count(*) > 1`,
  // A committed chain has one accepted leg per member and no open member; any other has no leg.
  chain_whole: sql`
    select c.id from swap_chains c
    where (c.state = 'committed' and (
        exists (select 1 from swap_chain_members m
          left join offers o on o.id = m.offer_id and o.chain_id = c.id
          where m.chain_id = c.id and (o.id is null or m.open))
        or (select count(*) from offers o where o.chain_id = c.id)
          <> (select count(*) from swap_chain_members m where m.chain_id = c.id)))
      or (c.state <> 'committed' and exists (select 1 from offers o where o.chain_id = c.id))
      or (c.state <> 'found' and exists (select 1 from swap_chain_members m where m.chain_id = c.id and m.open))`,
  // Never more uses than allowed, and never more redemptions than uses counted.
  coupon_uses: sql`
    select c.code as id from coupons c
    where c.used_times > c.max_uses
      or (select count(*) from coupon_redemptions r where r.code = c.code) > c.used_times`,
  // A member without a subscription that day never swipes right more than the free allowance plus what they bought.
  free_swipes_allowance: sql`
    select s.user_id || ' ' || s.day as id from swipe_counts s
    left join swipe_extras e on e.user_id = s.user_id and e.day = s.day
    where s.rights > ${SWIPES_FREE_PER_DAY} + coalesce(e.extra, 0)
      and not exists (select 1 from subscriptions sub where sub.user_id = s.user_id
        and sub.created_at < ((s.day::date + 1)::timestamp at time zone 'Australia/Sydney')
        and sub.current_period_end > (s.day::date::timestamp at time zone 'Australia/Sydney'))`,
  // A mail goes out only through its one queue entry (mail_deliveries: one per mail, its primary
  // key), so it is sent once: no mail is marked sent without it, or both sent and given up. A
  // delivery the SMTP server took just before a crash is sent again with the same Message-ID (the
  // outbox id); the crash test counts those from the SMTP side (decision 0045).
  mail_once: sql`
    select m.id from mail_outbox m
    left join mail_deliveries d on d.mail_id = m.id
    where m.sent_at is not null and (d.mail_id is null or d.failed_at is not null)`,
  // At most one live (active or cancelled until its end) subscription per member.
  one_live_subscription: sql`
    select user_id as id from subscriptions where status in ('active', 'cancelled') group by user_id having count(*) > 1`,
  // Every stored message of a room is numbered 1…n without a hole (a lost write would leave one).
  chat_stored: sql`
    select room_id as id from messages group by room_id having count(*) <> max(seq) or min(seq) <> 1`,
};

const EXAMPLES = 5;

/** A list of ids as a one-column query (one text parameter, split in SQL). */
function idList(ids: string[]): SQL {
  return sql`(select x as id from unnest(string_to_array(${ids.join(',')}, ',')) as x)`;
}

export interface InvariantEvidence {
  /**
   * Chat message ids the server acknowledged to a client ('sent'), from a workload's log (the crash
   * test's): each must be stored. Without it, chat_stored checks the rooms' numbering only.
   */
  ackedMessageIds?: string[];
  /** Outbox mail ids as an SMTP server received them (Message-ID), one per delivery: none may repeat. */
  deliveredMailIds?: string[];
}

async function run(db: Tx, code: InvariantCode, query: SQL): Promise<InvariantResult> {
  const [row] = await rowsOf<{ n: number | string; ex: string[] | null }>(
    db,
    sql`select count(*) as n, (array_agg(v.id order by v.id))[1:${EXAMPLES}] as ex from (select distinct id from (${query}) q) v`,
  );
  return { code, violations: Number(row?.n ?? 0), examples: row?.ex ?? [] };
}

/** Runs every invariant's query (one after another, read only) and answers the report. */
export async function checkInvariants(db: Tx, now: Date, evidence: InvariantEvidence = {}): Promise<InvariantReport> {
  const items: InvariantResult[] = [];
  for (const [code, query] of Object.entries(INVARIANT_QUERIES) as Array<[InvariantCode, SQL]>) {
    let q = query;
    if (code === 'chat_stored' && evidence.ackedMessageIds?.length)
      q = sql`${query} union select a.id from ${idList(evidence.ackedMessageIds)} a where not exists (select 1 from messages m where m.id = a.id)`;
    const result = await run(db, code, q);
    if (code === 'mail_once' && evidence.deliveredMailIds?.length) {
      const seen = new Map<string, number>();
      for (const id of evidence.deliveredMailIds) seen.set(id, (seen.get(id) ?? 0) + 1);
      const twice = [...seen].filter(([, n]) => n > 1).map(([id]) => id);
      result.violations += twice.length;
      result.examples = [...result.examples, ...twice].slice(0, EXAMPLES);
    }
    items.push(result);
  }
  return { checkedAt: now.toISOString(), ok: items.every((i) => i.violations === 0), items };
}

/** One line per invariant: `ok   token_balance_ledger  0` or `FAIL coupon_uses  2  SPRING-1, …`. */
export function formatInvariantReport(report: InvariantReport): string {
  const width = Math.max(...report.items.map((i) => i.code.length));
  return report.items
    .map((i) =>
      `${i.violations === 0 ? 'ok  ' : 'FAIL'} ${i.code.padEnd(width)}  ${i.violations}${i.examples.length ? `  ${i.examples.join(', ')}` : ''}`.trimEnd(),
    )
    .join('\n');
}
