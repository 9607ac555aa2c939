import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { App } from '../../lib/context';
import { changedRows, rowsOf } from '../../lib/sql-rows';
import type { PushConfig } from '../../lib/vapid';
import { isPushedKind, PUSHED_KINDS, type PushedKind } from './push-outbox';
import { type PushResult, sendPush } from './push-sender';
import { pushPayload } from './push-texts';

export interface PushDeps {
  database: Database;
  clock: Clock;
  push: PushConfig;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** Sends one push (push-sender.ts; a test may count or fail them). */
  send?: typeof sendPush;
}

/** Rows claimed per turn, and how long a claim holds (a worker that dies mid-send frees its rows after it). */
const BATCH = 50;
const LEASE_MS = 60_000;
/** Attempts before a push is given up, the first retry's wait (doubling), and the age past which it is not sent at all. */
export const PUSH_MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 30_000;
export const PUSH_MAX_AGE_MS = 3_600_000;
/** Finished rows are kept this long (what was pushed, for support), then deleted. */
const KEEP_DONE_MS = 7 * 86_400_000;
/** Pushes sent at once by one worker. */
const PARALLEL = 8;

interface Due {
  id: string;
  subscription_id: string;
  kind: string;
  data: Record<string, string>;
  link: string;
  created_at: string;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The device is still this member's, the member still here and not banned. */
  deliverable: boolean;
  language: string;
  messages: boolean;
  offers: boolean;
  matches: boolean;
  chains: boolean;
  /** A chat message's: its seq, body and sender, and how far the recipient has read the room. */
  seq: number | null;
  body: string | null;
  sender_name: string | null;
  seen_seq: number | null;
  last_seq: number | null;
}

export interface PushRun {
  claimed: number;
  sent: number;
  /** Not sent: the member saw it first, switched the kind off, a newer message of the room replaced it, or it is too old. */
  skipped: number;
  retried: number;
  failed: number;
  /** Devices removed because their push service said they are gone. */
  gone: number;
}

type Outcome = { id: string } & ({ done: 'sent' | 'seen' | 'off' | 'expired' | 'replaced' | 'failed'; error?: string } | { retry: string });

/** Why a claimed push is not sent, or null to send it. */
function skipReason(d: Due, now: Date): 'seen' | 'off' | 'expired' | null {
  if (!d.deliverable || !isPushedKind(d.kind) || !d[PUSHED_KINDS[d.kind]]) return 'off';
  if (now.getTime() - new Date(d.created_at).getTime() > PUSH_MAX_AGE_MS) return 'expired';
  if (d.kind === 'message') {
    if (d.seq === null) return 'off';
    // Looking at the room, the member has marked the message seen within the grace (decision 0053).
    if ((d.seen_seq ?? 0) >= d.seq) return 'seen';
  }
  return null;
}

/**
 * One turn of the push worker, on whichever instance runs it: claims due pushes (FOR UPDATE SKIP
 * LOCKED, then a lease, so two instances never hold one), reads what each needs, sends those still
 * wanted and records every outcome. A push service's 404 or 410 removes the device (and what was
 * queued for it); 429, 5xx and network errors retry with a doubling wait.
 */
