import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@swapu/shared/api';
import { InvariantReportSchema } from '@swapu/shared/invariants';
import { requireAdmin } from '../../lib/auth';
import { checkInvariants } from './invariants';
import { route } from '../../lib/route';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';

/** The marketplace's invariants checked now (docs/decisions/0045), for the admin dashboard. */
export const invariantsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    adminEndpoints.adminInvariants,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'The invariants checked now: every token balance equals its ledger, each paid checkout granted once, and the rest',
        response: { 200: InvariantReportSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (req) => {
      requireAdmin(req);
      return checkInvariants(app.ctx.database.db, app.ctx.clock.now());
    },
  );
};
