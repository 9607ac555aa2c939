import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, PostIdParamsSchema } from '@swapu/shared/api';
import {
  BoostResultSchema,
  CheckoutCreateBodySchema,
  CheckoutCreatedSchema,
  CheckoutIdParamsSchema,
  CheckoutSchema,
  LocalPaymentBodySchema,
  SubscriptionSchema,
  TokenAccountSchema,
} from '@swapu/shared/money-api';
import { requireUser } from '../../lib/auth';
import { enforce } from '../../lib/rate-limit';
import { accountsChanged, postChanged } from '../../lib/viewer-cache';
import { cancelCheckout, createCheckout, getCheckout, payLocally } from './checkouts.service';
import { cancelMySubscription, subscriptionOf } from './subscriptions.service';
import { boostPost, tokenAccount } from '../tokens/index';
import { errorAnswers, route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

/** Purchases through the payment port, the token account and what tokens pay for (decision 0023). */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();
  // Receipts, and the provider and hub for a payment that goes back (fulfilment.ts).
  const receiptDeps = () => ({
    seller: app.ctx.config.seller,
    publicUrl: app.ctx.config.publicUrl,
    payments: app.ctx.payments,
    hub: app.ctx.hub,
  });
  // The configured provider (PAYMENTS_PROVIDER): the local checkout or Stripe.
  const provider = app.ctx.payments;
  const errorsOf = errorAnswers(400, 401, 403, 404, 409, 429);

  route(
    app,
    endpoints.createCheckout,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        security,
        summary: 'Start a purchase: answers the checkout and where to pay',
        body: CheckoutCreateBodySchema,
        response: { 201: CheckoutCreatedSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      const userId = requireUser(req);
      await enforce(db(), 'checkout', userId, now());
      const created = await createCheckout(db(), provider, userId, req.body, app.ctx.config.publicUrl, now());
      return reply.status(201).send(created);
    },
  );

  route(
    app,
    endpoints.checkout,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        security,
        summary: 'One of my checkouts',
        params: CheckoutIdParamsSchema,
        response: { 200: CheckoutSchema, ...errorsOf },
      },
    },
    async (req) => getCheckout(db(), requireUser(req), req.params.id),
  );

  // The local provider's own Pay button exists only while it is the configured provider: with
  // Stripe configured, no checkout (not even one opened locally before the switch) is paid here.
  if (provider.name === 'local')
    route(
      app,
      endpoints.payCheckout,
      {
        config: { auth: 'user' },
        schema: {
          tags: ['payments'],
          security,
          summary: "The local provider's Pay button (the embedded default's own checkout page)",
          params: CheckoutIdParamsSchema,
          body: LocalPaymentBodySchema,
          response: { 200: CheckoutSchema, 402: ErrorBodySchema, ...errorsOf },
        },
      },
      async (req) => {
        const userId = requireUser(req);
        await enforce(db(), 'checkout', userId, now());
        const result = await payLocally(db(), receiptDeps(), userId, req.params.id, req.body.cardNumber, now());
        // A subscription changes what the member may see at once (early access).
        accountsChanged(app.ctx, [userId]);
        return result;
      },
    );

  route(
    app,
    endpoints.cancelCheckout,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        security,
        summary: 'Cancel an open checkout: nothing is charged or granted',
        params: CheckoutIdParamsSchema,
        response: { 200: CheckoutSchema, ...errorsOf },
      },
    },
    async (req) => cancelCheckout(db(), receiptDeps(), requireUser(req), req.params.id, now()),
  );

  route(
    app,
    endpoints.subscription,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        security,
        summary: 'My subscription: active, cancelled (runs to the period end), expired or none',
        response: { 200: SubscriptionSchema, ...errorsOf },
      },
    },
    async (req) => subscriptionOf(db(), requireUser(req), now()),
  );

  route(
    app,
    endpoints.cancelSubscription,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        security,
        summary: 'Cancel my subscription: it runs to the end of the paid period',
        response: { 200: SubscriptionSchema, ...errorsOf },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const result = await cancelMySubscription(db(), provider, userId, now());
      accountsChanged(app.ctx, [userId]);
      return result;
    },
  );

  route(
    app,
    endpoints.tokens,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        security,
        summary: 'My token balance and ledger, newest first',
        response: { 200: TokenAccountSchema, ...errorsOf },
      },
    },
    async (req) => tokenAccount(db(), requireUser(req)),
  );

  route(
    app,
    endpoints.boostPost,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        security,
        summary: 'Boost one of my published items for 7 days with 5 tokens (extends a running boost)',
        params: PostIdParamsSchema,
        response: { 200: BoostResultSchema, ...errorsOf },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const result = await boostPost(db(), userId, req.params.id, now());
      postChanged(app.ctx, req.params.id);
      return result;
    },
  );
};
