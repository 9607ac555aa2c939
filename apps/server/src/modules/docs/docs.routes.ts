import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCS_IMAGE_NAME, DOCS_PAGES } from '@swapu/shared/docs';
import {
  DocsDatabaseSchema,
  DocsMenuSchema,
  DocsMetricsSchema,
  DocsPageQuerySchema,
  DocsPageSchema,
  DocsTestingSchema,
} from '@swapu/shared/docs-api';
import { requireDocsReader } from '../../lib/auth';
import { errors } from '../../lib/errors';
import { databaseDoc, diagramSvg, imagePath, menu, readPage, testingDoc, titleOf } from './sources';
import { errorAnswers, route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

const errorsOf = errorAnswers(400, 401, 403, 404);

/**
 * The documentation area (issue 21, decision 0032): admins and members with the docs role. The
 * pages are the repository's docs/site markdown; the testing, database and monitoring pages add
 * what is generated from the project itself (the API page reads the live OpenAPI document at
 * /api/docs/json). Nothing here is cached by the browser or a proxy: it is not public.
 */
export const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const privately = (reply: { header: (k: string, v: string) => unknown }) => reply.header('cache-control', 'private, no-store');

  route(
    app,
    endpoints.docsMenu,
    {
      config: { auth: 'docs' },
      schema: {
        tags: ['docs'],
        security,
        summary: "The documentation area's menu: every page with its group and title",
        querystring: DocsPageQuerySchema,
        response: { 200: DocsMenuSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      requireDocsReader(req);
      privately(reply);
      return { pages: menu(req.query.lang) };
    },
  );

  route(
    app,
    endpoints.docsPage,
    {
      config: { auth: 'docs' },
      schema: {
        tags: ['docs'],
        security,
        summary: 'A page of the documentation area, as markdown (English when it has no translation)',
        params: z.object({ slug: z.string().max(64) }),
        querystring: DocsPageQuerySchema,
        response: { 200: DocsPageSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      requireDocsReader(req);
      const entry = DOCS_PAGES.find((p) => p.slug === req.params.slug);
      const page = entry && readPage(entry.slug, req.query.lang);
      if (!entry || !page) throw errors.notFound();
      privately(reply);
      return {
        slug: entry.slug,
        group: entry.group,
        language: page.language,
        title: titleOf(page.markdown, entry.slug),
        markdown: page.markdown,
      };
    },
  );

  route(
    app,
    endpoints.docsTesting,
    {
      config: { auth: 'docs' },
      schema: {
        tags: ['docs'],
        security,
        summary: 'The test suites, their files and test counts, counted from the repository',
        response: { 200: DocsTestingSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      requireDocsReader(req);
      privately(reply);
      return testingDoc();
    },
  );

  route(
    app,
    endpoints.docsDatabase,
    {
      config: { auth: 'docs' },
      schema: {
        tags: ['docs'],
        security,
        summary: 'Every table of the database schema with its columns and foreign keys',
        response: { 200: DocsDatabaseSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      requireDocsReader(req);
      privately(reply);
      return databaseDoc();
    },
  );

  route(
    app,
    endpoints.docsDiagram,
    {
      config: { auth: 'docs' },
      schema: {
        tags: ['docs'],
        security,
        summary: 'The database diagram (SVG), drawn from the schema',
        produces: ['image/svg+xml'],
        response: { 200: z.string(), ...errorsOf },
      },
    },
    async (req, reply) => {
      requireDocsReader(req);
      privately(reply);
      return reply.header('content-type', 'image/svg+xml; charset=utf-8').send(await diagramSvg());
    },
  );

  route(
    app,
    endpoints.docsMetrics,
    {
      config: { auth: 'docs' },
      schema: {
        tags: ['docs'],
        security,
        summary: 'The metrics the server exports at /api/metrics, with their help text',
        response: { 200: DocsMetricsSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      requireDocsReader(req);
      privately(reply);
      const metrics = app.ctx.metrics?.registry.getMetricsAsArray() ?? [];
      return {
        path: '/api/metrics',
        metrics: metrics.map((m) => ({ name: m.name, type: String(m.type), help: m.help })).sort((a, b) => a.name.localeCompare(b.name)),
      };
    },
  );

  route(
    app,
    endpoints.docsImage,
    {
      config: { auth: 'docs' },
      schema: {
        tags: ['docs'],
        security,
        summary: "An image of the user guides (a journey's screenshot)",
        params: z.object({ name: z.string().max(100) }),
        produces: ['image/jpeg', 'image/png'],
        response: { 200: z.any(), ...errorsOf },
      },
    },
    async (req, reply) => {
      requireDocsReader(req);
      const file = DOCS_IMAGE_NAME.test(req.params.name) ? imagePath(req.params.name) : null;
      if (!file) throw errors.notFound();
      privately(reply);
      return reply.header('content-type', file.endsWith('.png') ? 'image/png' : 'image/jpeg').send(await fs.promises.readFile(file));
    },
  );
};
