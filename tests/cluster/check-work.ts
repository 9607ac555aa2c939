// Check 5: background work happens once however many instances run it. Its material is made
// first (prepare, before the other checks), and judged last, once each piece has come due on both
// instances: offers past their expiry (pg-boss jobs and each instance's sweep), a campaign (each
// instance's 5-second sender), the Swap Assist weekly digest (each instance's first turn, 60 s
// after it started), a paid delivery (booked and tracked through pg-boss and each instance's
// sweep), a ring of likes (the chain finder), and every mail the run caused (each instance's relay
// and delivery worker). Counted in the database and at the SMTP sink.
import { sleep, until } from './cluster';
import type { Check, CheckResult } from './checks';
import { makeAdmin } from './check-accounts';
import { assisted, campaign, type Db, offers, paidDelivery, ring } from './work-setup';

type Prepared = {
  offers: Awaited<ReturnType<typeof offers>>;
  delivery: Awaited<ReturnType<typeof paidDelivery>>;
  campaign: Awaited<ReturnType<typeof campaign>>;
  assisted: Awaited<ReturnType<typeof assisted>>;
  ring: Awaited<ReturnType<typeof ring>>;
  preparedAt: number;
};

const count = async (db: Db, text: string, values: unknown[]) => Number((await db.query(text, values)).rows[0]?.n ?? 0);
/** Groups of rows by key with their counts: { key: n }. */
const groups = async (db: Db, text: string, values: unknown[]) =>
  Object.fromEntries((await db.query<{ k: string; n: number }>(text, values)).rows.map((r) => [r.k, Number(r.n)]));
const all = (g: Record<string, number>, n: number) => Object.values(g).every((v) => v === n);
const show = (g: Record<string, number>) => {
  const counts = Object.values(g);
  return counts.length ? `${counts.length} × ${[...new Set(counts)].join('/')}` : 'none';
};

let prepared: Prepared | null = null;

