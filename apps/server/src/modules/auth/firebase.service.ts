import { hashPassword } from '../../lib/passwords';
import { eq } from 'drizzle-orm';
import { PASSWORD_MIN_LENGTH } from '@swapu/shared/constants';
import { users } from '../../db/schema/index';
import { enforce } from '../../lib/rate-limit';
import { verifyAccessToken } from '../../lib/tokens';
import { profileImageUrl } from '../members/index';
import { IdentityError, issueTokens, queueVerificationMail, type IdentityDeps, type TokenResponse } from './identity.service';
import { endSessions } from './sessions';

/**
 * The account operations the Firebase Auth JS SDK performs beyond sign-up and sign-in, in its
 * shapes (docs/decisions/0006): accounts:lookup (after every sign-in and on reload), accounts:update
 * (updateProfile, updatePassword) and accounts:sendOobCode (sendEmailVerification).
 */

type UserRow = typeof users.$inferSelect;

/** The live account an ID token names, or INVALID_ID_TOKEN / USER_NOT_FOUND as Firebase answers. */
async function accountOf(deps: IdentityDeps, idToken: unknown): Promise<UserRow> {
  if (typeof idToken !== 'string' || !idToken || idToken.length > 4096) throw new IdentityError('INVALID_ID_TOKEN');
  const claims = await verifyAccessToken(deps.jwtSecret, idToken, deps.now);
  if (!claims) throw new IdentityError('INVALID_ID_TOKEN');
  const [user] = await deps.db.select().from(users).where(eq(users.id, claims.userId)).limit(1);
  if (!user || user.deletedAt) throw new IdentityError('USER_NOT_FOUND');
  // A token from before the account's sessions were ended (password reset, ban) is stale.
  if (user.tokenVersion !== claims.version) throw new IdentityError('TOKEN_EXPIRED');
  return user;
}

const ms = (d: Date | null | undefined) => (d ? String(d.getTime()) : undefined);

/** One account as Firebase's getAccountInfo describes it. */
function accountInfo(u: UserRow) {
  const photoUrl = profileImageUrl(u.avatarKey) ?? undefined;
  return {
    localId: u.id,
    email: u.email,
    emailVerified: u.emailVerifiedAt !== null,
    displayName: u.displayName,
    ...(photoUrl ? { photoUrl } : {}),
    // Firebase sends a redacted marker when the account has a password; the SDK only tests it is there.
    ...(u.passwordHash ? { passwordHash: 'UkVEQUNURUQ=' } : {}),
    providerUserInfo: u.passwordHash
      ? [
          {
            providerId: 'password',
            federatedId: u.email,
            email: u.email,
            rawId: u.email,
            displayName: u.displayName,
            ...(photoUrl ? { photoUrl } : {}),
          },
        ]
      : [],
    validSince: String(Math.floor(u.updatedAt.getTime() / 1000)),
    disabled: false,
    createdAt: ms(u.createdAt),
    lastLoginAt: ms(u.lastOnlineAt ?? u.createdAt),
  };
}

/** accounts:lookup { idToken } → { users: [account] }. */
export async function lookupAccount(deps: IdentityDeps, body: { idToken?: unknown }) {
  const user = await accountOf(deps, body.idToken);
  return { kind: 'identitytoolkit#GetAccountInfoResponse', users: [accountInfo(user)] };
}

/**
 * accounts:update { idToken, displayName?, photoUrl?, password? }. A display name is checked like
 * the profile form's; a new password ends every other session of the account and the answer
 * carries new tokens for this one (as Firebase does).
 */
export async function updateAccount(
  deps: IdentityDeps,
  body: { idToken?: unknown; displayName?: unknown; password?: unknown; deleteAttribute?: unknown },
): Promise<Record<string, unknown>> {
  const user = await accountOf(deps, body.idToken);
  const set: Partial<typeof users.$inferInsert> = { updatedAt: deps.now };
  if (body.displayName !== undefined && body.displayName !== null) {
    const name = typeof body.displayName === 'string' ? body.displayName.trim() : '';
    if (name.length < 2 || name.length > 60) throw new IdentityError('INVALID_DISPLAY_NAME');
    set.displayName = name;
  }
  let tokens: TokenResponse | undefined;
  if (body.password !== undefined) {
    if (typeof body.password !== 'string' || body.password.length < PASSWORD_MIN_LENGTH || body.password.length > 1024) {
      throw new IdentityError('WEAK_PASSWORD');
    }
    set.passwordHash = await hashPassword(body.password, deps.passwordHashing);
  }
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx.update(users).set(set).where(eq(users.id, user.id)).returning();
    if (set.passwordHash) {
      await endSessions(tx, user.id, deps.now);
      const [fresh] = await tx.select().from(users).where(eq(users.id, user.id));
      tokens = await issueTokens(tx, deps, fresh!);
    }
    return row!;
  });
  const info = accountInfo(updated);
  return {
    kind: 'identitytoolkit#SetAccountInfoResponse',
    localId: info.localId,
    email: info.email,
    displayName: info.displayName,
    photoUrl: info.photoUrl,
    passwordHash: info.passwordHash,
    providerUserInfo: info.providerUserInfo,
    emailVerified: info.emailVerified,
    ...(tokens ? { idToken: tokens.idToken, refreshToken: tokens.refreshToken, expiresIn: tokens.expiresIn } : {}),
  };
}

/** accounts:sendOobCode { requestType: 'VERIFY_EMAIL', idToken }: the verification mail again, limited. */
export async function sendVerificationEmail(deps: IdentityDeps, body: { idToken?: unknown }) {
  const user = await accountOf(deps, body.idToken);
  if (!user.emailVerifiedAt) {
    // Limited per account (RATE_LIMITS.verificationMail): a 429 in the identity contract's shape.
    await enforce(deps.db, 'verificationMail', user.id, deps.now).catch((err: { retryAfterSeconds?: number }) => {
      throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER', 429, err.retryAfterSeconds);
    });
    await queueVerificationMail(deps.db, deps, user);
  }
  return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: user.email };
}
