import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@swapu/shared/api';
import { LeaderboardQuerySchema, LeaderboardSchema, MemberPointsSchema, PointsSummarySchema } from '@swapu/shared/engagement';
import { requireUser } from '../../lib/auth';
import { leaderboard, memberPoints, pointsSummary } from './points.service';
import { route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

const UserIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** Points, badges and the leaderboard (issue 18, decision 0026): reads only; awards happen where points are earned. */
export const pointsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();

  route(
    app,
    endpoints.myPoints,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['points'],
        security,
        summary: 'My points: all time, this week and month, my streak, badges and the latest entries',
        response: { 200: PointsSummarySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (req) => pointsSummary(db(), requireUser(req), now()),
  );

  route(
    app,
    endpoints.userPoints,
    {
      schema: {
        tags: ['points'],
        summary: "A member's all-time points and badges (their profile)",
        params: UserIdParamsSchema,
        response: { 200: MemberPointsSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (req) => memberPoints(db(), req.params.id, now()),
  );

  route(
    app,
    endpoints.leaderboard,
    {
      schema: {
        tags: ['points'],
        summary: 'The top 50 by points this week, this month or of all time (Australia/Sydney), with my own rank when signed in',
        querystring: LeaderboardQuerySchema,
        response: { 200: LeaderboardSchema, 400: ErrorBodySchema },
      },
    },
    async (req) => leaderboard(db(), req.query.period, req.viewer.userId, now()),
  );
};
