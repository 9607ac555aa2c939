import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from './saved-searches.service';
import { suggest } from './search-terms';
import { search } from './search.service';
import { memberHash } from '../analytics/index';
import { suggestedFor } from './suggested.service';
import { errorAnswers, route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const now = () => app.ctx.clock.now();
  const errorsOf = errorAnswers(400, 401, 403, 404);

  route(
    app,
    endpoints.search,
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

  route(
    app,
    endpoints.suggest,
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

  route(
    app,
    endpoints.savedSearches,
    {
      config: { auth: 'user' },
      schema: { tags: ['search'], security, summary: 'My saved searches', response: { 200: SavedSearchListSchema, ...errorsOf } },
    },
    async (req) => ({ items: await listSavedSearches(app.ctx.database.db, requireUser(req)) }),
  );

  route(
    app,
    endpoints.saveSearch,
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

  route(
    app,
    endpoints.deleteSavedSearch,
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

  route(
    app,
    endpoints.suggested,
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
};
