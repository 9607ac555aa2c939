import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PostIdParamsSchema } from '@swapu/shared/api';
import { AssistAccountSchema, AssistResultSchema } from '@swapu/shared/money-api';
import { requireUser } from '../../lib/auth';
import { postChanged } from '../../lib/viewer-cache';
import { assistAccount, assistWithTokens } from './assist.service';
import { errorAnswers, route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

/** Swap Assist (decision 0024): a month of one item's assist paid in tokens, and my unlimited assist. */
export const assistRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();
  const errorsOf = errorAnswers(400, 401, 403, 404, 409, 429);

  route(
    app,
    endpoints.assistPost,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        security,
        summary: "A month of one of my published items' Swap Assist for 2 tokens (5 in special categories)",
        params: PostIdParamsSchema,
        response: { 200: AssistResultSchema, ...errorsOf },
      },
    },
    async (req) => {
      const result = await assistWithTokens(db(), requireUser(req), req.params.id, now());
      postChanged(app.ctx, req.params.id);
      return result;
    },
  );

  route(
    app,
    endpoints.assist,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        security,
        summary: 'My unlimited Swap Assist: when it ends (null when none runs)',
        response: { 200: AssistAccountSchema, ...errorsOf },
      },
    },
    async (req) => assistAccount(db(), requireUser(req), now()),
  );
};
