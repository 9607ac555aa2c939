import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_DAYS = 30;

const key = (secret: string) => new TextEncoder().encode(secret);

/** A signed access token (HS256, 1 hour) naming the user. */
export async function signAccessToken(secret: string, userId: string, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer('swapu')
    .setAudience('swapu')
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(key(secret));
}

/** The user id of a valid, unexpired access token, or null. */
export async function verifyAccessToken(secret: string, token: string, now: Date): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: 'swapu',
      audience: 'swapu',
      algorithms: ['HS256'],
      currentDate: now,
    });
    return typeof payload.sub === 'string' ? payload.sub : null;
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
    .sign(key(secret));
}

export async function verifyEmailVerification(secret: string, token: string, now: Date) {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
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
