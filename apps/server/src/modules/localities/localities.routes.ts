import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, LocalityListSchema, LocalityQuerySchema } from '@swapu/shared/api';
import { suggestLocalities } from './localities.service';
import { route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

export const localitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    endpoints.localities,
    {
      schema: {
        tags: ['localities'],
        summary: 'Suburb and postcode suggestions',
        querystring: LocalityQuerySchema,
        response: { 200: LocalityListSchema, 400: ErrorBodySchema },
      },
    },
    async (req) => ({ items: await suggestLocalities(app.ctx.database.db, req.query.q, req.query.limit) }),
  );
};
