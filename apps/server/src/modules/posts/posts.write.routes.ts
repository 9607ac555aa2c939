import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, PostDetailSchema, PostIdParamsSchema } from '@swapu/shared/api';
import { MyPostsQuerySchema, PostFieldsSchema } from '@swapu/shared/listing';
import { requireUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { getPost } from './posts.service';
import { createDraft, deletePost, listMyPosts, publishPost, setPostState, updatePost } from './posts.write';

/** Parses form fields; unknown keys (owner, state, dates…) are refused, changing nothing. */
function fields(body: unknown) {
  const parsed = PostFieldsSchema.safeParse(body ?? {});
  if (!parsed.success) {
    throw new AppError(400, 'data_invalid', Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || '_', i.message])));
  }
  return parsed.data;
}

export const postsWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();
  const security = [{ bearerAuth: [] }];
  const detail = (req: { viewer: Parameters<typeof getPost>[1] }, id: string) => getPost(db(), req.viewer, now(), id);
  const errorsOf = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

  app.post(
    '/api/v1/posts',
    { schema: { tags: ['posts'], security, summary: 'Start a draft listing', body: z.unknown(), response: { 201: PostDetailSchema, ...errorsOf } } },
    async (req, reply) => {
      const userId = requireUser(req);
      const id = await createDraft(db(), userId, fields(req.body), now());
      return reply.status(201).send(await detail(req, id));
    },
  );

  app.patch(
    '/api/v1/posts/:id',
    { schema: { tags: ['posts'], security, params: PostIdParamsSchema, body: z.unknown(), response: { 200: PostDetailSchema, ...errorsOf } } },
    async (req) => {
      requireUser(req);
      await updatePost(db(), req.viewer, req.params.id, fields(req.body), now());
      return detail(req, req.params.id);
    },
  );

  app.post(
    '/api/v1/posts/:id/publish',
    { schema: { tags: ['posts'], security, params: PostIdParamsSchema, response: { 200: PostDetailSchema, ...errorsOf } } },
    async (req) => {
      requireUser(req);
      await publishPost(db(), req.viewer, req.params.id, now());
      return detail(req, req.params.id);
    },
  );

  app.post(
    '/api/v1/posts/:id/state',
    {
      schema: {
        tags: ['posts'],
        security,
        summary: 'Withdraw a listing, or mark it swapped or sold',
        params: PostIdParamsSchema,
        body: z.object({ state: z.enum(['archived', 'swapped', 'sold']) }),
        response: { 200: PostDetailSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireUser(req);
      await setPostState(db(), req.viewer, req.params.id, req.body.state, now());
      return detail(req, req.params.id);
    },
  );

  app.delete(
    '/api/v1/posts/:id',
    { schema: { tags: ['posts'], security, params: PostIdParamsSchema, response: { 204: z.null(), ...errorsOf } } },
    async (req, reply) => {
      requireUser(req);
      await deletePost(db(), req.viewer, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/me/posts',
    {
      schema: {
        tags: ['posts'],
        security,
        querystring: MyPostsQuerySchema,
        response: {
          200: z.object({
            items: z.array(
              z.object({ id: z.string(), title: z.string(), state: z.string(), updatedAt: z.date(), publishedAt: z.date().nullable() }),
            ),
          }),
          ...errorsOf,
        },
      },
    },
    async (req) => ({ items: await listMyPosts(db(), requireUser(req), req.query.state) }),
  );
};
