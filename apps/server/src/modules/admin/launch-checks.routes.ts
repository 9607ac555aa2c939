import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@swapu/shared/api';
import { type LaunchCheck, type LaunchChecks, LaunchChecksSchema } from '@swapu/shared/launch-checks';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { requireAdmin } from '../../lib/auth';
import { untrustedProxySighting } from '../../lib/forwarded-check';
import { route } from '../../lib/route';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';

/** What the console warns about this deployment, most serious first (docs/decisions/0033). */
export async function launchChecks(db: Tx, config: Pick<Config, 'testMode' | 'trustProxy'>): Promise<LaunchChecks> {
  const items: LaunchCheck[] = [];
  if (config.testMode) items.push({ code: 'test_mode' });
  const proxy = await untrustedProxySighting(db, config);
  if (proxy) items.push({ code: 'untrusted_proxy', seenAt: proxy.seenAt, peer: proxy.peer });
  return { items };
}

export const launchChecksRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    adminEndpoints.adminLaunchChecks,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'What the console warns about this deployment (test mode, a proxy TRUST_PROXY does not trust)',
        response: { 200: LaunchChecksSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (req) => {
      requireAdmin(req);
      return launchChecks(app.ctx.database.db, app.ctx.config);
    },
  );
};
