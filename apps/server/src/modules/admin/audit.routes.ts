import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inArray } from 'drizzle-orm';
import { AuditListQuerySchema, AuditPageSchema, type AuditPage } from '@swapu/shared/admin-users';
import { ErrorBodySchema } from '@swapu/shared/api';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { requireAdmin } from '../../lib/auth';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { errors } from '../../lib/errors';
import { listAudit } from '../../lib/audit';
import { route } from '../../lib/route';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';

/** One page of the audit log, newest first; member targets carry their name today. */
export async function auditPage(
  db: Tx,
  q: { cursor?: string; limit: number; action?: string; targetType?: string; targetId?: string },
): Promise<AuditPage> {
  let before: { at: Date; id: number } | null = null;
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    const id = Number(c.id);
    if (!Number.isSafeInteger(id) || id < 1) throw errors.badRequest('data_invalid', { cursor: 'invalid' });
    before = { at: c.publishedAt, id };
  }
  const rows = await listAudit(db, { limit: q.limit + 1, before, action: q.action, targetType: q.targetType, targetId: q.targetId });
  const page = rows.slice(0, q.limit);
  const memberIds = [...new Set(page.filter((r) => r.targetType === 'user' || r.targetType === 'support').map((r) => r.targetId!))].filter(
    Boolean,
  );
  const names = new Map(
    memberIds.length
      ? (await db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, memberIds))).map((u) => [
          u.id,
          u.name,
        ])
      : [],
  );
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      actorId: r.actorId,
      actorName: r.actorName,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      targetName: r.targetId ? (names.get(r.targetId) ?? null) : null,
      before: r.before,
      after: r.after,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
    })),
    next: rows.length > q.limit && last ? encodeCursor(last.createdAt, String(last.id)) : null,
  };
}

/** The audit log (issue 20): read-only, admins only. Nothing here, or anywhere, edits it. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    adminEndpoints.adminAudit,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Admin actions, newest first (keyset pages); optionally one action or one target',
        querystring: AuditListQuerySchema,
        response: { 200: AuditPageSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (req) => {
      requireAdmin(req);
      return auditPage(app.ctx.database.db, req.query);
    },
  );
};
