import { verify } from '@node-rs/argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH } from '@swapu/shared/constants';
import type { Db, Tx } from '../../db/client';
import { refreshTokens, users } from '../../db/schema/index';
import { isDemoEmail } from '../../lib/deployment';
import { newId } from '../../lib/ids';
import { hashPassword, needsRehash, type PasswordHashing } from '../../lib/passwords';
import { hitWindow, RATE_LIMITS } from '../../lib/rate-limit';
import {
  ACCESS_TOKEN_SECONDS,
  hashToken,
  newOpaqueToken,
  REFRESH_TOKEN_DAYS,
  signAccessToken,
  signEmailVerification,
  verifyEmailVerification,
} from '../../lib/tokens';
import type { SecretBox } from '../../lib/secret-box';
import { enqueueMail, secretRef, emailVerificationMail, welcomeMail } from '../mail/index';
import { countSignInAttempt } from './sign-in-limits';
import { secondFactorOk } from './two-factor';
import type { IdentityTokens } from '@swapu/shared/account';

/** The identity service's failure codes (Firebase Identity compatible). */
export type IdentityCode =
  | 'EMAIL_EXISTS'
  | 'INVALID_LOGIN_CREDENTIALS'
  | 'INVALID_EMAIL'
  | 'MISSING_PASSWORD'
  | 'WEAK_PASSWORD'
  | 'USER_DISABLED'
  | 'TOO_MANY_ATTEMPTS_TRY_LATER'
  | 'TERMS_NOT_ACCEPTED'
  | 'INVALID_REFRESH_TOKEN'
  | 'TOKEN_EXPIRED'
  | 'MFA_REQUIRED'
  | 'INVALID_MFA_CODE'
  /** A Google/Facebook completion whose code or browser nonce does not match (Firebase's name). */
  | 'INVALID_IDP_RESPONSE'
  | 'INVALID_ID_TOKEN'
  | 'USER_NOT_FOUND'
  | 'INVALID_DISPLAY_NAME'
  | 'INVALID_REQ_TYPE';

export class IdentityError extends Error {
  constructor(
    readonly code: IdentityCode,
    /** 400 as Firebase answers; 429 for a rate limit, with the seconds until it lifts (Retry-After). */
    readonly status = 400,
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
    this.name = 'IdentityError';
  }
  body() {
    return { error: { code: this.status, message: this.code } };
  }
}

export interface IdentityDeps {
  db: Db;
  now: Date;
  jwtSecret: string;
  publicUrl: string;
  adminEmails: string[];
  /** Seals secret links into the outbox. */
  secrets: SecretBox;
  /** New accounts per IP and hour (SIGNUP_LIMIT_PER_HOUR); RATE_LIMITS.signUp.max when unset. */
  signUpPerHour?: number;
  /** The server is reachable beyond this machine: the demo seed's addresses cannot be signed up (lib/deployment.ts). */
  publicServer?: boolean;
  /** PASSWORD_HASHING (lib/passwords.ts); `standard` when unset. */
  passwordHashing?: PasswordHashing;
}

/** What sign-up, sign-in and refresh answer (the shared contract), the refresh token always given here. */
export type TokenResponse = IdentityTokens & { refreshToken: string };

const DAY = 24 * 3600_000;

function checkCredentials(email: unknown, password: unknown): { email: string; password: string } {
  if (typeof email !== 'string' || !EMAIL_PATTERN.test(email.trim())) throw new IdentityError('INVALID_EMAIL');
  if (typeof password !== 'string' || password.length === 0) throw new IdentityError('MISSING_PASSWORD');
  return { email: email.trim().toLowerCase(), password };
}

export async function issueTokens(
  tx: Tx,
  deps: IdentityDeps,
  user: { id: string; email: string; tokenVersion: number },
  familyId: string = newId(),
): Promise<TokenResponse> {
  const refresh = newOpaqueToken();
  await tx.insert(refreshTokens).values({
    id: newId(),
    userId: user.id,
    familyId,
    tokenHash: refresh.hash,
    createdAt: deps.now,
    expiresAt: new Date(deps.now.getTime() + REFRESH_TOKEN_DAYS * DAY),
  });
  return {
    idToken: await signAccessToken(deps.jwtSecret, user.id, deps.now, user.tokenVersion),
    email: user.email,
    expiresIn: String(ACCESS_TOKEN_SECONDS),
    localId: user.id,
    refreshToken: refresh.token,
  };
}

