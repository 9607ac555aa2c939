import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FavoriteListSchema, LikeResultSchema, PostIdParamsSchema, ReportBodySchema, ReportReceivedSchema } from '@swapu/shared/api';
import { requireUser } from '../../lib/auth';
import { likesChanged, postChanged } from '../../lib/viewer-cache';
import { likePost, listFavorites, unlikePost } from './likes.service';
import { enforce } from '../../lib/rate-limit';
import { reportPost } from './reports.service';
import { errorAnswers, route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

export const likesRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const deps = () => ({ database: app.ctx.database, publicUrl: app.ctx.config.publicUrl, hub: app.ctx.hub });
  const now = () => app.ctx.clock.now();
  const errorsOf = errorAnswers(400, 401, 403, 404, 429);

  // Like (PUT) and unlike (DELETE): afterwards the member's remembered likes and the post's like
  // count are read afresh.
  const likeRoute = (endpoint: typeof endpoints.like | typeof endpoints.unlike, summary: string, change: typeof likePost) =>
    route(
      app,
      endpoint,
      {
        config: { auth: 'user' },
        schema: { tags: ['likes'], security, summary, params: PostIdParamsSchema, response: { 200: LikeResultSchema, ...errorsOf } },
      },
      async (req) => {
        const userId = requireUser(req);
        const result = await change(deps(), req.viewer, req.params.id, now());
        likesChanged(app.ctx, [userId]);
        if (endpoint.method === 'PUT') app.ctx.chainFinder?.liked(userId, req.params.id);
        postChanged(app.ctx, req.params.id);
        return result;
      },
    );
  likeRoute(
    endpoints.like,
    'Like a post (adds it to favourites; a mutual like is a match: both get an email and a notification)',
    likePost,
  );
  likeRoute(endpoints.unlike, 'Unlike a post', unlikePost);

  route(
    app,
    endpoints.favorites,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['likes'],
        security,
        summary: 'My favourites, newest like first',
        response: { 200: FavoriteListSchema, ...errorsOf },
      },
    },
    async (req) => listFavorites(app.ctx.database.db, requireUser(req), now()),
  );

  route(
    app,
    endpoints.reportPost,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['likes'],
        security,
        summary: 'Report a listing to the moderators',
        params: PostIdParamsSchema,
        body: ReportBodySchema,
        response: { 202: ReportReceivedSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      const userId = requireUser(req);
      await enforce(app.ctx.database.db, 'report', userId, now());
      await reportPost(app.ctx.database.db, userId, req.params.id, req.body, now());
      return reply.status(202).send({ received: true });
    },
  );
};
