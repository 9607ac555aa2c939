import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@swapu/shared/api';
import { reliabilityEndpoints } from '@swapu/shared/reliability-endpoints';
import { MyReliabilitySchema, ReliabilityListSchema, ReliabilityQuerySchema } from '@swapu/shared/reliability-api';
import { requireUser } from '../../lib/auth';
import { route } from '../../lib/route';
import { myReliability, reliabilityOf } from './reliability.service';

/** Reliability badges (issue 41 item 2, decision 0052): reads of the job's rows only. */
export const reliabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();

  // Public, like a profile and its reviews: the facts are what a member's swaps, chats and
  // deliveries show the people they deal with anyway.
  route(
    app,
    reliabilityEndpoints.reliability,
    {
      schema: {
        tags: ['users'],
        summary: "Members' reliability badges and the facts behind them (up to 50 ids, comma-separated; unknown ones are left out)",
        querystring: ReliabilityQuerySchema,
        response: { 200: ReliabilityListSchema, 400: ErrorBodySchema },
      },
    },
    async (req) => ({ members: await reliabilityOf(db(), req.query.ids, now()) }),
  );

  route(
    app,
    reliabilityEndpoints.myReliability,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        security: [{ bearerAuth: [] }],
        summary: 'My reliability badge, each part of its score and what would raise it',
        response: { 200: MyReliabilitySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (req) => myReliability(db(), requireUser(req), now()),
  );
};
