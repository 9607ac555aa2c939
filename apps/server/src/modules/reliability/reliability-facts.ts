import { sql } from 'drizzle-orm';
import { DELIVERY_ON_TIME_DAYS, REPLY_WAIT_CAP_SECONDS, type ReliabilityFacts } from '@swapu/shared/reliability';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../lib/sql-rows';

interface FactsRow {
  id: string;
  verified: boolean;
  age_days: number;
  completed: number;
  cancelled: number;
  reply_n: number;
  reply_median: number | null;
  booked: number;
  on_time: number;
  reviews_n: number;
  reviews_avg: number | null;
}

/**
 * The reliability facts of a batch of members, in one statement (decision 0052). Every part starts
 * from the members' ids through an index: their offers on each side (offers_offerer_idx,
 * offers_owner_idx), the reviews they received (reviews_reviewee_idx), deliveries they sent or
 * received (deliveries_sender_idx, deliveries_receiver_idx), their rooms (rooms_pair_uq,
 * rooms_user_b_idx) and each room's messages in order (messages_room_seq_uq).
 * - Cancelled after acceptance: a swap they were a party to, accepted at some point, that ended in
 *   neither completion nor dispute, where the last move was theirs, or an admin cancelled the
 *   dispute the other party had reported about them.
 * - First replies: in each room, the other person's first message (not one the scam rules flagged,
 *   and not from someone they blocked) to their next message. Unanswered, it counts as
 *   REPLY_WAIT_CAP_SECONDS once that has passed, and not at all before; every wait is capped there.
 * - Deliveries: those they paid for (the 'booking' event), not failed or cancelled; on time when paid
 *   within DELIVERY_ON_TIME_DAYS of the swap's acceptance.
 * Members that do not exist are absent from the map.
 */
export async function reliabilityFacts(db: Tx, ids: string[], now: Date): Promise<Map<string, ReliabilityFacts>> {
  const out = new Map<string, ReliabilityFacts>();
  if (!ids.length) return out;
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await rowsOf<FactsRow>(
    db,
    sql`with m as (
        select u.id, u.email_verified_at is not null as verified,
          greatest(0, floor(extract(epoch from (${at} - u.created_at)) / 86400))::int as age_days
        from users u where u.id in ${ids}
      ),
      sides as (
        select o.offerer_id as uid, o.id, o.state from offers o where o.offerer_id in ${ids}
        union all
        select o.owner_id, o.id, o.state from offers o where o.owner_id in ${ids}
      ),
      completed as (select uid, count(*)::int as n from sides where state = 'completed' group by uid),
      ended as (
        select s.uid, s.id from sides s
        where s.state not in ('pending', 'accepted', 'completed', 'disputed')
          and exists (select 1 from offer_events a where a.offer_id = s.id and a.to_state = 'accepted')
      ),
      cancelled as (
        select e.uid, count(*)::int as n from ended e
        cross join lateral (select l.actor_id, l.transition from offer_events l where l.offer_id = e.id order by l.seq desc limit 1) last
        where last.actor_id = e.uid
          or (last.transition = 'admin_cancel'
            and exists (select 1 from offer_events r where r.offer_id = e.id and r.transition = 'report_problem' and r.actor_id <> e.uid)
            and not exists (select 1 from offer_events r where r.offer_id = e.id and r.transition = 'report_problem' and r.actor_id = e.uid))
        group by e.uid
      ),
      rev as (
        select reviewee_id as uid, count(*)::int as n, avg(stars)::float8 as avg from reviews where reviewee_id in ${ids} group by 1
      ),
      paid as (
        select d.booked_by as uid,
          coalesce((select min(e.at) from delivery_events e where e.delivery_id = d.id and e.state = 'booking'), d.booked_at) as paid_at,
          (select min(a.created_at) from offer_events a where a.offer_id = d.offer_id and a.to_state = 'accepted') as accepted_at
        from deliveries d
        where (d.sender_id in ${ids} or d.receiver_id in ${ids}) and d.booked_by in ${ids} and d.state not in ('failed', 'cancelled')
      ),
      deliv as (
        select uid, count(*)::int as booked,
          count(*) filter (where paid_at <= accepted_at + ${`${DELIVERY_ON_TIME_DAYS} days`}::interval)::int as on_time
        from paid where paid_at is not null group by uid
      ),
      conv as (
        select r.id as room_id, r.user_a as uid, r.user_b as other from rooms r where r.user_a in ${ids}
        union all
        select r.id, r.user_b, r.user_a from rooms r where r.user_b in ${ids}
      ),
      asked as (
        select c.uid, c.room_id, f.seq, f.created_at as asked_at
        from conv c
        cross join lateral (
          select x.seq, x.created_at, cardinality(x.warnings) > 0 as flagged from messages x
          where x.room_id = c.room_id and x.sender_id = c.other order by x.seq limit 1
        ) f
        where not f.flagged
          and not exists (select 1 from user_blocks b where b.blocker_id = c.uid and b.blocked_id = c.other)
      ),
      waits as (
        select a.uid, y.created_at as replied_at, a.asked_at,
          least(extract(epoch from (coalesce(y.created_at, ${at}) - a.asked_at)), ${REPLY_WAIT_CAP_SECONDS})::float8 as secs
        from asked a
        left join lateral (
          select y.created_at from messages y where y.room_id = a.room_id and y.sender_id = a.uid and y.seq > a.seq order by y.seq limit 1
        ) y on true
      ),
      replies as (
        select uid, count(*)::int as n, round(percentile_cont(0.5) within group (order by secs))::int as median
        from waits where replied_at is not null or asked_at <= ${at} - ${`${REPLY_WAIT_CAP_SECONDS} seconds`}::interval
        group by uid
      )
    select m.id, m.verified, m.age_days,
      coalesce(c.n, 0) as completed, coalesce(x.n, 0) as cancelled,
      coalesce(rp.n, 0) as reply_n, rp.median as reply_median,
      coalesce(d.booked, 0) as booked, coalesce(d.on_time, 0) as on_time,
      coalesce(rv.n, 0) as reviews_n, rv.avg as reviews_avg
    from m
      left join completed c on c.uid = m.id
      left join cancelled x on x.uid = m.id
      left join replies rp on rp.uid = m.id
      left join deliv d on d.uid = m.id
      left join rev rv on rv.uid = m.id`,
  );
  for (const r of rows)
    out.set(r.id, {
      swapsCompleted: Number(r.completed),
      cancelledAfterAccept: Number(r.cancelled),
      replyConversations: Number(r.reply_n),
      medianReplySeconds: r.reply_median === null ? null : Number(r.reply_median),
      deliveriesBooked: Number(r.booked),
      deliveriesOnTime: Number(r.on_time),
      reviewsCount: Number(r.reviews_n),
      reviewsAverage: r.reviews_avg === null ? null : Math.round(Number(r.reviews_avg) * 100) / 100,
      accountAgeDays: Number(r.age_days),
      emailVerified: !!r.verified,
    });
  return out;
}
