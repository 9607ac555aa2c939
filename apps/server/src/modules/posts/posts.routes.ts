import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, PostDetailSchema, PostIdParamsSchema, PostListQuerySchema, PostListSchema } from '@swapu/shared/api';
import { getPost, listFeed } from './posts.service';

export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/posts',
    {
      schema: {
        tags: ['posts'],
        summary: 'The home feed: visible published posts, newest first',
        querystring: PostListQuerySchema,
        response: { 200: PostListSchema, 400: ErrorBodySchema },
      },
    },
    async (req) => listFeed(app.ctx.database.db, req.viewer, app.ctx.clock.now(), req.query),
  );

  app.get(
    '/api/v1/posts/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'One item post with every field',
        params: PostIdParamsSchema,
        response: { 200: PostDetailSchema, 404: ErrorBodySchema },
      },
    },
    async (req) => getPost(app.ctx.database.db, req.viewer, app.ctx.clock.now(), req.params.id),
  );
};
