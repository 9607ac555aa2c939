import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorBodySchema, PostIdParamsSchema } from '@swapu/shared/api';
import {
  SavedSearchInputSchema,
  SavedSearchListSchema,
  SavedSearchSchema,
  SearchQuerySchema,
  SearchResultSchema,
  SuggestQuerySchema,
  SuggestResultSchema,
  SuggestedListSchema,
} from '@swapu/shared/search';
import { requireUser } from '../../lib/auth';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, runSearchAlerts } from './saved-searches.service';
import { refreshSearchTerms, suggest } from './search-terms';
import { search } from './search.service';
import { memberHash } from '../analytics/events.service';
import { suggestedFor } from './suggested.service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const now = () => app.ctx.clock.now();
  const errorsOf = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

  app.get(
    '/api/v1/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Search live items by keyword, category, distance and filters, sorted and keyset-paged',
        querystring: SearchQuerySchema,
        response: { 200: SearchResultSchema, ...errorsOf },
      },
    },
    async (req) => search(app.ctx.database, req.viewer, now(), req.query, (id) => memberHash(app.ctx.config.jwtSecret, id)),
  );

  app.get(
    '/api/v1/search/suggest',
    {
      schema: {
        tags: ['search'],
        summary: 'Completions for the search box',
        querystring: SuggestQuerySchema,
        response: { 200: SuggestResultSchema, 400: ErrorBodySchema },
      },
    },
    async (req) => suggest(app.ctx.database, req.query.q),
  );

  app.get(
    '/api/v1/me/saved-searches',
    {
      config: { auth: 'user' },
      schema: { tags: ['search'], security, summary: 'My saved searches', response: { 200: SavedSearchListSchema, ...errorsOf } },
    },
    async (req) => ({ items: await listSavedSearches(app.ctx.database.db, requireUser(req)) }),
  );

  app.post(
    '/api/v1/me/saved-searches',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['search'],
        security,
        summary: 'Save a search: new matching items are notified (subscribers at once, others after 24 hours)',
        body: SavedSearchInputSchema,
        response: { 201: SavedSearchSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      requireUser(req);
      const saved = await createSavedSearch(app.ctx.database, req.viewer, now(), req.body);
      return reply.status(201).send(saved);
    },
  );

  app.delete(
    '/api/v1/me/saved-searches/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['search'],
        security,
        summary: 'Delete a saved search',
        params: PostIdParamsSchema,
        response: { 204: z.null(), ...errorsOf },
      },
    },
    async (req, reply) => {
      await deleteSavedSearch(app.ctx.database.db, requireUser(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/me/suggested',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['search'],
        security,
        summary: 'Items suggested for me, each with its reason',
        response: { 200: SuggestedListSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireUser(req);
      return { items: await suggestedFor(app.ctx.database, req.viewer, now()) };
    },
  );

  // Journeys cannot wait for the timers: with SWAPU_TEST_HOOKS on (never in production) they run
  // the alert sweep (optionally as if at a later time) and rebuild the word list now.
  if (app.ctx.config.testHooks) {
    app.post(
      '/api/test/search/alerts',
      {
        schema: {
          hide: true,
          body: z.object({ at: z.string().datetime().optional() }).optional(),
          response: { 200: z.object({ notified: z.number() }) },
        },
      },
      async (req) => {
        const at = req.body?.at ? new Date(req.body.at) : now();
        return runSearchAlerts({ database: app.ctx.database, publicUrl: app.ctx.config.publicUrl, hub: app.ctx.hub }, at);
      },
    );
    // An item listed "a day ago": what non-subscribers see, and what their alerts are about.
    app.post(
      '/api/test/posts/:id/backdate',
      {
        schema: {
          hide: true,
          params: PostIdParamsSchema,
          body: z.object({
            hours: z
              .number()
              .min(0)
              .max(24 * 365),
          }),
          response: { 204: z.null() },
        },
      },
      async (req, reply) => {
        const ms = Math.round(req.body.hours * 3600_000);
        await app.ctx.database.db.execute(
          sql`update posts set published_at = published_at - ${`${ms} milliseconds`}::interval,
            created_at = created_at - ${`${ms} milliseconds`}::interval where id = ${req.params.id}`,
        );
        return reply.status(204).send(null);
      },
    );
    app.post('/api/test/search/terms', { schema: { hide: true, response: { 200: z.object({ terms: z.number() }) } } }, async () => ({
      terms: await refreshSearchTerms(app.ctx.database.db),
    }));
  }
};
