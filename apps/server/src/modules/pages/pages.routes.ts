import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/errors';
import { LOCALES, type Locale, MEMBER_PAGES_PATH, PAGE_TOKEN_COOKIE } from '@swapu/shared/constants';
import { resolveViewer } from '../../lib/auth';
import { MicroCache } from '../../lib/micro-cache';
import { renderShell, withRenderedPage } from './html-shell';
import { pageHead } from './page-head';
import { robotsTxt, sitemapIndex, sitemapPages, sitemapPosts } from './sitemap';
import { serverEndpoints } from '../../lib/server-endpoints';
import { route } from '../../lib/route';

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

  route(app, serverEndpoints.robots, { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(publicUrl())),
  );
  route(app, serverEndpoints.sitemap, { schema: { hide: true } }, async (_req, reply) =>
    xml(reply, await sitemapIndex(db(), now(), publicUrl())),
  );
  route(app, serverEndpoints.sitemapPages, { schema: { hide: true } }, async (_req, reply) =>
    xml(reply, await sitemapPages(db(), now(), publicUrl())),
  );
  route(
    app,
    serverEndpoints.sitemapPosts,
    { schema: { hide: true, querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }) } },
    async (req, reply) => {
      const body = await sitemapPosts(db(), now(), publicUrl(), req.query.page);
      // Past the last page: a 404, so a crawler drops the file.
      if (body === null) throw errors.notFound();
      return xml(reply, body);
    },
  );
};

/** The web build's server renderer (apps/web/src/entry-server.tsx), when it was built. */
interface Renderer {
  render(
    url: string,
    locale: Locale,
    fetchApi: (path: string, init: RequestInit) => Promise<Response>,
    member?: PageMember,
    site?: { testMode: boolean },
  ): Promise<RenderResult | null>;
}
interface RenderResult {
  html: string;
  state: unknown;
  /** The moment and time zone the page's dates were drawn at (the browser hydrates with them). */
  clock: unknown;
  /** Whom it was rendered for ('guest' or the member's id): the browser hydrates only as them. */
  userId: string;
}
/** The signed-in member a page is rendered for (the page cookie's token, checked as the API checks it). */
interface PageMember {
  userId: string;
  token: string;
  expiresAt: number;
}

/**
 * Sends the web app's HTML for a page address with that page's own head (title, description,
 * canonical, Open Graph, structured data), in the person's language; a public page also arrives
 * rendered (decision 0020), with the data it was rendered from for the browser to hydrate.
 */
export function webShell(app: FastifyInstance, webDist: string) {
  const file = path.join(webDist, 'index.html');
  let template: string | null = null;
  const read = () => (template ??= fs.readFileSync(file, 'utf8'));
  const rendererFile = path.join(path.dirname(webDist), 'dist-server', 'entry-server.js');
  // Loaded by the first page asked for, not at the start: React's server renderer, Mantine and the
  // app's pages are about half a CPU-second and 100 MB of resident memory, which a server that has
  // served no page yet (a new instance, a worker restarted, the crash test's 50 starts) does not
  // need. The first page waits for it once (decision 0047, 2026-12-06, late evening).
  let renderer: Promise<Renderer | null> | undefined;
  const loadRenderer = () =>
    (renderer ??= fs.existsSync(rendererFile)
      ? (import(pathToFileURL(rendererFile).href) as Promise<Renderer>).catch((err: unknown) => {
          app.log.warn({ err }, 'the server renderer did not load: pages are rendered in the browser');
          return null;
        })
      : Promise.resolve(null));
  // The page's API requests, answered in-process as the viewer (a guest, or the member with their
  // token): the same guards and rules as their own requests. Whatever headers the render asks
  // for, the token is this one alone.
  const fetchApiAs = (member: PageMember | undefined) => async (url: string, init: RequestInit) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (member) headers.authorization = `Bearer ${member.token}`;
    const res = await app.inject({ method: (init.method ?? 'GET') as 'GET', url, headers });
    return new Response(res.statusCode === 204 ? null : res.rawPayload, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
  const renderPage = async (url: string, locale: Locale, member?: PageMember): Promise<RenderResult | null> => {
    const r = await loadRenderer();
    if (!r) return null;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), app.ctx.config.renderBudgetMs)));
    try {
      return await Promise.race([r.render(url, locale, fetchApiAs(member), member, { testMode: app.ctx.config.testMode }), late]);
    } catch (err) {
      app.log.warn({ err, url }, 'server render failed: the page is rendered in the browser');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
  const pageHtml = async (req: FastifyRequest, locale: Locale, member?: PageMember) => {
    const url = new URL(req.url, 'http://local');
    const [head, page] = await Promise.all([
      pageHead(app, url, locale, app.ctx.config.publicUrl),
      req.method === 'GET' ? renderPage(req.url, locale, member) : Promise.resolve(null),
    ]);
    const html = renderShell(read(), head, locale, app.ctx.config.publicUrl, { testMode: app.ctx.config.testMode });
    return page ? withRenderedPage(html, page.html, { locale, state: page.state, clock: page.clock, userId: page.userId }) : html;
  };
  /**
   * The member a page request is rendered for: on a member's page (MEMBER_PAGES_PATH), the page
   * cookie's access token, when the API would take it (live account, not banned). Else none.
   */
  const memberOf = async (req: FastifyRequest): Promise<PageMember | undefined> => {
    const token = req.cookies?.[PAGE_TOKEN_COOKIE];
    if (!token || req.method !== 'GET' || !req.url.startsWith(`${MEMBER_PAGES_PATH}/`)) return undefined;
    const viewer = await resolveViewer(app.ctx, `Bearer ${token}`);
    if (!viewer.userId || viewer.banned || viewer.tokenExpiresAt === undefined) return undefined;
    return { userId: viewer.userId, token, expiresAt: viewer.tokenExpiresAt };
  };
  // Every guest asking for a page in a language gets the same HTML (nothing personal is in it):
  // kept for SHARED_CACHE_MS, and one render serves everyone who asks while it runs.
  const cache = new MicroCache<string>(app.ctx.config.sharedCacheMs, 500);
  const running = new Map<string, Promise<string>>();
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const locale = pageLocale(req);
    const member = await memberOf(req);
    if (member) {
      // A member's page holds their own data: made for this request alone, kept by no one.
      const own = await pageHtml(req, locale, member);
      return reply
        .header('cache-control', 'private, no-store')
        .type('text/html; charset=utf-8')
        .send(compressFor(req, reply, own));
    }
    const key = `${req.method} ${locale} ${req.url}`;
    let html = cache.get(key);
    if (html === undefined) {
      let pending = running.get(key);
      if (!pending) {
        pending = pageHtml(req, locale).finally(() => running.delete(key));
        running.set(key, pending);
      }
      html = await pending;
      cache.set(key, html);
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(compressFor(req, reply, html));
  };
}

/**
 * The page's HTML compressed as the browser accepts it (brotli at quality 4, else gzip), as
 * @fastify/compress does for routes: pages are sent by the not-found handler, which its
 * per-route hook never sees (decision 0017).
 */
function compressFor(req: FastifyRequest, reply: FastifyReply, html: string): string | Buffer {
  reply.header('vary', 'accept-encoding, accept-language, cookie');
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (html.length < 1024) return html;
  if (/\bbr\b/.test(accept)) {
    reply.header('content-encoding', 'br');
    return zlib.brotliCompressSync(html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
    });
  }
  if (/\bgzip\b/.test(accept)) {
    reply.header('content-encoding', 'gzip');
    return zlib.gzipSync(html, { level: 6 });
  }
  return html;
}
