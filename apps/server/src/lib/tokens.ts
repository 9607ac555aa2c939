import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_DAYS = 30;

/**
 * The HMAC key of a secret, imported into Web Crypto once: jose would import raw bytes again on
 * every call, which was most of the cost of checking a token (about 160 µs against 100).
 */
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
const key = (secret: string): Promise<webcrypto.CryptoKey> => {
  let k = keys.get(secret);
  if (!k) {
    k = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, k);
  }
  return k;
};

/**
 * A signed access token (HS256, 1 hour) naming the user and the account's token version: a token
 * of an older version (the account was banned, deleted, reset or signed out everywhere since) is
 * refused even before it expires.
 */
export async function signAccessToken(secret: string, userId: string, now: Date, version = 0): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  // auth_time and user_id are the claims Firebase clients read from an ID token (getIdTokenResult).
  return new SignJWT({ ver: version, auth_time: iat, user_id: userId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer('swapu')
    .setAudience('swapu')
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(await key(secret));
}

export interface AccessClaims {
  userId: string;
  /** The account's token version when it was issued (0 for tokens from before versions existed). */
  version: number;
  /** Expiry, ms since epoch. */
  expiresAt: number;
}

/** The claims of a valid, unexpired access token, or null. */
export async function verifyAccessToken(secret: string, token: string, now: Date): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), {
      issuer: 'swapu',
      audience: 'swapu',
      algorithms: ['HS256'],
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
    return { userId: payload.sub, version: typeof payload.ver === 'number' ? payload.ver : 0, expiresAt: payload.exp * 1000 };
  } catch {
    return null;
  }
}

/** An opaque random token and the hash we store instead of it. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A signed link token proving control of a mailbox (7 days, single purpose). */
export async function signEmailVerification(secret: string, userId: string, email: string, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ email, purpose: 'verify-email' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer('swapu')
    .setAudience('swapu:verify-email')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 7 * 24 * 3600)
    .sign(await key(secret));
}

export async function verifyEmailVerification(secret: string, token: string, now: Date) {
  try {
    const { payload } = await jwtVerify(token, await key(secret), {
      issuer: 'swapu',
      audience: 'swapu:verify-email',
      algorithms: ['HS256'],
      currentDate: now,
    });
    if (payload.purpose !== 'verify-email' || typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    return { userId: payload.sub, email: payload.email };
  } catch {
    return null;
  }
}
