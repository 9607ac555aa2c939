import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@swapu/shared/api';
import { subscriptions, users } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { accountsChanged } from '../../lib/viewer-cache';
import { refreshRollups } from '../analytics/rollups';
import { refreshBusiness } from '../analytics/business';

const AccountParams = z.object({ id: z.string().min(1).max(64) });
const DAY = 86_400_000;

/**
 * Accounts as the journeys need them, made by the journeys themselves (never the demo seed's):
 * an admin, a subscriber. Registered only with SWAPU_TEST_HOOKS, which a server refuses outside
 * development/test or beyond loopback (lib/deployment.ts).
 */
export const testingRoutes: FastifyPluginAsyncZod = async (app) => {
  const live = async (id: string) => {
    const [u] = await app.ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    if (!u) throw errors.notFound();
    return u.id;
  };

  app.post(
    '/api/test/accounts/:id/admin',
    { schema: { hide: true, params: AccountParams, response: { 204: z.null(), 404: ErrorBodySchema } } },
    async (req, reply) => {
      const id = await live(req.params.id);
      await app.ctx.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, id));
      accountsChanged(app.ctx, [id]);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/test/accounts/:id/subscription',
    { schema: { hide: true, params: AccountParams, response: { 204: z.null(), 404: ErrorBodySchema } } },
    async (req, reply) => {
      const id = await live(req.params.id);
      const now = app.ctx.clock.now();
      await app.ctx.database.db
        .insert(subscriptions)
        .values({ id: newId(), userId: id, status: 'active', currentPeriodEnd: new Date(now.getTime() + 30 * DAY), createdAt: now });
      accountsChanged(app.ctx, [id]);
      return reply.status(204).send(null);
    },
  );

  // The analytics rollups now, not at the job's next 5-minute turn (the dashboard's journey).
  app.post('/api/test/analytics/rollups', { schema: { hide: true, response: { 204: z.null() } } }, async (_req, reply) => {
    await refreshRollups(app.ctx.database.db, app.ctx.clock.now());
    await refreshBusiness(app.ctx.database.db, app.ctx.clock.now());
    return reply.status(204).send(null);
  });
};
