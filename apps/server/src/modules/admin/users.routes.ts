import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminUserCsvQuerySchema,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  BanBodySchema,
  BanResultSchema,
  RoleBodySchema,
  RoleResultSchema,
} from '@swapu/shared/admin-users';
import { ErrorBodySchema } from '@swapu/shared/api';
import { requireAdmin } from '../../lib/auth';
import { accountsChanged } from '../../lib/viewer-cache';
import { announceBan } from './ban';
import { adminBan, adminUsersCsv, listAdminUsers, setRole } from './users.service';
import { errorAnswers, route } from '../../lib/route';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';

const errorsOf = errorAnswers(400, 401, 403, 404, 409);

/**
 * The admin console's users (issue 20): the table, its CSV, granting or revoking admin,
 * and suspending or reinstating a member (PUT /api/v1/admin/users/:id/ban: a reason of 1 to 500
 * characters, which the member reads in their support thread; the rules in users.service.ts and ban.ts).
 */
export const adminUsersConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();
  const security = [{ bearerAuth: [] }];

  route(
    app,
    adminEndpoints.adminUsers,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        summary: 'Members: search by name or email, sort by any column, page; deleted accounts included',
        querystring: AdminUserListQuerySchema,
        response: { 200: AdminUserListSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireAdmin(req);
      return listAdminUsers(db(), req.query);
    },
  );

  route(
    app,
    adminEndpoints.adminUsersCsv,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        summary: 'Every member matching the search, in the same order, as CSV',
        querystring: AdminUserCsvQuerySchema,
        response: { 200: z.string(), ...errorsOf },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const csv = await adminUsersCsv(db(), req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="swapu-members-${now().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  route(
    app,
    adminEndpoints.adminRole,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        summary: "Grant or revoke admin (not one's own role, never the last admin)",
        params: z.object({ id: z.string().min(1).max(64) }),
        body: RoleBodySchema,
        response: { 200: RoleResultSchema, ...errorsOf },
      },
    },
    async (req) => {
      const adminId = requireAdmin(req);
      const result = await setRole(db(), adminId, req.params.id, req.body.role, now());
      // Their next request sees the new role (the viewer cache forgets the account).
      if (result.changed) accountsChanged(app.ctx, [result.id]);
      return { id: result.id, role: result.role };
    },
  );

  route(
    app,
    adminEndpoints.adminBan,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        summary: 'Suspend an account (banned: true, with a reason) or lift the suspension',
        params: z.object({ id: z.string().min(1).max(64) }),
        body: BanBodySchema,
        response: {
          200: BanResultSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (req) => {
      const adminId = requireAdmin(req);
      const reason = (req.body.reason ?? '').trim();
      const outcome = await adminBan(db(), { actorId: adminId, userId: req.params.id, banned: req.body.banned, reason }, now());
      // A ban takes effect at once: every token and open connection of the account stops working
      // (signing in again shows the contact-support message); the support thread hears.
      await announceBan(app.ctx, outcome);
      return { id: outcome.id, banned: outcome.banned };
    },
  );
};
