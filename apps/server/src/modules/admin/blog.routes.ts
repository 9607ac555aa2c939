import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminBlogListSchema, AdminBlogPostBodySchema, AdminBlogPostSchema } from '@swapu/shared/admin-blog';
import { BlogIdParamsSchema, ErrorBodySchema } from '@swapu/shared/api';
import { requireAdmin } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { enforce } from '../../lib/rate-limit';
import {
  createAdminBlogPost,
  deleteAdminBlogPost,
  getAdminBlogPost,
  listAdminBlogPosts,
  setAdminBlogCover,
  setAdminBlogPublished,
  updateAdminBlogPost,
} from './blog.service';
import { route } from '../../lib/route';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';

/**
 * The admin console's blog (issue 20): every post, drafts included; write and edit in markdown,
 * a cover image, publish and unpublish, delete. Admins only; each change is in the audit log.
 */
export const adminBlogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();
  const bearer = [{ bearerAuth: [] }];
  const tags = ['admin'];
  const denied = { 401: ErrorBodySchema, 403: ErrorBodySchema };
  const one = { 200: AdminBlogPostSchema, ...denied, 404: ErrorBodySchema };

  route(
    app,
    adminEndpoints.adminBlogPosts,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Every blog post, drafts included, last edited first',
        security: bearer,
        response: { 200: AdminBlogListSchema, ...denied },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { items: await listAdminBlogPosts(db(), now()) };
    },
  );

  route(
    app,
    adminEndpoints.adminBlogPost,
    {
      config: { auth: 'admin' },
      schema: { tags, summary: 'One blog post with its markdown body', security: bearer, params: BlogIdParamsSchema, response: one },
    },
    async (req) => {
      requireAdmin(req);
      return getAdminBlogPost(db(), req.params.id, now());
    },
  );

  route(
    app,
    adminEndpoints.adminCreateBlogPost,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Write a new post (a draft)',
        security: bearer,
        body: AdminBlogPostBodySchema,
        response: { 201: AdminBlogPostSchema, 400: ErrorBodySchema, ...denied, 409: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const actorId = requireAdmin(req);
      return reply.status(201).send(await createAdminBlogPost(db(), actorId, req.body, now()));
    },
  );

  route(
    app,
    adminEndpoints.adminUpdateBlogPost,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: "Save a post's title, urlTitle, summary and body",
        security: bearer,
        params: BlogIdParamsSchema,
        body: AdminBlogPostBodySchema,
        response: { ...one, 400: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (req) => updateAdminBlogPost(db(), requireAdmin(req), req.params.id, req.body, now()),
  );

  for (const publish of [true, false]) {
    route(
      app,
      publish ? adminEndpoints.adminPublishBlogPost : adminEndpoints.adminUnpublishBlogPost,
      {
        config: { auth: 'admin' },
        schema: {
          tags,
          summary: publish ? 'Publish a post (dated now)' : 'Take a post back to draft',
          security: bearer,
          params: BlogIdParamsSchema,
          response: one,
        },
      },
      async (req) => setAdminBlogPublished(db(), requireAdmin(req), req.params.id, publish, now()),
    );
  }

  route(
    app,
    adminEndpoints.adminDeleteBlogPost,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Delete a post',
        security: bearer,
        params: BlogIdParamsSchema,
        response: { 204: z.null(), ...denied, 404: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      await deleteAdminBlogPost(db(), app.ctx.storage, requireAdmin(req), req.params.id, now());
      return reply.status(204).send(null);
    },
  );

  route(
    app,
    adminEndpoints.adminBlogCover,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Set a post\'s cover image (multipart field "file"; under 25 MB)',
        security: bearer,
        consumes: ['multipart/form-data'],
        params: BlogIdParamsSchema,
        response: { ...one, 400: ErrorBodySchema, 413: ErrorBodySchema },
      },
    },
    async (req) => {
      const actorId = requireAdmin(req);
      await enforce(db(), 'upload', actorId, now());
      const file = await req.file();
      if (!file) throw new AppError(400, 'image_invalid');
      const buf = await file.toBuffer();
      return setAdminBlogCover(db(), app.ctx.storage, actorId, req.params.id, buf, now());
    },
  );

  route(
    app,
    adminEndpoints.adminDeleteBlogCover,
    {
      config: { auth: 'admin' },
      schema: { tags, summary: "Remove a post's cover image", security: bearer, params: BlogIdParamsSchema, response: one },
    },
    async (req) => setAdminBlogCover(db(), app.ctx.storage, requireAdmin(req), req.params.id, null, now()),
  );
};