export const workCheck: Check = {
  id: 'work',
  name: 'work happens once: offer expiry, mail delivery, campaigns, the Swap Assist digest, delivery tracking, the chain finder',
  async prepare(cluster) {
    const db = await cluster.db();
    try {
      // The assisted listing first: the digest's first turn is 60 s after each instance started.
      const a = await assisted(db);
      const admin = await makeAdmin(cluster, 'campaigner');
      const [o, d, c, r] = [await offers(db, 6), await paidDelivery(db), await campaign(admin, 30), await ring(db)];
      // The offers are due now: both their pg-boss jobs and each instance's sweep may take them.
      await db.query(`update offers set expires_at = now() - interval '1 second' where id = any($1)`, [o.ids]);
      await db.query(
        `update pgboss.job set start_after = now() where name = 'offer-expire' and singleton_key = any($1) and state = 'created'`,
        [o.ids],
      );
      prepared = { offers: o, delivery: d, campaign: c, assisted: a, ring: r, preparedAt: Date.now() };
    } finally {
      await db.end();
    }
  },
  async run(cluster) {
    if (!prepared) throw new Error('the work check prepared nothing');
    const p = prepared;
    const db = await cluster.db();
    const figures: string[] = [];
    let ok = true;
    const judge = (good: boolean, figure: string) => {
      ok &&= good;
      figures.push(`${good ? 'ok  ' : 'FAIL'} ${figure}`);
    };
    try {
      // Offer expiry: expired once each; one expire event, one notification and one mail per party.
      await until(
        async () =>
          (await count(db, `select count(*) as n from offers where id = any($1) and state = 'expired'`, [p.offers.ids])) ===
          p.offers.ids.length,
        75_000,
        500,
      );
      await sleep(1000);
      const expired = await count(db, `select count(*) as n from offers where id = any($1) and state = 'expired'`, [p.offers.ids]);
      const events = await groups(
        db,
        `select offer_id as k, count(*) as n from offer_events where offer_id = any($1) and transition = 'expire' group by 1`,
        [p.offers.ids],
      );
      const notes = await groups(
        db,
        `select data->>'offerId' || ' ' || user_id as k, count(*) as n from notifications where kind = 'offer' and data->>'event' = 'expired' and data->>'offerId' = any($1) group by 1`,
        [p.offers.ids],
      );
      const offerMails = await groups(
        db,
        `select to_address as k, count(*) as n from mail_outbox where template = 'offer-expired' and lower(to_address) = any($1) group by 1`,
        [p.offers.people.map((m) => m.email.toLowerCase())],
      );
      judge(
        expired === p.offers.ids.length &&
          Object.keys(events).length === p.offers.ids.length &&
          all(events, 1) &&
          Object.keys(notes).length === 2 * p.offers.ids.length &&
          all(notes, 1) &&
          Object.keys(offerMails).length === 2 * p.offers.ids.length &&
          all(offerMails, 1),
        `offer expiry: ${expired} of ${p.offers.ids.length} offers expired; expire events ${show(events)}, notifications ${show(notes)}, mails ${show(offerMails)} (one each expected)`,
      );

      // Delivery: booked and tracked to the door, each step once in the timeline, told once to each party.
      await until(
        async () => (await count(db, `select count(*) as n from deliveries where id = $1 and state = 'delivered'`, [p.delivery.id])) === 1,
        60_000,
        500,
      );
      await sleep(1500);
      const state = (await db.query<{ state: string }>(`select state from deliveries where id = $1`, [p.delivery.id])).rows[0]?.state;
      const steps = await groups(
        db,
        `select state as k, count(*) as n from delivery_events where delivery_id = $1 group by 1 order by min(at)`,
        [p.delivery.id],
      );
      const told = await groups(
        db,
        `select data->>'event' || ' ' || user_id as k, count(*) as n from notifications where kind = 'delivery' and data->>'deliveryId' = $1 group by 1`,
        [p.delivery.id],
      );
      const deliveryMails = await groups(
        db,
        `select template || ' ' || to_address as k, count(*) as n from mail_outbox where template like 'delivery-%' and lower(to_address) = any($1) group by 1`,
        [p.delivery.people.map((m) => m.email.toLowerCase())],
      );
      judge(
        // Every step after the booking is told to both parties (the booking itself is the payment's).
        state === 'delivered' &&
          all(steps, 1) &&
          Object.keys(told).length === 2 * (Object.keys(steps).length - 1) &&
          all(told, 1) &&
          Object.keys(deliveryMails).length === Object.keys(told).length &&
          all(deliveryMails, 1),
        `delivery tracking: ${state}; steps ${Object.keys(steps).join(' → ')} (${show(steps)}); notifications ${show(told)}, mails ${show(deliveryMails)}`,
      );

      // Chains: the ring is proposed once; its members hear once; full searches never overlap.
      await until(
        async () => (await count(db, `select count(*) as n from swap_chain_members where gives_post_id = any($1)`, [p.ring.items])) >= 3,
        60_000,
        500,
      );
      await sleep(1500);
      const chains = await groups(
        db,
        `select chain_id as k, count(*) as n from swap_chain_members where gives_post_id = any($1) group by 1`,
        [p.ring.items],
      );
      const found = await groups(
        db,
        `select user_id as k, count(*) as n from notifications where kind = 'chain' and data->>'event' = 'found' and user_id = any($1) group by 1`,
        [p.ring.members.map((m) => m.id)],
      );
      const runs = [...cluster.apps.app1.kept, ...cluster.apps.app2.kept]
        .filter((l) => l.msg === 'swap chain search (full)')
        .map((l) => ({ instance: l.instance, end: Number(l.time ?? l.at), start: Number(l.time ?? l.at) - Number(l.ms ?? 0) }))
        .sort((x, y) => x.start - y.start);
      let overlaps = 0;
      for (let i = 1; i < runs.length; i++) if (runs[i]!.start < runs[i - 1]!.end) overlaps++;
      judge(
        Object.keys(chains).length === 1 &&
          all(chains, 3) &&
          Object.keys(found).length === 3 &&
          all(found, 1) &&
          overlaps === 0 &&
          runs.length > 0 &&
          // One leader searches (lib/leader.ts): every full search on one instance.
          new Set(runs.map((r) => r.instance)).size === 1,
        `chain finder: ${Object.keys(chains).length} chain of ${Object.values(chains).join('/')} for the ring; 'found' ${show(found)}; full searches ${runs.length} (${runs.map((r) => r.instance).join(', ')}), overlapping ${overlaps}`,
      );

      // Campaign: every recipient queued once; the campaign is sent.
      await until(
        async () => (await count(db, `select count(*) as n from mail_campaigns where id = $1 and state = 'sent'`, [p.campaign.id])) === 1,
        60_000,
        500,
      );
      const campaignState = (await db.query<{ state: string }>(`select state from mail_campaigns where id = $1`, [p.campaign.id])).rows[0]
        ?.state;
      const recipients = await groups(db, `select state as k, count(*) as n from campaign_recipients where campaign_id = $1 group by 1`, [
        p.campaign.id,
      ]);
      const campaignMails = await groups(
        db,
        `select lower(to_address) as k, count(*) as n from mail_outbox where template = 'campaign' and lower(to_address) = any($1) group by 1`,
        [p.campaign.emails],
      );
      const turns = [...cluster.apps.app1.kept, ...cluster.apps.app2.kept].filter(
        (l) => l.msg === 'campaign mails queued' && Number(l.queued) > 0,
      );
      judge(
        campaignState === 'sent' &&
          p.campaign.total === p.campaign.emails.length &&
          recipients.queued === p.campaign.emails.length &&
          Object.keys(campaignMails).length === p.campaign.emails.length &&
          all(campaignMails, 1),
        `campaign: ${campaignState}; ${p.campaign.total} recipients (${Object.entries(recipients)
          .map(([k, v]) => `${k} ${v}`)
          .join(
            ', ',
          )}); mails ${show(campaignMails)}; turns that queued: ${turns.map((t) => `${t.instance} ${String(t.queued)}`).join(', ') || 'none'}`,
      );

      // Swap Assist digest: both instances' first turn (60 s after each started) has come; one mail.
      const firstTurns = Math.max(...Object.values(cluster.apps).map((a) => a.readyAt)) + 60_000 + 3000;
      const waited = Math.max(0, firstTurns - Date.now());
      await sleep(waited);
      await until(
        async () =>
          (await count(db, `select count(*) as n from mail_outbox where template = 'assist-matches' and lower(to_address) = $1`, [
            p.assisted.owner.email.toLowerCase(),
          ])) > 0,
        10_000,
        500,
      );
      await sleep(1000);
      const digests = await count(db, `select count(*) as n from assist_digests where post_id = $1`, [p.assisted.post]);
      const digestMails = await count(
        db,
        `select count(*) as n from mail_outbox where template = 'assist-matches' and lower(to_address) = $1`,
        [p.assisted.owner.email.toLowerCase()],
      );
      const digestTurns = [...cluster.apps.app1.kept, ...cluster.apps.app2.kept].filter(
        (l) => l.msg === 'Swap Assist weekly emails queued',
      );
      const preparedBefore = p.preparedAt < Math.min(...Object.values(cluster.apps).map((a) => a.readyAt)) + 60_000;
      judge(
        digests === 1 && digestMails === 1 && preparedBefore,
        `Swap Assist digest: ${digestMails} mail for the assisted listing, ${digests} week recorded; turns that mailed: ${digestTurns.map((t) => `${t.instance} ${String(t.count)}`).join(', ') || 'none'}${preparedBefore ? '' : ' (the listing was ready only after the first turns: not due in this run)'} (waited ${(waited / 1000).toFixed(0)} s for both first turns)`,
      );

      // Mail: every mail of the run reaches the sink exactly once (per recipient: sent = received).
      await until(
        async () => (await count(db, `select count(*) as n from mail_outbox where sent_at is null and last_error is null`, [])) === 0,
        30_000,
        500,
      );
      await sleep(2000);
      const unsent = await count(db, `select count(*) as n from mail_outbox where sent_at is null`, []);
      const sent = await groups(
        db,
        `select lower(to_address) as k, count(*) as n from mail_outbox where sent_at is not null group by 1`,
        [],
      );
      const received: Record<string, number> = {};
      for (const m of cluster.mails) for (const to of m.to) received[to] = (received[to] ?? 0) + 1;
      const twice = Object.keys(received).filter((k) => received[k]! > (sent[k] ?? 0));
      const lost = Object.keys(sent).filter((k) => (received[k] ?? 0) < sent[k]!);
      const total = Object.values(sent).reduce((a, b) => a + b, 0);
      const deliveries = await count(db, `select count(*) as n from mail_deliveries`, []);
      judge(
        unsent === 0 && twice.length === 0 && lost.length === 0 && cluster.mails.length === total && deliveries === total,
        `mail delivery: ${total} mails sent to ${Object.keys(sent).length} addresses, ${cluster.mails.length} received by the sink, ${deliveries} delivery jobs; delivered twice ${twice.length}, missing ${lost.length}, unsent ${unsent}`,
      );
    } finally {
      await db.end();
    }
    return { ok, figures } satisfies CheckResult;
  },
};
