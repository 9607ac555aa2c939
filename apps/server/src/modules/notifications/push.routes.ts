import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@swapu/shared/api';
import { pushEndpoints } from '@swapu/shared/push-endpoints';
import {
  PushPreferencesSchema,
  PushPreferencesUpdateSchema,
  PushPublicKeySchema,
  PushSubscribeSchema,
  PushUnsubscribeSchema,
} from '@swapu/shared/push';
import { requireAccount, requireUser } from '../../lib/auth';
import { isLocalOnly } from '../../lib/deployment';
import { route } from '../../lib/route';
import { pushPreferencesOf, subscribePush, unsubscribePush, updatePushPreferences } from './push-subscriptions';

/** Web Push (decision 0053): the server's public key, a device's subscription, the member's switches. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['notifications'];
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();

  route(
    app,
    pushEndpoints.pushPublicKey,
    { schema: { tags, summary: 'The VAPID public key browsers subscribe to pushes with', response: { 200: PushPublicKeySchema } } },
    async () => ({ publicKey: app.ctx.config.push.publicKey }),
  );
  route(
    app,
    pushEndpoints.pushSubscribe,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        security,
        summary: "Subscribe this device to the member's pushes (a browser PushSubscription); answers the switches",
        body: PushSubscribeSchema,
        response: { 200: PushPreferencesSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (req) => subscribePush(app.ctx.database, requireUser(req), req.body, now(), isLocalOnly(app.ctx.config)),
  );
  route(
    app,
    pushEndpoints.pushUnsubscribe,
    {
      config: { auth: 'account' },
      schema: {
        tags,
        security,
        summary: 'This device gets no more pushes',
        body: PushUnsubscribeSchema,
        response: { 204: z.null(), 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      await unsubscribePush(db(), requireAccount(req), req.body.endpoint);
      return reply.status(204).send(null);
    },
  );
  route(
    app,
    pushEndpoints.pushPreferences,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        security,
        summary: 'Which kinds of news are pushed, and to how many devices',
        response: { 200: PushPreferencesSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (req) => pushPreferencesOf(db(), requireUser(req)),
  );
  route(
    app,
    pushEndpoints.updatePushPreferences,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        security,
        summary: 'Switch kinds of pushes on or off (chat messages, offers, matches, chains)',
        body: PushPreferencesUpdateSchema,
        response: { 200: PushPreferencesSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (req) => updatePushPreferences(db(), requireUser(req), req.body, now()),
  );
};
