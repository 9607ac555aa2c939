import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, PostIdParamsSchema } from '@swapu/shared/api';
import { GoalBodySchema, GoalListSchema, GoalPatchSchema, GoalSchema, GoalSuggestionsSchema } from '@swapu/shared/engagement';
import { requireUser } from '../../lib/auth';
import { goalSuggestions } from './goal-suggestions';
import { createGoal, listMyGoals, publicGoals, updateGoal } from './goals.service';
import { errorAnswers, route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

/** Goal trackers (issue 18): mine on /myswapu, the ones I show on my profile, suggestions that move them up. */
export const goalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();
  const errorsOf = errorAnswers(400, 401, 403, 404);

  route(
    app,
    endpoints.goals,
    {
      config: { auth: 'user' },
      schema: { tags: ['goals'], security, summary: 'My goals, newest first', response: { 200: GoalListSchema, ...errorsOf } },
    },
    async (req) => listMyGoals(db(), requireUser(req), now()),
  );

  route(
    app,
    endpoints.createGoal,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['goals'],
        security,
        summary: 'Set a goal: its name, the goal item, its cash value and one of my published items to start from',
        body: GoalBodySchema,
        response: { 201: GoalSchema, ...errorsOf },
      },
    },
    async (req, reply) => reply.status(201).send(await createGoal(db(), requireUser(req), req.body, now())),
  );

  route(
    app,
    endpoints.updateGoal,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['goals'],
        security,
        summary: 'Rename a goal, show it on my profile or not, archive it or make it active again',
        params: PostIdParamsSchema,
        body: GoalPatchSchema,
        response: { 200: GoalSchema, ...errorsOf },
      },
    },
    async (req) => updateGoal(db(), requireUser(req), req.params.id, req.body, now()),
  );

  route(
    app,
    endpoints.goalSuggestions,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['goals'],
        security,
        summary: 'Items that move a goal up: worth 10–50 % more, their owners wishing for what the goal’s current item is',
        params: PostIdParamsSchema,
        response: { 200: GoalSuggestionsSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireUser(req);
      return goalSuggestions(db(), req.viewer, req.params.id, now());
    },
  );

  route(
    app,
    endpoints.userGoals,
    {
      schema: {
        tags: ['goals'],
        summary: 'The goals a member shows on their profile',
        params: PostIdParamsSchema,
        response: { 200: GoalListSchema, 404: ErrorBodySchema },
      },
    },
    async (req) => publicGoals(db(), req.viewer, req.params.id, now()),
  );
};
