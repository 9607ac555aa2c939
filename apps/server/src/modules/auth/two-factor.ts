import { randomBytes } from 'node:crypto';
import { verify as verifyHash } from '@node-rs/argon2';
import { hashPassword, type PasswordHashing } from '../../lib/passwords';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError, errors } from '../../lib/errors';
import { qrCodes } from '../../lib/lazy-module';
import { isSealed, type SecretBox } from '../../lib/secret-box';

export const RECOVERY_CODE_COUNT = 8;
const TOTP_PERIOD_SECONDS = 30;
const SECRET_PURPOSE = 'users.totp_secret';
const epochOf = (now: Date) => Math.floor(now.getTime() / 1000);

/** The current code for a secret (used by tests and by the e2e helper). */
export const totpCode = (secret: string, now: Date) => generate({ secret, epoch: epochOf(now) });

/**
 * The time step a code is valid for now (one 30-second step of clock drift allowed either way),
 * or null. The caller must still claim the step (claimTimeStep) so the code works once.
 */
export async function totpTimeStep(secret: string, code: string, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({ secret, token: code, epoch: epochOf(now), epochTolerance: TOTP_PERIOD_SECONDS });
    if (!result.valid) return null;
    return Math.floor(epochOf(now) / TOTP_PERIOD_SECONDS) + result.delta;
  } catch {
    return null;
  }
}

/** The plain TOTP secret of a stored value (sealed at rest; a plain value from before sealing is read as is). */
export function openTotpSecret(box: SecretBox, stored: string | null): string | null {
  if (!stored) return null;
  return isSealed(stored) ? box.open(stored, SECRET_PURPOSE) : stored;
}

/**
 * Starts enrolment: stores a fresh secret (sealed, not yet enabled) and returns it with an
 * otpauth URI and a QR code for authenticator apps. Enabling needs a first valid code.
 */
export async function setupTwoFactor(db: Tx, box: SecretBox, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw errors.notFound();
  if (user.totpEnabledAt) throw new AppError(409, 'two_factor_already_enabled');
  const secret = generateSecret();
  await db
    .update(users)
    .set({ totpSecret: box.seal(secret, SECRET_PURPOSE), totpLastStep: null })
    .where(eq(users.id, userId));
  const otpauthUrl = generateURI({ issuer: 'SwapU', label: user.email, secret });
  const qrDataUrl = await qrCodes().toDataURL(otpauthUrl, { margin: 1, width: 240 });
  return { secret, otpauthUrl, qrDataUrl };
}

/**
 * Records that a time step's code has been used; false when it (or a later one) already was.
 * One conditional update, so of two requests with the same code only one gets through.
 */
async function claimTimeStep(db: Tx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Confirms enrolment with a code and hands out one-time recovery codes (shown once). */
export async function enableTwoFactor(db: Tx, box: SecretBox, userId: string, code: string, now: Date, hashing?: PasswordHashing) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const secret = openTotpSecret(box, user?.totpSecret ?? null);
  if (!user || !secret) throw new AppError(400, 'two_factor_code_invalid');
  if (user.totpEnabledAt) throw new AppError(409, 'two_factor_already_enabled');
  const step = await totpTimeStep(secret, code, now);
  if (step === null || !(await claimTimeStep(db, userId, step))) throw new AppError(400, 'two_factor_code_invalid');
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    randomBytes(5)
      .toString('hex')
      .replace(/(.{5})/, '$1-'),
  );
  const hashes = await Promise.all(recoveryCodes.map((c) => hashPassword(c, hashing)));
  await db.update(users).set({ totpEnabledAt: now, totpRecoveryHashes: hashes }).where(eq(users.id, userId));
  return { recoveryCodes };
}

/** Turning 2FA off needs a current code (or a recovery code). */
export async function disableTwoFactor(db: Tx, box: SecretBox, userId: string, code: string, now: Date) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.totpEnabledAt || !user.totpSecret) throw new AppError(400, 'two_factor_code_invalid');
  if (!(await secondFactorOk(db, box, user, code, now))) throw new AppError(400, 'two_factor_code_invalid');
  await db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpRecoveryHashes: [], totpLastStep: null })
    .where(eq(users.id, userId));
}

/**
 * Checks a second factor: a current TOTP code not used before (its time step is claimed), or an
 * unused recovery code, spent by a conditional update so two concurrent requests cannot both
 * spend it.
 */
export async function secondFactorOk(
  db: Tx,
  box: SecretBox,
  user: { id: string; totpSecret: string | null; totpRecoveryHashes: string[] },
  code: string,
  now: Date,
): Promise<boolean> {
  const trimmed = code.trim().toLowerCase();
  const secret = openTotpSecret(box, user.totpSecret);
  if (secret) {
    const step = await totpTimeStep(secret, trimmed, now);
    if (step !== null) return claimTimeStep(db, user.id, step);
  }
  for (const h of user.totpRecoveryHashes) {
    if (await verifyHash(h, trimmed).catch(() => false)) {
      const spent = await db
        .update(users)
        .set({ totpRecoveryHashes: sql`array_remove(${users.totpRecoveryHashes}, ${h})` })
        .where(and(eq(users.id, user.id), sql`${h} = any(${users.totpRecoveryHashes})`))
        .returning({ id: users.id });
      return spent.length > 0;
    }
  }
  return false;
}