/** Queues the mail whose link proves the address (the link itself sealed beside the mail). */
export async function queueVerificationMail(
  tx: Tx,
  deps: Pick<IdentityDeps, 'jwtSecret' | 'publicUrl' | 'secrets' | 'now'>,
  user: { id: string; email: string; displayName: string; language: string },
) {
  const verifyToken = await signEmailVerification(deps.jwtSecret, user.id, user.email, deps.now);
  const verifyUrl = `${deps.publicUrl}/api/v1/auth/verify-email?token=${encodeURIComponent(verifyToken)}`;
  const mail = emailVerificationMail(user.language, { name: user.displayName, url: secretRef('verify') });
  await enqueueMail(tx, user.email, 'email-verification', mail, deps.now, { box: deps.secrets, values: { verify: verifyUrl } });
}

/**
 * Creates an account (argon2id password) and signs it in. Our sign-up form accepts the terms and
 * the privacy policy with it (`acceptTerms: true`, required); a client of the Firebase contract
 * sends no such flag (`terms: 'pending'`): its account may read but not write until its owner
 * accepts them (POST /api/v1/me/accept-terms; lib/auth.ts refuses the writes).
 */
export async function signUp(
  deps: IdentityDeps,
  input: { email?: unknown; password?: unknown; acceptTerms?: unknown; displayName?: unknown; language?: unknown },
  ip = 'unknown',
  terms: 'required' | 'pending' = 'required',
): Promise<TokenResponse> {
  const { email, password } = checkCredentials(input.email, input.password);
  // New accounts per IP (RATE_LIMITS.signUp), counted before any work is done.
  const { windowMs } = RATE_LIMITS.signUp;
  const max = deps.signUpPerHour ?? RATE_LIMITS.signUp.max;
  const { count, windowStart } = await hitWindow(deps.db, `signUp:${ip}`, windowMs, deps.now);
  if (count > max) {
    throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER', 429, Math.ceil((windowStart.getTime() + windowMs - deps.now.getTime()) / 1000));
  }
  // On a public server the demo's named addresses are taken, as if by an account: nobody may hold
  // them there (decision 0012).
  if (deps.publicServer && isDemoEmail(email)) throw new IdentityError('EMAIL_EXISTS');
  if (password.length < PASSWORD_MIN_LENGTH) throw new IdentityError('WEAK_PASSWORD');
  const accepted = input.acceptTerms === true;
  if (!accepted && terms === 'required') throw new IdentityError('TERMS_NOT_ACCEPTED');
  const passwordHash = await hashPassword(password, deps.passwordHashing);
  const language = input.language === 'pt-PT' ? 'pt-PT' : 'en-US';
  const name =
    typeof input.displayName === 'string' && input.displayName.trim()
      ? input.displayName.trim().slice(0, 60)
      : email.split('@')[0]!.slice(0, 60);
  try {
    return await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          id: newId(),
          email,
          passwordHash,
          displayName: name,
          language,
          // ADMIN_EMAILS is honoured once the address is proven (verifyEmail), never at a bare sign-up.
          role: 'user',
          termsAcceptedAt: accepted ? deps.now : null,
          privacyAcceptedAt: accepted ? deps.now : null,
          createdAt: deps.now,
          updatedAt: deps.now,
        })
        .returning();
      await enqueueMail(tx, email, 'welcome', welcomeMail(language, { name, url: `${deps.publicUrl}/onboarding` }), deps.now);
      await queueVerificationMail(tx, deps, user!);
      return issueTokens(tx, deps, user!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new IdentityError('EMAIL_EXISTS');
    throw err;
  }
}

export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/**
 * A hash of a password nobody has, verified when the email has no account so that an unknown
 * email costs the same time as a wrong password (no timing tells which emails have accounts): at
 * the cost new hashes are made at, as members' own are.
 */
const dummyHashes = new Map<PasswordHashing, Promise<string>>();
const dummyPasswordHash = (hashing: PasswordHashing = 'standard') => {
  let hash = dummyHashes.get(hashing);
  if (!hash) dummyHashes.set(hashing, (hash = hashPassword(`no-account-${newId()}`, hashing)));
  return hash;
};

/**
 * Signs in with email and password, failures limited per account and address, per address and
 * per account (sign-in-limits.ts). An unknown email and a wrong password get the same answer,
 * INVALID_LOGIN_CREDENTIALS (Firebase's answer with email enumeration protection on), after the
 * same argon2 work. Every attempt counts as a failure before its password is checked,
 * atomically, so parallel guesses cannot all slip under a limit; a right password takes it back.
 * With two-factor authentication on, a first attempt without `totpCode` answers MFA_REQUIRED (not
 * a failure); the client asks for the code and signs in again with it (a wrong code is one).
 */
