import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, PostIdParamsSchema } from '@swapu/shared/api';
import { offers, subscriptions, users } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { accountsChanged } from '../../lib/viewer-cache';
import { refreshRollups, refreshBusiness } from '../analytics/index';
import { runSearchAlerts, refreshSearchTerms } from '../search/index';
import { refreshReliability } from '../reliability/index';
import { serverEndpoints } from '../../lib/server-endpoints';
import { route } from '../../lib/route';

const AccountParams = z.object({ id: z.string().min(1).max(64) });
const DAY = 86_400_000;

/**
 * Every test hook, in one place. Accounts as the journeys need them, made by the journeys
 * themselves (never the demo seed's): an admin, a subscriber; and time the journeys cannot wait
 * for (an offer's expiry, the alert sweep, a listing's age, the word list, the rollups). Registered only with SWAPU_TEST_HOOKS, which a server refuses outside
 * development/test or beyond loopback (lib/deployment.ts).
 */
export const testingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();
  const live = async (id: string) => {
    const [u] = await app.ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    if (!u) throw errors.notFound();
    return u.id;
  };

  route(
    app,
    serverEndpoints.testMakeAdmin,
    { schema: { hide: true, params: AccountParams, response: { 204: z.null(), 404: ErrorBodySchema } } },
    async (req, reply) => {
      const id = await live(req.params.id);
      await app.ctx.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, id));
      accountsChanged(app.ctx, [id]);
      return reply.status(204).send(null);
    },
  );

  route(
    app,
    serverEndpoints.testSubscription,
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
  route(app, serverEndpoints.testRollups, { schema: { hide: true, response: { 204: z.null() } } }, async (_req, reply) => {
    await refreshRollups(app.ctx.database.db, app.ctx.clock.now());
    await refreshBusiness(app.ctx.database.db, app.ctx.clock.now());
    return reply.status(204).send(null);
  });

  // Journeys cannot wait a week for an offer to expire: they may move one offer's expiry into the past.
  route(
    app,
    serverEndpoints.testExpireOffer,
    { schema: { hide: true, params: PostIdParamsSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      await db()
        .update(offers)
        .set({ expiresAt: new Date(now().getTime() - 1000) })
        .where(eq(offers.id, req.params.id));
      return reply.status(204).send(null);
    },
  );

  // Journeys cannot wait for the timers: they run the alert sweep (optionally as if at a later
  // time) and rebuild the word list now.
  route(
    app,
    serverEndpoints.testSearchAlerts,
    {
      schema: {
        hide: true,
        body: z.object({ at: z.string().datetime().optional() }).optional(),
        response: { 200: z.object({ notified: z.number() }) },
      },
    },
    async (req) => {
      const at = req.body?.at ? new Date(req.body.at) : now();
      return runSearchAlerts({ database: app.ctx.database, publicUrl: app.ctx.config.publicUrl, hub: app.ctx.hub }, at);
    },
  );
  // An item listed "a day ago": what non-subscribers see, and what their alerts are about.
  route(
    app,
    serverEndpoints.testBackdatePost,
    {
      schema: {
        hide: true,
        params: PostIdParamsSchema,
        body: z.object({
          hours: z
            .number()
            .min(0)
            .max(24 * 365),
        }),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      const ms = Math.round(req.body.hours * 3600_000);
      await app.ctx.database.db.execute(
        sql`update posts set published_at = published_at - ${`${ms} milliseconds`}::interval,
          created_at = created_at - ${`${ms} milliseconds`}::interval where id = ${req.params.id}`,
      );
      return reply.status(204).send(null);
    },
  );
  route(app, serverEndpoints.testSearchTerms, { schema: { hide: true, response: { 200: z.object({ terms: z.number() }) } } }, async () => ({
    terms: await refreshSearchTerms(app.ctx.database.db),
  }));

  // An account made "N days ago" (reliability: a member under 30 days is a new member), and the
  // reliability job's turn now, for every row however fresh (decision 0052).
  route(
    app,
    serverEndpoints.testBackdateAccount,
    {
      schema: {
        hide: true,
        params: AccountParams,
        body: z.object({ days: z.number().int().min(0).max(3650) }),
        response: { 204: z.null(), 404: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const id = await live(req.params.id);
      await db().execute(sql`update users set created_at = created_at - ${`${req.body.days} days`}::interval where id = ${id}`);
      return reply.status(204).send(null);
    },
  );
  route(
    app,
    serverEndpoints.testReliability,
    { schema: { hide: true, response: { 200: z.object({ members: z.number() }) } } },
    async () => {
      await db().execute(sql`update member_reliability set computed_at = to_timestamp(0)`);
      return { members: (await refreshReliability(db(), now())).members };
    },
  );
};
