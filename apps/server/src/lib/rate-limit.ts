import { sql } from 'drizzle-orm';
import { SEND_LIMIT } from '@swapu/shared/chat';
import type { Tx } from '../db/client';
import { rateLimits } from '../db/schema/index';
import { errors } from './errors';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The limits on what costs us or others (docs/decisions/0012). Generous enough that a person
 * using SwapU normally never meets one; each counts per member (or per IP before sign-up) in a
 * fixed window shared by every server instance, in the database.
 */
export const RATE_LIMITS = {
  /** New accounts per IP (Firebase's own default quota). */
  signUp: { windowMs: HOUR, max: 100 },
  /** Verification mails an account can ask for again. */
  verificationMail: { windowMs: HOUR, max: 3 },
  /** New offers and counter-offers per member. */
  offer: { windowMs: HOUR, max: 30 },
  /** Rooms opened (a new one, or finding the existing one) per member. */
  roomCreate: { windowMs: HOUR, max: 60 },
  /** Chat messages per member (a burst of 20 in 10 seconds; counted inside the send statement). */
  chatSend: { windowMs: SEND_LIMIT.windowMs, max: SEND_LIMIT.count },
  /** Checkouts started and local payments tried per member (a card-testing brake). */
  checkout: { windowMs: HOUR, max: 60 },
  // A delivery quote asks the courier: a member may re-quote as they fix the form, not hammer it.
  delivery_order: { windowMs: HOUR, max: 60 },
  /** Courier quotes the delivery calculator asks for per IP (guests too; answers from its cache are free). */
  deliveryQuote: { windowMs: HOUR, max: 60 },
  /** Coupon redemptions: enough for a person, too few to guess codes. */
  coupon: { windowMs: HOUR, max: 20 },
  /** Reports of posts or members per member. */
  report: { windowMs: DAY, max: 20 },
  /** Messages to the SwapU team per member. */
  supportMessage: { windowMs: HOUR, max: 30 },
  /** Photo, avatar and banner uploads per member. */
  upload: { windowMs: HOUR, max: 120 },
  /** Attempts to turn two-factor authentication off (each checks a code) per member. */
  twoFactorDisable: { windowMs: 15 * MINUTE, max: 5 },
  /** Account deletion attempts (each checks the password) per member. */
  accountDelete: { windowMs: HOUR, max: 5 },
  /** Campaign test mails an admin sends to their own address. */
  campaignTest: { windowMs: HOUR, max: 20 },
} as const satisfies Record<string, { windowMs: number; max: number }>;
export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Counts one request against a named limit for `subject` (a member id or an IP) and refuses it
 * with 429 'rate_limited' and the seconds until the window opens again once over the limit. One
 * atomic upsert: however many requests arrive together, only `max` get through.
 */
export async function enforce(db: Tx, name: RateLimitName, subject: string, now: Date): Promise<void> {
  const { windowMs, max } = RATE_LIMITS[name];
  const { count, windowStart } = await hitWindow(db, `${name}:${subject}`, windowMs, now);
  if (count > max) throw errors.tooMany('rate_limited', (windowStart.getTime() + windowMs - now.getTime()) / 1000);
}

/** Like enforce, for a limit defined where it is used (a key and its own window and maximum). */
export async function overLimit(db: Tx, key: string, windowMs: number, max: number, now: Date): Promise<void> {
  const { count, windowStart } = await hitWindow(db, key, windowMs, now);
  if (count > max) throw errors.tooMany('rate_limited', (windowStart.getTime() + windowMs - now.getTime()) / 1000);
}

/** Counts `by` hits (one unless said) on `key` and returns the count and the start of the current window. */
export async function hitWindow(db: Tx, key: string, windowMs: number, now: Date, by = 1): Promise<{ count: number; windowStart: Date }> {
  const windowStart = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: by })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowStart.toISOString()}::timestamptz then ${by}::integer else ${rateLimits.count} + ${by}::integer end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  return { count: row?.count ?? by, windowStart: row?.windowStart ?? now };
}

/**
 * Counts one hit on `key` in a fixed window and returns the count in the current window. The
 * counter lives in the database, so every server instance shares it.
 */
export async function hit(db: Tx, key: string, windowMs: number, now: Date): Promise<number> {
  return (await hitWindow(db, key, windowMs, now)).count;
}

/** The current count without adding a hit. */
export async function peek(db: Tx, key: string, windowMs: number, now: Date): Promise<number> {
  const rows = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`);
  const row = rows[0];
  if (!row || row.windowStart.getTime() <= now.getTime() - windowMs) return 0;
  return row.count;
}

export async function reset(db: Tx, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/**
 * Takes back one hit counted in the current window (an attempt counted up front that turned out
 * not to be what the limit counts, such as a sign-in whose password was right). One conditional
 * update; never below zero, never into a window that has since started again.
 */
export async function takeBack(db: Tx, key: string, windowMs: number, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - windowMs);
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} > ${windowStart.toISOString()}::timestamptz`);
}

/** Records that `key` was seen now (its window starts again now): peek(key, windowMs) > 0 for windowMs. */
export async function touch(db: Tx, key: string, now: Date): Promise<void> {
  await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({ target: rateLimits.key, set: { windowStart: now, count: 1 } });
}

/**
 * How long a counter is kept after its window started: longer than any window (the longest, an
 * address an account signed in from, is 30 days). Older rows count for nothing and are swept.
 */
export const RATE_LIMIT_KEEP_MS = 31 * DAY;

/**
 * Deletes the counters whose window started more than RATE_LIMIT_KEEP_MS ago: every key an address
 * or member ever used would otherwise stay for good. Idempotent, so any number of instances may run it.
 */
export async function sweepRateLimits(db: Tx, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - RATE_LIMIT_KEEP_MS).toISOString();
  const gone = await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < ${cutoff}::timestamptz`)
    .returning({ key: rateLimits.key });
  return gone.length;
}
