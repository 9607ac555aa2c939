import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, PostDetailSchema, PostIdParamsSchema, PostListQuerySchema, PostListSchema } from '@swapu/shared/api';
import { PostViews } from './post-views';
import { route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  const views = new PostViews(app.ctx);
  // A post that changed (an edit, a like) is read afresh by its next viewer, on every instance.
  const stopListening = app.ctx.hub?.listen((event) => {
    if (event.kind === 'post-changed' && event.id) views.forgetPost(event.id);
  });
  app.addHook('onClose', async () => stopListening?.());
  /** Shared renderings are JSON bytes already, exactly as the route's serializer would write them. */
  const send = <T>(reply: { type(t: string): unknown }, body: T | Buffer): T => {
    if (Buffer.isBuffer(body)) reply.type('application/json; charset=utf-8');
    return body as T;
  };

  route(
    app,
    endpoints.feed,
    {
      schema: {
        tags: ['posts'],
        summary: 'The home feed: visible published posts, newest first',
        querystring: PostListQuerySchema,
        response: { 200: PostListSchema, 400: ErrorBodySchema },
      },
    },
    async (req, reply) => send(reply, await views.feed(req.viewer, app.ctx.clock.now(), req.query)),
  );

  route(
    app,
    endpoints.post,
    {
      schema: {
        tags: ['posts'],
        summary: 'One item post with every field (403 early_access, with only fields.opensAt, inside early access)',
        params: PostIdParamsSchema,
        response: { 200: PostDetailSchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (req, reply) => send(reply, await views.post(req.viewer, app.ctx.clock.now(), req.params.id)),
  );
};
