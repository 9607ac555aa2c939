import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, LocalityListSchema, LocalityQuerySchema } from '@swapu/shared/api';
import { suggestLocalities } from './localities.service';

export const localitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/localities',
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