export async function deliverDuePushes(deps: PushDeps): Promise<PushRun> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const at = now.toISOString();
  const claimed = await rowsOf<{ id: string }>(
    db,
    sql`update push_outbox o set claimed_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz, attempts = o.attempts + 1
        where o.id in (select id from push_outbox where done_at is null and due_at <= ${at}::timestamptz
                         and (claimed_until is null or claimed_until <= ${at}::timestamptz)
                       order by due_at limit ${BATCH} for update skip locked)
        returning o.id`,
  );
  const run: PushRun = { claimed: claimed.length, sent: 0, skipped: 0, retried: 0, failed: 0, gone: 0 };
  if (claimed.length === 0) return run;
  const due = await rowsOf<Due>(
    db,
    sql`select o.id, o.subscription_id, o.kind, o.data, o.link, o.created_at, o.attempts, s.endpoint, s.p256dh, s.auth,
          (s.user_id = o.user_id and u.deleted_at is null and not u.banned) as deliverable, u.language,
          coalesce(pp.messages, true) as messages, coalesce(pp.offers, true) as offers,
          coalesce(pp.matches, true) as matches, coalesce(pp.chains, true) as chains,
          m.seq, m.body, sender.display_name as sender_name, rr.seen_seq, r.last_seq
        from push_outbox o
        join push_subscriptions s on s.id = o.subscription_id
        join users u on u.id = o.user_id
        left join push_preferences pp on pp.user_id = o.user_id
        left join messages m on o.kind = 'message' and m.id = o.data->>'messageId'
        left join users sender on sender.id = m.sender_id
        left join rooms r on r.id = m.room_id
        left join room_reads rr on rr.room_id = m.room_id and rr.user_id = o.user_id
        where o.id in (${sql.join(
          claimed.map((c) => sql`${c.id}`),
          sql`, `,
        )})`,
  );
  const send = deps.send ?? sendPush;
  const outcomes: Outcome[] = [];
  // Several messages of one room due for one device at once: only the newest is sent (it says how
  // many are unread); the device would show only the last anyway (one tag per room).
  const newest = new Map<string, number>();
  for (const d of due)
    if (d.kind === 'message' && d.seq !== null) {
      const key = `${d.subscription_id} ${d.data.roomId}`;
      newest.set(key, Math.max(newest.get(key) ?? 0, Number(d.seq)));
    }
  const goneDevices = new Map<string, string>();
  const usedDevices = new Set<string>();
  const one = async (d: Due) => {
    const skip = skipReason(d, now);
    if (skip) return outcomes.push({ id: d.id, done: skip });
    if (d.kind === 'message' && Number(d.seq) < newest.get(`${d.subscription_id} ${d.data.roomId}`)!)
      return outcomes.push({ id: d.id, done: 'replaced' });
    const kind = d.kind as PushedKind;
    const unread = Math.max(1, Number(d.last_seq ?? 0) - Number(d.seen_seq ?? 0));
    const payload = pushPayload(d.language, kind, d.data, d.link, {
      senderName: d.sender_name ?? '',
      body: d.body ?? '',
      unread,
    });
    let result: PushResult;
    try {
      result = await send(d, payload, deps.push);
    } catch (err) {
      result = { status: 'failed', error: err instanceof Error ? err.message : String(err) };
    }
    if (result.status === 'sent') {
      usedDevices.add(d.subscription_id);
      return outcomes.push({ id: d.id, done: 'sent' });
    }
    if (result.status === 'gone') {
      goneDevices.set(d.subscription_id, d.endpoint);
      return outcomes.push({ id: d.id, done: 'failed', error: result.error });
    }
    if (result.status === 'retry' && Number(d.attempts) < PUSH_MAX_ATTEMPTS) return outcomes.push({ id: d.id, retry: result.error });
    deps.log.warn({ pushId: d.id, attempts: d.attempts, err: result.error }, 'push delivery failed');
    return outcomes.push({ id: d.id, done: 'failed', error: result.error });
  };
  for (let i = 0; i < due.length; i += PARALLEL) await Promise.all(due.slice(i, i + PARALLEL).map(one));
  // Claimed rows whose device went away meanwhile (deleted with it) are simply gone.
  for (const o of outcomes) {
    if ('retry' in o) {
      const attempts = Number(due.find((d) => d.id === o.id)!.attempts);
      const wait = RETRY_BASE_MS * 2 ** (attempts - 1);
      await db.execute(
        sql`update push_outbox set claimed_until = null, due_at = ${new Date(now.getTime() + wait).toISOString()}::timestamptz,
              last_error = ${o.retry.slice(0, 1000)} where id = ${o.id}`,
      );
      run.retried++;
    } else {
      await db.execute(
        sql`update push_outbox set claimed_until = null, done_at = ${at}::timestamptz, outcome = ${o.done},
              last_error = ${o.error?.slice(0, 1000) ?? null} where id = ${o.id}`,
      );
      if (o.done === 'sent') run.sent++;
      else if (o.done === 'failed') run.failed++;
      else run.skipped++;
    }
  }
  if (usedDevices.size)
    await db.execute(
      sql`update push_subscriptions set used_at = ${at}::timestamptz where id in (${sql.join(
        [...usedDevices].map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  for (const [id, endpoint] of goneDevices) {
    // Only if it is still that endpoint's row: the device may have subscribed again meanwhile.
    run.gone += await changedRows(db, sql`delete from push_subscriptions where id = ${id} and endpoint = ${endpoint}`);
  }
  return run;
}

/** Deletes finished pushes older than a week. */
export async function sweepPushOutbox(database: Database, now: Date): Promise<number> {
  return changedRows(
    database.db,
    sql`delete from push_outbox where done_at is not null and done_at < ${new Date(now.getTime() - KEEP_DONE_MS).toISOString()}::timestamptz`,
  );
}

/** How often each instance looks for due pushes (a chat message's grace is 3 s: a push arrives 3–4 s after it). */
export const PUSH_POLL_MS = 1000;

/**
 * Runs the push worker while the app runs (every instance: the claims keep them apart), and the
 * weekly sweep of finished rows hourly. Closing waits for a turn in flight.
 */
export function attachPushWorker(app: App) {
  const deps: PushDeps = { database: app.ctx.database, clock: app.ctx.clock, push: app.ctx.config.push, log: app.log };
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let lastSweep = 0;
  const turn = async () => {
    let full = false;
    try {
      const run = await deliverDuePushes(deps);
      full = run.claimed === BATCH;
      if (Date.now() - lastSweep > 3_600_000) {
        lastSweep = Date.now();
        await sweepPushOutbox(deps.database, deps.clock.now());
      }
    } catch (err) {
      app.log.warn({ err }, 'push delivery turn failed');
    }
    // A full batch means more are due: the next turn at once.
    if (!stopped) timer = setTimeout(() => (running = turn()), full ? 0 : PUSH_POLL_MS).unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(() => (running = turn()), PUSH_POLL_MS).unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
