import { randomInt } from 'node:crypto';
import { type AnyColumn, count, desc, eq, sql } from 'drizzle-orm';
import { COUPON_CODE_PATTERN, type CouponType, couponFitsItem, couponGrant, normaliseCouponCode } from '@swapu/shared/coupons';
import type { Coupon, CouponCreateBody, CouponList, CouponRedeemBody, CouponRedeemed } from '@swapu/shared/money-api';
import type { Db, Tx } from '../../db/client';
import { couponRedemptions, coupons } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { recordAudit } from '../../lib/audit';
import { grantItemAssist, grantMemberAssist, ownPublishedItem } from '../assist/index';

/** Coupons (PRODUCT.md "Money features"; decision 0024). */

// No 0/O or 1/I: codes are read off a screen or paper and typed in.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;
export const generateCode = () => Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

type Row = typeof coupons.$inferSelect;
const view = (c: Row): Coupon => ({
  code: c.code,
  type: c.type as CouponType,
  usedTimes: c.usedTimes,
  maxUses: c.maxUses,
  expiresAt: c.expiresAt?.toISOString() ?? null,
  createdAt: c.createdAt.toISOString(),
  disabledAt: c.disabledAt?.toISOString() ?? null,
});

/**
 * An admin makes one code (their own, or a random one) or a batch of random ones, each usable by
 * `maxUses` members, optionally until `expiresAt`. Random codes that happen to exist already are
 * drawn again.
 */
export async function createCoupons(db: Db, adminId: string, body: CouponCreateBody, now: Date): Promise<Coupon[]> {
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw errors.badRequest('data_invalid', { expiresAt: 'data_invalid' });
  const base = { type: body.type, maxUses: body.maxUses, expiresAt, createdBy: adminId, createdAt: now };
  if (body.code !== undefined) {
    const code = normaliseCouponCode(body.code);
    if (!COUPON_CODE_PATTERN.test(code) || body.count !== 1) throw errors.badRequest('data_invalid', { code: 'data_invalid' });
    const made = await db
      .insert(coupons)
      .values({ ...base, code })
      .onConflictDoNothing()
      .returning();
    if (!made.length) throw errors.conflict('coupon_code_taken');
    return made.map(view);
  }
  const out: Row[] = [];
  for (let attempt = 0; out.length < body.count && attempt < 5; attempt++) {
    const codes = new Set<string>();
    while (codes.size < body.count - out.length) codes.add(generateCode());
    out.push(
      ...(await db
        .insert(coupons)
        .values([...codes].map((code) => ({ ...base, code })))
        .onConflictDoNothing()
        .returning()),
    );
  }
  return out.map(view);
}

/** The admin list: newest first (code, type, used times, created on). */
export async function listCoupons(db: Tx, q: { limit: number; offset: number }): Promise<CouponList> {
  const [rows, [total]] = await Promise.all([
    db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.code)).limit(q.limit).offset(q.offset),
    db.select({ n: count() }).from(coupons),
  ]);
  return { items: rows.map(view), total: total?.n ?? 0 };
}

/** A text column as a CSV field: quoted (its quotes doubled) only when it holds a quote, comma or line break. */
const csvText = (column: AnyColumn) =>
  sql`case when strpos(${column}, '"') > 0 or strpos(${column}, ',') > 0 or strpos(${column}, chr(10)) > 0 or strpos(${column}, chr(13)) > 0
    then '"' || replace(${column}, '"', '""') || '"' else ${column} end`;
/** A timestamp as JavaScript's toISOString() writes it (UTC, milliseconds), or empty. */
const csvTime = (column: AnyColumn) => sql`coalesce(to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '')`;
const CSV_HEADER = 'code,type,used_times,max_uses,expires_at,created_on,disabled_at';

/**
 * Every coupon as CSV (RFC 4180), newest first. The fields are codes of letters and digits, fixed
 * type names, numbers and ISO dates, so no field ever needs quoting; the writer still quotes one
 * that would. The database writes the rows as one text: an export of thousands of coupons is one
 * value to read back, not a row object and seven conversions for each (the fuzzing's admin made
 * 8,000, and the export was a fifth of its file's time).
 */
