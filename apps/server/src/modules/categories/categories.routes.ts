import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryListSchema } from '@swapu/shared/api';
import { listCategories } from './categories.service';
import { route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    endpoints.categories,
    {
      schema: {
        tags: ['categories'],
        summary: 'The 36 categories with their live post counts',
        response: { 200: CategoryListSchema },
      },
    },
    async (req) => ({ items: await listCategories(app.ctx.database.db, req.viewer, app.ctx.clock.now()) }),
  );
};
