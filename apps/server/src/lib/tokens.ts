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
