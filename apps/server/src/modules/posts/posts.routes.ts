import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, PostDetailSchema, PostIdParamsSchema, PostListQuerySchema, PostListSchema } from '@swapu/shared/api';
import { MicroCache } from '../../lib/micro-cache';
import { getPost, listFeed } from './posts.service';

export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Guests share renderings for up to a second (see lib/micro-cache.ts); signed-in viewers never.
  const guestCache = new MicroCache(app.ctx.config.guestCacheMs);
  // Guests asking for the same thing while it is being loaded wait for that one load instead of
  // starting their own (no stampede on the database when an entry expires under load).
  const inflight = new Map<string, Promise<unknown>>();
  const cached = async <T>(
    req: { viewer: { userId: string | null }; url: string },
    reply: { type(t: string): unknown },
    schema: z.ZodType<T>,
    load: () => Promise<T>,
  ): Promise<T> => {
    if (req.viewer.userId || app.ctx.config.guestCacheMs === 0) return load();
    // Guests get the JSON text straight from the cache: rendered once, through the route's schema,
    // exactly as the serializer would render it.
    reply.type('application/json; charset=utf-8');
    const hit = guestCache.get(req.url);
    if (hit !== undefined) return hit as unknown as T;
    let pending = inflight.get(req.url);
    if (!pending) {
      pending = load()
        .then((result) => {
          const body = JSON.stringify(z.encode(schema, result));
          guestCache.set(req.url, body);
          return body;
        })
        .finally(() => inflight.delete(req.url));
      inflight.set(req.url, pending);
    }
    return (await pending) as T;
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
    async (req, reply) => cached(req, reply, PostListSchema, () => listFeed(app.ctx.database.db, req.viewer, app.ctx.clock.now(), req.query)),
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
    async (req, reply) => cached(req, reply, PostDetailSchema, () => getPost(app.ctx.database.db, req.viewer, app.ctx.clock.now(), req.params.id)),
  );
};
