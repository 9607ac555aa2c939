import { randomBytes } from 'node:crypto';
import { hash, verify as verifyHash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError, errors } from '../../lib/errors';

export const RECOVERY_CODE_COUNT = 8;
const epochOf = (now: Date) => Math.floor(now.getTime() / 1000);

/** The current code for a secret (used by tests and by the e2e helper). */
export const totpCode = (secret: string, now: Date) => generate({ secret, epoch: epochOf(now) });

/** True when the code is valid now, allowing one 30-second step of clock drift either way. */
export async function checkTotp(secret: string, code: string, now: Date): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  try {
    const result = await verify({ secret, token: code, epoch: epochOf(now), epochTolerance: 30 });
    return result.valid;
  } catch {
    return false;
  }
}

/**
 * Starts enrolment: stores a fresh secret (not yet enabled) and returns it with an otpauth URI and
 * a QR code for authenticator apps. Enabling needs a first valid code.
 */
export async function setupTwoFactor(db: Tx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw errors.notFound();
  if (user.totpEnabledAt) throw new AppError(409, 'two_factor_already_enabled');
  const secret = generateSecret();
  await db.update(users).set({ totpSecret: secret }).where(eq(users.id, userId));
  const otpauthUrl = generateURI({ issuer: 'SwapU', label: user.email, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 });
  return { secret, otpauthUrl, qrDataUrl };
}

/** Confirms enrolment with a code and hands out one-time recovery codes (shown once). */
export async function enableTwoFactor(db: Tx, userId: string, code: string, now: Date) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.totpSecret) throw new AppError(400, 'two_factor_code_invalid');
  if (user.totpEnabledAt) throw new AppError(409, 'two_factor_already_enabled');
  if (!(await checkTotp(user.totpSecret, code, now))) throw new AppError(400, 'two_factor_code_invalid');
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    randomBytes(5).toString('hex').replace(/(.{5})/, '$1-'),
  );
  const hashes = await Promise.all(recoveryCodes.map((c) => hash(c)));
  await db.update(users).set({ totpEnabledAt: now, totpRecoveryHashes: hashes }).where(eq(users.id, userId));
  return { recoveryCodes };
}

/** Turning 2FA off needs a current code (or a recovery code). */
export async function disableTwoFactor(db: Tx, userId: string, code: string, now: Date) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.totpEnabledAt || !user.totpSecret) throw new AppError(400, 'two_factor_code_invalid');
  if (!(await secondFactorOk(db, user, code, now))) throw new AppError(400, 'two_factor_code_invalid');
  await db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpRecoveryHashes: [] })
    .where(eq(users.id, userId));
}

/**
 * Checks a sign-in's second factor: a current TOTP code, or an unused recovery code (which is
 * then spent).
 */
export async function secondFactorOk(
  db: Tx,
  user: { id: string; totpSecret: string | null; totpRecoveryHashes: string[] },
  code: string,
  now: Date,
): Promise<boolean> {
  const trimmed = code.trim().toLowerCase();
  if (user.totpSecret && (await checkTotp(user.totpSecret, trimmed, now))) return true;
  for (const [i, h] of user.totpRecoveryHashes.entries()) {
    if (await verifyHash(h, trimmed).catch(() => false)) {
      const rest = user.totpRecoveryHashes.filter((_, j) => j !== i);
      await db.update(users).set({ totpRecoveryHashes: rest }).where(eq(users.id, user.id));
      return true;
    }
  }
  return false;
}
