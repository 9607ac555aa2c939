import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminUserCsvQuerySchema,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  RoleBodySchema,
  RoleResultSchema,
} from '@swapu/shared/admin-users';
import { ErrorBodySchema } from '@swapu/shared/api';
import { requireAdmin } from '../../lib/auth';
import { accountsChanged } from '../../lib/viewer-cache';
import { adminUsersCsv, listAdminUsers, setRole } from './users.service';

const errorsOf = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/**
 * The admin console's users (issue 20): the table, its CSV, and granting or revoking admin.
 * Suspending is PUT /api/v1/admin/users/:id/ban (users.routes.ts), through the same service.
 */
export const adminUsersConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/v1/admin/users',
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

  app.get(
    '/api/v1/admin/users.csv',
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

  app.put(
    '/api/v1/admin/users/:id/role',
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
};
