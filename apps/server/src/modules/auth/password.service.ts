import { hashPassword, type PasswordHashing } from '../../lib/passwords';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { PASSWORD_MIN_LENGTH } from '@swapu/shared/constants';
import { PASSWORD_RESET_TTL_MS } from '@swapu/shared/mail';
import type { Db } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema/index';
import { endSessions } from './sessions';
import { liftSignInLockout } from './sign-in-limits';
import { AppError, errors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hit, overLimit } from '../../lib/rate-limit';
import { hashToken, newOpaqueToken } from '../../lib/tokens';
import type { SecretBox } from '../../lib/secret-box';
import { enqueueMail, secretRef, passwordResetMail } from '../mail/index';

/**
 * Reset requests per address and per IP, and new-password attempts per IP, in a one-hour window.
 * Over the per-address limit the answer stays the same but no mail is written.
 */
export const PASSWORD_RESET_LIMITS = { windowMs: 60 * 60_000, perEmail: 3, perIp: 20, confirmPerIp: 30 } as const;

/**
 * Writes a single-use reset link (valid one hour) to the outbox when the address has a live
 * account. Resolves the same way whether or not it exists, so the answer reveals nothing.
 */
export async function requestPasswordReset(
  db: Db,
  input: { email: string; ip: string; now: Date; publicUrl: string; secrets: SecretBox },
): Promise<void> {
  const { email, ip, now, publicUrl, secrets } = input;
  const { windowMs, perEmail, perIp } = PASSWORD_RESET_LIMITS;
  await overLimit(db, `pwreset:ip:${ip}`, windowMs, perIp, now);
  // Counted for every address, known or not, so the limit itself tells nothing either.
  if ((await hit(db, `pwreset:email:${email}`, windowMs, now)) > perEmail) return;
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, name: users.displayName, language: users.language })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)))
      .limit(1);
    if (!user) return;
    const { token, hash: tokenHash } = newOpaqueToken();
    await tx.insert(passwordResetTokens).values({
      id: newId(),
      userId: user.id,
      tokenHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
    });
    const url = `${publicUrl}/forgot-password?token=${encodeURIComponent(token)}`;
    // The link is sealed beside the mail, never stored in its bodies (mail.service secretRef).
    const mail = passwordResetMail(user.language, { name: user.name, url: secretRef('reset'), minutes: PASSWORD_RESET_TTL_MS / 60_000 });
    await enqueueMail(tx, user.email, 'password-reset', mail, now, { box: secrets, values: { reset: url } });
  });
}

/**
 * Sets a new password (argon2id) with a reset link's token. The token is used up, so are the
 * account's other open links, and every session (refresh token) of the account is revoked.
 */
export async function confirmPasswordReset(
  db: Db,
  input: { token: string; password: string; ip: string; now: Date; passwordHashing?: PasswordHashing },
): Promise<string> {
  const { token, password, ip, now } = input;
  // Checked before the token is touched: a too-short password must not burn the link.
  if (password.length < PASSWORD_MIN_LENGTH) throw errors.badRequest('password_too_short');
  const { windowMs, confirmPerIp } = PASSWORD_RESET_LIMITS;
  await overLimit(db, `pwreset-confirm:ip:${ip}`, windowMs, confirmPerIp, now);
  const invalid = new AppError(400, 'reset_link_invalid');
  if (!token) throw invalid;
  // Hashed outside the transaction: argon2 is slow on purpose and must not hold a connection.
  const passwordHash = await hashPassword(password, input.passwordHashing);
  return db.transaction(async (tx) => {
    // Claimed atomically: of two requests with one link, only one gets past this.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw invalid;
    const [user] = await tx
      .update(users)
      // Opening the link proved the mailbox is theirs.
      .set({ passwordHash, updatedAt: now, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(users.id, claimed.userId), isNull(users.deletedAt)))
      .returning({ id: users.id, email: users.email });
    if (!user) throw invalid;
    // A new password lifts the sign-in lockouts failed attempts with the old one caused.
    await liftSignInLockout(tx, user.email, ip);
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await endSessions(tx, user.id, now);
    return user.id;
  });
}
