import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PostIdParamsSchema } from '@swapu/shared/api';
import { endpoints } from '@swapu/shared/endpoints';
import { FairnessSchema, FairnessTermsQuerySchema } from '@swapu/shared/fairness';
import { requireUser } from '../../lib/auth';
import { errorAnswers, route } from '../../lib/route';
import { draftFairness, offerFairness } from './fairness.service';

/** The fair-swap meter (decision 0051): read-only, apart from the offer routes, so it never holds up an offer. */
export const fairnessRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const db = () => app.ctx.database.db;
  const errorsOf = errorAnswers(400, 401, 403, 404, 409);

  route(
    app,
    endpoints.offerFairness,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['offers'],
        security,
        summary:
          'The fair-swap meter of an offer: both sides stated and at market estimates, and the verdict for the viewer (its two parties only); with cashKind, of a counter-offer’s draft terms',
        params: PostIdParamsSchema,
        querystring: FairnessTermsQuerySchema,
        response: { 200: FairnessSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireUser(req);
      return offerFairness(db(), req.viewer, req.params.id, req.query);
    },
  );

  route(
    app,
    endpoints.draftFairness,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['offers'],
        security,
        summary: 'The fair-swap meter of a draft offer on a listing, for the member who would make it',
        params: PostIdParamsSchema,
        querystring: FairnessTermsQuerySchema,
        response: { 200: FairnessSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireUser(req);
      return draftFairness(db(), req.viewer, req.params.id, req.query, app.ctx.clock.now());
    },
  );
};