export async function couponsCsv(db: Tx): Promise<string> {
  const line = sql`concat_ws(',', ${csvText(coupons.code)}, ${csvText(coupons.type)}, ${coupons.usedTimes}::text, ${coupons.maxUses}::text,
    ${csvTime(coupons.expiresAt)}, ${csvTime(coupons.createdAt)}, ${csvTime(coupons.disabledAt)})`;
  const [result] = await db
    .select({ body: sql<string | null>`string_agg(${line}, chr(13) || chr(10) order by ${coupons.createdAt} desc, ${coupons.code} desc)` })
    .from(coupons);
  return `${CSV_HEADER}\r\n${result?.body ? `${result.body}\r\n` : ''}`;
}

/**
 * A member redeems a code, in one transaction: the coupon's use is counted by a conditional
 * update (only while it is unexpired, not disabled and not used up, so "used times" is exact however many
 * redeem at once), the member's one use is recorded (the primary key refuses a second), and the
 * Swap Assist is granted. An unknown, expired, used-up or already-used code is 'Code is Invalid or
 * Has been used'; a one-item coupon needs one of the member's published items that it fits. Any
 * refusal changes nothing.
 */
export async function redeemCoupon(db: Db, userId: string, body: CouponRedeemBody, now: Date): Promise<CouponRedeemed> {
  const code = normaliseCouponCode(body.code);
  const invalid = () => errors.badRequest('coupon_invalid', { code: 'coupon_invalid' });
  if (!COUPON_CODE_PATTERN.test(code)) throw invalid();
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(coupons)
      .set({ usedTimes: sql`${coupons.usedTimes} + 1` })
      .where(
        sql`${coupons.code} = ${code} and ${coupons.usedTimes} < ${coupons.maxUses}
          and (${coupons.expiresAt} is null or ${coupons.expiresAt} > ${now.toISOString()}::timestamptz)
          and ${coupons.disabledAt} is null
          and not exists (select 1 from coupon_redemptions r where r.code = ${code} and r.user_id = ${userId})`,
      )
      .returning({ type: coupons.type });
    if (!used) throw invalid();
    const mine = await tx
      .insert(couponRedemptions)
      .values({ code, userId, postId: body.postId ?? null, redeemedAt: now })
      .onConflictDoNothing()
      .returning({ code: couponRedemptions.code });
    // Two redemptions by one member at once: the second finds the first's row and is refused.
    if (!mine.length) throw invalid();
    const type = used.type as CouponType;
    const grant = couponGrant(type);
    if (grant.scope === 'member') {
      const { until } = await grantMemberAssist(tx, userId, grant.months, now);
      return { type, postId: null, until: until.toISOString() };
    }
    if (!body.postId) throw errors.badRequest('coupon_item_required', { postId: 'coupon_item_required' });
    const post = await ownPublishedItem(tx, userId, body.postId);
    if (!couponFitsItem(type, post.special)) throw errors.badRequest('coupon_item_special', { postId: 'coupon_item_special' });
    const { until } = await grantItemAssist(tx, body.postId, grant.months, now);
    return { type, postId: body.postId, until: until.toISOString() };
  });
}

/**
 * An admin disables a code (it redeems no more; the uses already made stand) or enables it again,
 * with its audit row in the same transaction. Disabling a disabled code keeps its first date.
 */
export async function setCouponDisabled(db: Db, adminId: string, rawCode: string, disabled: boolean, now: Date): Promise<Coupon> {
  const code = normaliseCouponCode(rawCode);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update');
    if (!before) throw errors.notFound();
    const [after] = await tx
      .update(coupons)
      .set({ disabledAt: disabled ? (before.disabledAt ?? now) : null })
      .where(eq(coupons.code, code))
      .returning();
    await recordAudit(
      tx,
      {
        actorId: adminId,
        action: disabled ? 'coupon.disable' : 'coupon.enable',
        targetType: 'coupon',
        targetId: code,
        before: { disabledAt: before.disabledAt?.toISOString() ?? null },
        after: { disabledAt: after!.disabledAt?.toISOString() ?? null },
      },
      now,
    );
    return view(after!);
  });
}
