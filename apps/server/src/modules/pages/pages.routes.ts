import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/errors';
import { LOCALES, type Locale } from '@swapu/shared/constants';
import { renderShell } from './html-shell';
import { pageHead } from './page-head';
import { robotsTxt, sitemapIndex, sitemapPages, sitemapPosts } from './sitemap';

/** The language cookie the web app sets when a person picks one (the server renders in it). */
export const LANG_COOKIE = 'swapu_lang';

/** The page's language: the person's choice (cookie), else the browser's (Accept-Language). */
export function pageLocale(req: FastifyRequest): Locale {
  const chosen = req.cookies?.[LANG_COOKIE];
  if (chosen && (LOCALES as readonly string[]).includes(chosen)) return chosen as Locale;
  return req.headers['accept-language']?.toLowerCase().startsWith('pt') ? 'pt-PT' : 'en-US';
}

/** robots.txt and the sitemaps: public, guest-only data, cached briefly by browsers and crawlers. */
export const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = () => app.ctx.config.publicUrl;
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();
  const xml = (reply: FastifyReply, body: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(publicUrl())),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => xml(reply, await sitemapIndex(db(), now(), publicUrl())));
  app.get('/sitemap-pages.xml', { schema: { hide: true } }, async (_req, reply) =>
    xml(reply, await sitemapPages(db(), now(), publicUrl())),
  );
  app.get(
    '/sitemap-posts.xml',
    { schema: { hide: true, querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }) } },
    async (req, reply) => {
      const body = await sitemapPosts(db(), now(), publicUrl(), req.query.page);
      // Past the last page: a 404, so a crawler drops the file.
      if (body === null) throw errors.notFound();
      return xml(reply, body);
    },
  );
};

/**
 * Sends the web app's HTML for a page address with that page's own head (title, description,
 * canonical, Open Graph, structured data), in the person's language. The body stays the app's.
 */
export function webShell(app: FastifyInstance, webDist: string) {
  const file = path.join(webDist, 'index.html');
  let template: string | null = null;
  const read = () => (template ??= fs.readFileSync(file, 'utf8'));
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const locale = pageLocale(req);
    const url = new URL(req.url, 'http://local');
    const head = await pageHead(app, url, locale, app.ctx.config.publicUrl);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language, cookie')
      .type('text/html; charset=utf-8')
      .send(renderShell(read(), head, locale, app.ctx.config.publicUrl));
  };
}
