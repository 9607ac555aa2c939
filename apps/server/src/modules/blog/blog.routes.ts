import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BlogIdParamsSchema, BlogListSchema, BlogPostSchema, ErrorBodySchema, UrlTitleParamsSchema } from '@swapu/shared/api';
import { getBlogPost, getBlogPostByUrlTitle, listBlogPosts } from './blog.service';
import { route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  route(
    app,
    endpoints.blog,
    { schema: { tags: ['blog'], summary: 'Published blog posts, newest first', response: { 200: BlogListSchema } } },
    async () => ({ items: await listBlogPosts(db(), app.ctx.clock.now()) }),
  );
  route(
    app,
    endpoints.blogPost,
    {
      schema: {
        tags: ['blog'],
        params: BlogIdParamsSchema,
        response: { 200: BlogPostSchema, 404: ErrorBodySchema },
      },
    },
    async (req) => getBlogPost(db(), app.ctx.clock.now(), req.params.id),
  );
  route(
    app,
    endpoints.blogPostByUrlTitle,
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
