import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import type { AppContext } from './context';
import { AppError, errors } from './errors';
import { guard } from './guards';
import { rowsOf } from './sql-rows';
import { verifyAccessToken } from './tokens';
import type { AccountState } from './viewer-cache';
import { GUEST, type Viewer } from './viewer';

/** An account's state as the request path needs it: one indexed read (see ViewerCache). */
export async function loadAccountState(db: Tx, userId: string): Promise<AccountState | null> {
  const [row] = await rowsOf<{
    role: string;
    banned: boolean;
    deleted: boolean;
    token_version: number;
    terms_accepted: boolean;
    subscribed_until: string | null;
    newest_own: string | null;
  }>(
    db,
    sql`select u.role, u.banned, u.deleted_at is not null as deleted, u.token_version, u.terms_accepted_at is not null as terms_accepted,
        (select max(s.current_period_end) from subscriptions s where s.user_id = u.id and s.status in ('active', 'cancelled')) as subscribed_until,
        (select max(p.published_at) from posts p where p.owner_id = u.id and p.state = 'published') as newest_own
      from users u where u.id = ${userId}`,
  );
  if (!row) return null;
  const ms = (v: string | Date | null) => (v === null ? null : new Date(v).getTime());
  return {
    role: row.role === 'admin' || row.role === 'docs' ? row.role : 'user',
    banned: row.banned,
    deleted: row.deleted,
    tokenVersion: Number(row.token_version),
    termsAccepted: row.terms_accepted,
    subscribedUntil: ms(row.subscribed_until),
    newestOwnPublishedAt: ms(row.newest_own),
  };
}

/** The viewer of a request: a guest unless the bearer token is valid for a live account. */
export async function resolveViewer(ctx: AppContext, authorization: string | undefined): Promise<Viewer> {
  if (!authorization?.startsWith('Bearer ')) return GUEST;
  const now = ctx.clock.now();
  const token = authorization.slice(7).trim();
  let claims = ctx.viewers.claims(token, now.getTime()) ?? null;
  if (!claims) {
    claims = await verifyAccessToken(ctx.config.jwtSecret, token, now);
    if (!claims) return GUEST;
    ctx.viewers.rememberClaims(token, claims);
  }
  const { userId } = claims;
  const account = await ctx.viewers.account(userId, () => loadAccountState(ctx.database.db, userId));
  // A token from before the account's sessions were ended (ban, deletion, reset) opens nothing.
  if (!account || account.deleted || account.tokenVersion !== claims.version) return GUEST;
  return {
    userId,
    role: account.role,
    subscriber: account.subscribedUntil !== null && account.subscribedUntil > now.getTime(),
    banned: account.banned,
    termsAccepted: account.termsAccepted,
    tokenExpiresAt: claims.expiresAt,
    tokenVersion: claims.version,
    newestOwnPublishedAt: account.newestOwnPublishedAt,
  };
}

/**
 * Who may call a route, declared in its options (`config: { auth: 'admin' }`) and checked when the
 * request arrives (`authorizeRoute`, an onRequest hook), before its path, query and body are
 * parsed or validated: a guest learns nothing of a route's input schema (decision 0012).
 * - `user`: signed in and not banned; a write also needs accepted terms (`requireUser`);
 * - `account`: any signed-in account, banned ones included (`requireAccount`);
 * - `admin`: an admin (`requireAdmin`);
 * - `docs`: the documentation area, admins and the docs role (`requireDocsReader`);
 * - `metrics`: /api/metrics, METRICS_TOKEN or an admin (`requireMetricsReader`).
 * Object-level checks (whose listing, which room) stay in the services. The handler still calls
 * the same require… for the caller's id: it checks again, harmlessly, and a route that forgot to
 * declare is still guarded there (the authorization matrix fails it: its guard came after its input).
 */
export type RouteAuth = 'user' | 'account' | 'admin' | 'docs' | 'metrics';

/** Who the request may be, by the request's viewer and method alone (nothing it sent is read). */
type GuardedRequest = Pick<FastifyRequest, 'viewer' | 'method' | 'headers'>;

/**
 * The signed-in, non-banned caller's id; guests get 401 'You need to be logged in to use this'.
 * An account whose terms are pending (made through the Firebase contract) may read, but a write
 * waits until its owner accepts them (403 terms_pending).
 */
export function requireUser(req: GuardedRequest): string {
  const v = req.viewer;
  if (!v.userId && guard('signed-in')) throw errors.unauthorized('login_required');
  if (v.banned && guard('not-banned')) throw new AppError(403, 'account_banned');
  if (v.termsAccepted === false && req.method !== 'GET' && req.method !== 'HEAD' && guard('terms-accepted'))
    throw new AppError(403, 'terms_pending');
  return v.userId!;
}

/** Like requireUser, but banned accounts pass (they may read their own account and contact support). */
export function requireAccount(req: GuardedRequest): string {
  if (!req.viewer.userId && guard('signed-in')) throw errors.unauthorized('login_required');
  return req.viewer.userId!;
}

export function requireAdmin(req: GuardedRequest): string {
  const id = requireUser(req);
  if (req.viewer.role !== 'admin' && guard('admin')) throw errors.forbidden('permission_denied');
  return id;
}

/** The documentation area: admins, and members an admin gave the docs role (decision 0032). */
export function requireDocsReader(req: GuardedRequest): string {
  const id = requireUser(req);
  if (req.viewer.role !== 'admin' && req.viewer.role !== 'docs' && guard('docs-reader')) throw errors.forbidden('permission_denied');
  return id;
}

/** Prometheus's scraper with METRICS_TOKEN as its bearer token, or a signed-in admin. */
export function requireMetricsReader(req: GuardedRequest, token: string | undefined): void {
  const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (token && bearer && sameSecret(bearer, token)) return;
  if (!req.viewer.userId && guard('signed-in')) throw errors.unauthorized('login_required');
  if (req.viewer.role !== 'admin' && guard('admin')) throw errors.forbidden('permission_denied');
}

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Checks the route's declared `config.auth` (an onRequest hook, after the viewer is known). */
export async function authorizeRoute(req: FastifyRequest): Promise<void> {
  const auth = req.routeOptions.config?.auth;
  if (auth === 'user') requireUser(req);
  else if (auth === 'account') requireAccount(req);
  else if (auth === 'admin') requireAdmin(req);
  else if (auth === 'docs') requireDocsReader(req);
  else if (auth === 'metrics') requireMetricsReader(req, req.server.ctx.config.metricsToken);
}
