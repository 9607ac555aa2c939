import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { users } from '../db/schema/index';
import type { AppContext } from './context';
import { AppError, errors } from './errors';
import { guard } from './guards';
import { verifyAccessToken } from './tokens';
import { GUEST, type Viewer } from './viewer';

/** The viewer of a request: a guest unless the bearer token is valid for a live account. */
export async function resolveViewer(ctx: AppContext, authorization: string | undefined): Promise<Viewer> {
  if (!authorization?.startsWith('Bearer ')) return GUEST;
  const now = ctx.clock.now();
  const claims = await verifyAccessToken(ctx.config.jwtSecret, authorization.slice(7).trim(), now);
  if (!claims) return GUEST;
  const { userId } = claims;
  const [row] = await ctx.database.db
    .select({
      role: users.role,
      banned: users.banned,
      deletedAt: users.deletedAt,
      tokenVersion: users.tokenVersion,
      termsAcceptedAt: users.termsAcceptedAt,
      // Raw SQL: in a select list Drizzle renders columns unqualified, which breaks correlation.
      subscriber: sql<boolean>`exists (select 1 from subscriptions s where s.user_id = "users"."id"
        and s.status in ('active', 'cancelled') and s.current_period_end > ${now.toISOString()}::timestamptz)`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  // A token from before the account's sessions were ended (ban, deletion, reset) opens nothing.
  if (!row || row.deletedAt || row.tokenVersion !== claims.version) return GUEST;
  return {
    userId,
    role: row.role === 'admin' ? 'admin' : 'user',
    subscriber: !!row.subscriber,
    banned: row.banned,
    termsAccepted: row.termsAcceptedAt !== null,
    tokenExpiresAt: claims.expiresAt,
    tokenVersion: claims.version,
  };
}

/**
 * The signed-in, non-banned caller's id; guests get 401 'You need to be logged in to use this'.
 * An account whose terms are pending (made through the Firebase contract) may read, but a write
 * waits until its owner accepts them (403 terms_pending).
 */
export function requireUser(req: FastifyRequest): string {
  const v = req.viewer;
  if (!v.userId && guard('signed-in')) throw errors.unauthorized('login_required');
  if (v.banned && guard('not-banned')) throw new AppError(403, 'account_banned');
  if (v.termsAccepted === false && req.method !== 'GET' && req.method !== 'HEAD' && guard('terms-accepted')) throw new AppError(403, 'terms_pending');
  return v.userId!;
}

/** Like requireUser, but banned accounts pass (they may read their own account and contact support). */
export function requireAccount(req: FastifyRequest): string {
  if (!req.viewer.userId && guard('signed-in')) throw errors.unauthorized('login_required');
  return req.viewer.userId!;
}

export function requireAdmin(req: FastifyRequest): string {
  const id = requireUser(req);
  if (req.viewer.role !== 'admin' && guard('admin')) throw errors.forbidden('permission_denied');
  return id;
}
