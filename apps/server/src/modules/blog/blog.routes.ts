import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BlogIdParamsSchema, BlogListSchema, BlogPostSchema, ErrorBodySchema, UrlTitleParamsSchema } from '@swapu/shared/api';
import { getBlogPost, getBlogPostByUrlTitle, listBlogPosts } from './blog.service';

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  app.get(
    '/api/v1/blog',
    { schema: { tags: ['blog'], summary: 'Published blog posts, newest first', response: { 200: BlogListSchema } } },
    async () => ({ items: await listBlogPosts(db(), app.ctx.clock.now()) }),
  );
  app.get(
    '/api/v1/blog/:id',
    {
      schema: {
        tags: ['blog'],
        params: BlogIdParamsSchema,
        response: { 200: BlogPostSchema, 404: ErrorBodySchema },
      },
    },
    async (req) => getBlogPost(db(), app.ctx.clock.now(), req.params.id),
  );
  app.get(
    '/api/v1/blog/by-url-title/:urlTitle',
    {
      schema: {
        tags: ['blog'],
        summary: 'The blog post whose urlTitle equals the value (unknown-path redirects use it)',
        params: UrlTitleParamsSchema,
        response: { 200: BlogPostSchema, 404: ErrorBodySchema },
      },
    },
    async (req) => getBlogPostByUrlTitle(db(), app.ctx.clock.now(), req.params.urlTitle),
  );
};