export async function signInWithPassword(
  deps: IdentityDeps,
  input: { email?: unknown; password?: unknown; totpCode?: unknown },
  ip: string,
): Promise<TokenResponse> {
  const { email, password } = checkCredentials(input.email, input.password);
  const attempt = await countSignInAttempt(deps.db, email, ip, deps.now);
  if (!attempt) throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER');

  const [user] = await deps.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  const live = user && !user.deletedAt ? user : undefined;
  const storedHash = live?.passwordHash ?? (await dummyPasswordHash(deps.passwordHashing));
  const passwordOk = await verify(storedHash, password).catch(() => false);
  if (!live || !live.passwordHash || !passwordOk) throw new IdentityError('INVALID_LOGIN_CREDENTIALS');
  if (live.totpEnabledAt) {
    if (typeof input.totpCode !== 'string' || !input.totpCode.trim()) {
      await attempt.notAFailure();
      throw new IdentityError('MFA_REQUIRED');
    }
    if (!(await secondFactorOk(deps.db, deps.secrets, live, input.totpCode, deps.now))) throw new IdentityError('INVALID_MFA_CODE');
  }
  await attempt.succeeded();
  // A hash made at another cost (lib/passwords.ts) is replaced now that the password is known:
  // hashed outside the transaction, which must not wait on argon2.
  const rehashed = needsRehash(live.passwordHash, deps.passwordHashing) ? await hashPassword(password, deps.passwordHashing) : null;
  return deps.db.transaction(async (tx) => {
    if (rehashed) await tx.update(users).set({ passwordHash: rehashed }).where(eq(users.id, live.id));
    // ADMIN_EMAILS makes an admin only of an address its owner has proven.
    if (deps.adminEmails.includes(email) && live.role !== 'admin' && live.emailVerifiedAt) {
      await tx.update(users).set({ role: 'admin' }).where(eq(users.id, live.id));
    }
    return issueTokens(tx, deps, live);
  });
}

/**
 * Exchanges a refresh token for a new access token and the next refresh token of its family.
 * A token presented twice means it leaked: the whole family is revoked.
 */
export async function refresh(deps: IdentityDeps, refreshToken: unknown): Promise<TokenResponse> {
  if (typeof refreshToken !== 'string' || !refreshToken) throw new IdentityError('INVALID_REFRESH_TOKEN');
  const tokenHash = hashToken(refreshToken);
  const result = await deps.db.transaction(async (tx) => {
    // Mark it used atomically: of two concurrent refreshes with one token, only one wins.
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: deps.now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning();
    if (!claimed) return { reused: true as const };
    if (claimed.expiresAt <= deps.now) return { error: 'TOKEN_EXPIRED' as const };
    const [user] = await tx.select().from(users).where(eq(users.id, claimed.userId));
    if (!user || user.deletedAt) return { error: 'USER_DISABLED' as const };
    return { tokens: await issueTokens(tx, deps, user, claimed.familyId) };
  });
  if ('tokens' in result && result.tokens) return result.tokens;
  if ('error' in result && result.error) throw new IdentityError(result.error);
  // Unknown, already used or revoked: revoke the family of a known token (reuse detection).
  const [known] = await deps.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  if (known) await revokeFamily(deps.db, known.familyId, deps.now);
  throw new IdentityError('INVALID_REFRESH_TOKEN');
}

export async function revokeFamily(db: Tx, familyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout: revokes the family of the presented refresh token. Unknown tokens are ignored. */
export async function signOut(deps: IdentityDeps, refreshToken: unknown): Promise<void> {
  if (typeof refreshToken !== 'string' || !refreshToken) return;
  const [known] = await deps.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
  if (known) await revokeFamily(deps.db, known.familyId, deps.now);
}

/**
 * Marks the address verified when the link's token is valid and the account still has that
 * address. Returns false for a bad, expired or outdated link.
 */
export async function verifyEmail(
  deps: Pick<IdentityDeps, 'db' | 'now' | 'jwtSecret'> & { adminEmails?: string[] },
  token: string,
): Promise<boolean> {
  const claims = await verifyEmailVerification(deps.jwtSecret, token, deps.now);
  if (!claims) return false;
  // The owner of an ADMIN_EMAILS address has now proven it: that is when the role is granted.
  const admin = deps.adminEmails?.includes(claims.email.toLowerCase()) ?? false;
  const rows = await deps.db
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${deps.now.toISOString()}::timestamptz)`,
      ...(admin ? { role: 'admin' } : {}),
    })
    .where(and(eq(users.id, claims.userId), sql`lower(${users.email}) = ${claims.email.toLowerCase()}`, isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}
