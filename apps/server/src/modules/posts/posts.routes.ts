import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, PostDetailSchema, PostIdParamsSchema, PostListQuerySchema, PostListSchema } from '@swapu/shared/api';
import { MicroCache } from '../../lib/micro-cache';
import { getPost, listFeed } from './posts.service';

export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Guests share renderings for up to a second (see lib/micro-cache.ts); signed-in viewers never.
  const guestCache = new MicroCache(app.ctx.config.guestCacheMs);
  const cached = async <T>(
    req: { viewer: { userId: string | null }; url: string },
    reply: { type(t: string): unknown },
    load: () => Promise<T>,
  ) => {
    if (req.viewer.userId || app.ctx.config.guestCacheMs === 0) return load();
    const hit = guestCache.get(req.url);
    if (hit !== undefined) {
      reply.type('application/json; charset=utf-8');
      return hit as unknown as T;
    }
    const result = await load();
    guestCache.set(req.url, JSON.stringify(result));
    return result;
  };
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
    async (req, reply) => cached(req, reply, () => listFeed(app.ctx.database.db, req.viewer, app.ctx.clock.now(), req.query)),
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
    async (req, reply) => cached(req, reply, () => getPost(app.ctx.database.db, req.viewer, app.ctx.clock.now(), req.params.id)),
  );
};
