import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PostIdParamsSchema } from '@swapu/shared/api';
import {
  ActivitySchema,
  CreateOfferSchema,
  OfferListQuerySchema,
  OfferListSchema,
  OfferSchema,
  ReviewBodySchema,
  ReviewListSchema,
  ReviewSchema,
  TransitionBodySchema,
} from '@swapu/shared/offers';
import { requireUser } from '../../lib/auth';
import { enforce } from '../../lib/rate-limit';
import { getOffer, listOffers } from './offer-views';
import { createOffer, transitionOffer, type OfferDeps } from './offers.service';
import { activity, listReviews, reviewSwap } from './reviews.service';
import { fairnessRoutes } from './fairness.routes';
import { errorAnswers, route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();
  const deps = (): OfferDeps => ({
    database: app.ctx.database,
    publicUrl: app.ctx.config.publicUrl,
    scheduleExpiry: app.ctx.offerExpiry?.schedule,
    hub: app.ctx.hub,
  });
  const errorsOf = errorAnswers(400, 401, 403, 404, 409, 429);

  route(
    app,
    endpoints.createOffer,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['offers'],
        security,
        summary: 'Make an offer on a post',
        body: CreateOfferSchema,
        response: { 201: OfferSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      await enforce(db(), 'offer', requireUser(req), now());
      const id = await createOffer(deps(), req.viewer, req.body, now());
      return reply.status(201).send(await getOffer(db(), req.viewer, id, now()));
    },
  );

  route(
    app,
    endpoints.offers,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['offers'],
        security,
        summary: 'My offers, sent or received, by state',
        querystring: OfferListQuerySchema,
        response: { 200: OfferListSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireUser(req);
      return { items: await listOffers(db(), req.viewer, req.query, now()) };
    },
  );

  route(
    app,
    endpoints.offer,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['offers'],
        security,
        summary: 'One offer (its two parties and admins only)',
        params: PostIdParamsSchema,
        response: { 200: OfferSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireUser(req);
      return getOffer(db(), req.viewer, req.params.id, now());
    },
  );

  route(
    app,
    endpoints.offerTransition,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['offers'],
        security,
        summary: 'Accept, decline, counter, suggest a change, withdraw, resubmit, confirm receipt or report a problem',
        params: PostIdParamsSchema,
        body: TransitionBodySchema,
        response: { 200: OfferSchema, 201: OfferSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      const me = requireUser(req);
      // A counter-offer or a resubmission is a new offer: it counts as one.
      if (req.body.transition === 'counter' || req.body.transition === 'resubmit') await enforce(db(), 'offer', me, now());
      const showId = await transitionOffer(deps(), req.viewer, req.params.id, req.body, now());
      const offer = await getOffer(db(), req.viewer, showId, now());
      return reply.status(showId === req.params.id ? 200 : 201).send(offer);
    },
  );

  route(
    app,
    endpoints.review,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['offers'],
        security,
        summary: 'Review the other party of a completed swap, once',
        params: PostIdParamsSchema,
        body: ReviewBodySchema,
        response: { 201: ReviewSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      requireUser(req);
      return reply.status(201).send(await reviewSwap(app.ctx.database.db, req.viewer, req.params.id, req.body, now()));
    },
  );

  route(
    app,
    endpoints.reviews,
    {
      schema: {
        tags: ['users'],
        summary: 'Reviews a member received, with their rating',
        params: PostIdParamsSchema,
        response: { 200: ReviewListSchema },
      },
    },
    async (req) => listReviews(db(), req.params.id),
  );

  route(
    app,
    endpoints.activity,
    { schema: { tags: ['offers'], summary: 'Community feed and totals', response: { 200: ActivitySchema } } },
    async () => activity(db(), now()),
  );

  await app.register(fairnessRoutes);
};
