import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { STRICTLY_NECESSARY_EVENTS, type AnalyticsEventName, type EventBatch } from '@swapu/shared/analytics';
import type { Tx } from '../../db/client';
import { newId } from '../../lib/ids';
import { hitWindow } from '../../lib/rate-limit';

/**
 * Storing analytics events (issue 20, decision 0029). A batch is one multi-row insert, in the
 * database before the request is answered. Events carry no personal data: the browser's random
 * session id, and a signed-in member only as a salted hash (HMAC with a server secret, so the
 * table alone cannot be joined back to members).
 */

/** A member's id as analytics keep it: HMAC-SHA256 under the server's secret, 128 bits, base64url. */
export function memberHash(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`analytics-member:${userId}`).digest('base64url').slice(0, 22);
}

/**
 * Events stored per day from one IP and from one member, whatever session id a batch brings (a
 * client picks its own). Over a cap a batch is answered as usual and its excess dropped
 * (decision 0029).
 */
export const EVENT_DAILY_CAPS = { windowMs: 24 * 3600_000, perIp: 20_000, perMember: 2_000 } as const;
/** The rate_limits rows counting them. */
export const eventCapKeys = { ip: (ip: string) => `events:ip:${ip}`, member: (userId: string) => `events:member:${userId}` };

/** Client clocks drift: an event is dated when the client says, but never in the future or more than a day back. */
const MAX_AGE_MS = 24 * 3600_000;
export function eventTime(at: string, now: Date): Date {
  const t = Date.parse(at);
  if (!Number.isFinite(t) || t > now.getTime() || t < now.getTime() - MAX_AGE_MS) return now;
  return new Date(t);
}

export interface StoredEvent {
  name: string;
  sessionId: string | null;
  userHash: string | null;
  path: string | null;
  props: Record<string, unknown>;
  at: Date;
}

/** Appends events (one statement). */
export async function storeEvents(db: Tx, events: StoredEvent[], now: Date): Promise<void> {
  if (events.length === 0) return;
  const received = now.toISOString();
  const rows = events.map(
    (e) =>
      sql`(${newId()}, ${e.name}, ${e.sessionId}, ${e.userHash}, ${e.path}, ${JSON.stringify(e.props)}::jsonb, ${e.at.toISOString()}::timestamptz, ${received}::timestamptz)`,
  );
  await db.execute(
    sql`insert into analytics_events (id, name, session_id, user_hash, path, props, created_at, received_at) values ${sql.join(rows, sql`, `)}`,
  );
}

/**
 * How many of `wanted` events the day's caps still allow: the member's first (when signed in),
 * then the IP's for what the member's left. Each counter is one atomic upsert that adds the
 * events and returns the new total, so batches arriving together share out exactly what is left.
 */
async function allowedToday(db: Tx, wanted: number, who: { ip: string; userId: string | null }, now: Date): Promise<number> {
  const { windowMs, perIp, perMember } = EVENT_DAILY_CAPS;
  const take = async (key: string, cap: number, n: number) => {
    if (n === 0) return 0;
    const { count } = await hitWindow(db, key, windowMs, now, n);
    return Math.max(0, Math.min(n, cap - (count - n)));
  };
  const memberLeft = who.userId ? await take(eventCapKeys.member(who.userId), perMember, wanted) : wanted;
  return take(eventCapKeys.ip(who.ip), perIp, memberLeft);
}

/**
 * A batch from the web app, already validated by EventBatchSchema. With Do-Not-Track or Global
 * Privacy Control only the strictly necessary events are kept, and without a member hash. Over
 * the day's caps the rest is dropped; returns how many were stored.
 */
export async function ingestBatch(
  db: Tx,
  batch: EventBatch,
  opts: { userHash: string | null; doNotTrack: boolean; now: Date; ip: string; userId: string | null },
): Promise<number> {
  const wanted = opts.doNotTrack
    ? batch.events.filter((e) => STRICTLY_NECESSARY_EVENTS.includes(e.name as AnalyticsEventName))
    : batch.events;
  const kept = wanted.slice(0, await allowedToday(db, wanted.length, opts, opts.now));
  await storeEvents(
    db,
    kept.map((e) => ({
      name: e.name,
      sessionId: batch.sessionId,
      userHash: opts.doNotTrack ? null : opts.userHash,
      path: e.path,
      props: e.props,
      at: eventTime(e.at, opts.now),
    })),
    opts.now,
  );
  return kept.length;
}
