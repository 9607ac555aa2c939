import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@swapu/shared/api';
import {
  DeckSchema,
  PairingSchema,
  SampleDeckSchema,
  SwipeAllowanceSchema,
  SwipeBodySchema,
  SwipeResultSchema,
  UndoResultSchema,
} from '@swapu/shared/engagement';
import { requireUser } from '../../lib/auth';
import { likesChanged, postChanged } from '../../lib/viewer-cache';
import { pairing, sampleDeck } from './deck.service';
import { allowanceOf, deckFor, swipe, undoSwipe } from './swipe.service';
import { errorAnswers, route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

const Id = z.string().min(1).max(64);

/** Swap Swipe (issue 18, decision 0026): the deck, swipes and their daily allowance, undo, shareable pairings. */
export const swipeRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();
  const errorsOf = errorAnswers(400, 401, 403, 404, 409);

  route(
    app,
    endpoints.swipeSample,
    {
      schema: {
        tags: ['swipe'],
        summary: "The guests' live sample deck on /swap-swipe: the newest public items",
        response: { 200: SampleDeckSchema },
      },
    },
    async () => sampleDeck(db(), now()),
  );

  route(
    app,
    endpoints.swipeDeck,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['swipe'],
        security,
        summary: 'The next cards for one of my published items, best first, with why each was suggested and my allowance today',
        params: z.object({ postId: Id }),
        response: { 200: DeckSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireUser(req);
      return deckFor(db(), req.viewer, req.params.postId, now());
    },
  );

  route(
    app,
    endpoints.swipePairing,
    {
      schema: {
        tags: ['swipe'],
        summary: 'One pairing, an item against a suggested one, with why (a shareable link; guests too)',
        params: z.object({ postId: Id, counterId: Id }),
        response: { 200: PairingSchema, 404: ErrorBodySchema },
      },
    },
    async (req) => pairing(db(), req.viewer, req.params.postId, req.params.counterId, now()),
  );

  route(
    app,
    endpoints.swipe,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['swipe'],
        security,
        summary: "Swipe a card: right likes it (counted against today's allowance), left passes it for 30 days",
        body: SwipeBodySchema,
        response: { 200: SwipeResultSchema, ...errorsOf },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const result = await swipe(
        { database: app.ctx.database, publicUrl: app.ctx.config.publicUrl, hub: app.ctx.hub },
        req.viewer,
        req.body,
        now(),
      );
      if (req.body.direction === 'right') {
        likesChanged(app.ctx, [userId]);
        app.ctx.chainFinder?.liked(userId, req.body.postId);
        postChanged(app.ctx, req.body.postId);
      }
      return result;
    },
  );

  route(
    app,
    endpoints.undoSwipe,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['swipe'],
        security,
        summary: 'Take back my latest swipe (of the last half hour)',
        response: { 200: UndoResultSchema, ...errorsOf },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const result = await undoSwipe(app.ctx.database, req.viewer, now());
      if (result.direction === 'right') {
        likesChanged(app.ctx, [userId]);
        postChanged(app.ctx, result.postId);
      }
      return result;
    },
  );

  route(
    app,
    endpoints.swipeAllowance,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['swipe'],
        security,
        summary: 'My right swipes today (Australia/Sydney) and my allowance',
        response: { 200: SwipeAllowanceSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireUser(req);
      return allowanceOf(db(), req.viewer, now());
    },
  );
};
