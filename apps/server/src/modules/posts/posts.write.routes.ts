import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsChanged, postChanged } from '../../lib/viewer-cache';
import { z } from 'zod';
import {
  ErrorBodySchema,
  ImageOrderBodySchema,
  PostStateBodySchema,
  MyPostListSchema,
  PostDeleteResultSchema,
  PostDetailSchema,
  PostIdParamsSchema,
} from '@swapu/shared/api';
import { MyPostsQuerySchema, PostFieldsSchema } from '@swapu/shared/listing';
import { requireUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { getPost } from './posts.service';
import { enforce } from '../../lib/rate-limit';
import { addPostImage, removePostImage, reorderPostImages } from './posts.images';
import { createDraft, deletePost, listMyPosts, publishPost, setPostState, updatePost } from './posts.write';
import { errorAnswers, route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

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
  const errorsOf = errorAnswers(400, 401, 403, 404, 409);
  // A listing that changed is read afresh by its next viewer (its shared renderings go); one just
  // published changes its owner's feed too (their own item in early access).
  // Before the answer leaves, so the next request (the owner's own, at once) cannot beat it.
  app.addHook('onSend', async (req, reply, payload) => {
    const id = (req.params as { id?: string } | undefined)?.id;
    if (req.method !== 'GET' && reply.statusCode < 400 && id) {
      postChanged(app.ctx, id);
      if (req.viewer.userId && req.url.endsWith('/publish')) accountsChanged(app.ctx, [req.viewer.userId]);
    }
    return payload;
  });

  route(
    app,
    endpoints.createPost,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['posts'],
        security,
        summary: 'Start a draft listing',
        body: z.unknown(),
        response: { 201: PostDetailSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      const userId = requireUser(req);
      const id = await createDraft(db(), userId, fields(req.body), now());
      return reply.status(201).send(await detail(req, id));
    },
  );

  route(
    app,
    endpoints.savePost,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['posts'],
        security,
        params: PostIdParamsSchema,
        body: z.unknown(),
        response: { 200: PostDetailSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireUser(req);
      await updatePost(db(), req.viewer, req.params.id, fields(req.body), now());
      return detail(req, req.params.id);
    },
  );

  route(
    app,
    endpoints.publishPost,
    {
      config: { auth: 'user' },
      schema: { tags: ['posts'], security, params: PostIdParamsSchema, response: { 200: PostDetailSchema, ...errorsOf } },
    },
    async (req) => {
      requireUser(req);
      await publishPost(db(), req.viewer, req.params.id, now());
      // Subscribers' saved searches hear about it at once (everyone else's after 24 hours).
      app.ctx.searchAlerts?.kick();
      return detail(req, req.params.id);
    },
  );

  route(
    app,
    endpoints.postState,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['posts'],
        security,
        summary: 'Withdraw a listing, or mark it swapped or sold',
        params: PostIdParamsSchema,
        body: PostStateBodySchema,
        response: { 200: PostDetailSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireUser(req);
      await setPostState(db(), req.viewer, req.params.id, req.body.state, now());
      return detail(req, req.params.id);
    },
  );

  route(
    app,
    endpoints.deletePost,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['posts'],
        security,
        summary: 'Delete a listing; one with swap history (offers, a reservation, a swap or sale) is archived instead',
        params: PostIdParamsSchema,
        response: { 200: PostDeleteResultSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireUser(req);
      return { outcome: await deletePost(db(), app.ctx.storage, req.viewer, req.params.id, now()) };
    },
  );

  const uploadDeps = () => ({ database: app.ctx.database, storage: app.ctx.storage, moderator: app.ctx.moderator });
  const ImageParams = z.object({ id: z.string().min(1).max(64), imageId: z.string().min(1).max(64) });

  route(
    app,
    endpoints.addPostImage,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['posts'],
        security,
        summary: 'Add a photo (multipart field "file"; under 25 MB; at most 10 per listing)',
        consumes: ['multipart/form-data'],
        params: PostIdParamsSchema,
        response: { 201: PostDetailSchema, 413: ErrorBodySchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      await enforce(app.ctx.database.db, 'upload', requireUser(req), now());
      const file = await req.file();
      if (!file) throw new AppError(400, 'image_invalid');
      const buf = await file.toBuffer();
      await addPostImage(uploadDeps(), req.viewer, req.params.id, buf, now());
      return reply.status(201).send(await detail(req, req.params.id));
    },
  );

  route(
    app,
    endpoints.deletePostImage,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['posts'],
        security,
        summary: 'Remove a photo',
        params: ImageParams,
        response: { 200: PostDetailSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireUser(req);
      await removePostImage(uploadDeps(), req.viewer, req.params.id, req.params.imageId, now());
      return detail(req, req.params.id);
    },
  );

  route(
    app,
    endpoints.orderPostImages,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['posts'],
        security,
        summary: 'Reorder the photos (every photo id once, first is the cover)',
        params: PostIdParamsSchema,
        body: ImageOrderBodySchema,
        response: { 200: PostDetailSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireUser(req);
      await reorderPostImages(uploadDeps(), req.viewer, req.params.id, req.body.imageIds, now());
      return detail(req, req.params.id);
    },
  );

  route(
    app,
    endpoints.myPosts,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['posts'],
        security,
        querystring: MyPostsQuerySchema,
        response: {
          200: MyPostListSchema,
          ...errorsOf,
        },
      },
    },
    async (req) => ({ items: await listMyPosts(db(), requireUser(req), now(), req.query.state) }),
  );
};
