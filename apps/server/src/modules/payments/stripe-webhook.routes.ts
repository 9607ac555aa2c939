import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { ErrorBodySchema } from '@swapu/shared/api';
import { checkouts, paymentEvents, subscriptions } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { accountsChanged } from '../../lib/viewer-cache';
import { fulfil, type FulfilmentOutcome } from './fulfilment';
import { isStripeProvider, type StripeEventHelpers, stripeEventToPaymentEvents } from './stripe-provider';
import { type StripeReturnHelpers, stripeReturnToPaymentEvents } from './stripe-returns';
import { serverEndpoints } from '../../lib/server-endpoints';
import { route } from '../../lib/route';

export const STRIPE_WEBHOOK_PATH = serverEndpoints.stripeWebhook.pattern;

/** Outcomes that may change what the member may see (a subscription started, renewed, ended or taken back). */
const CHANGES_ACCESS = new Set<FulfilmentOutcome>(['granted', 'refunded', 'reversed']);

/** A JSON object (not null, not a primitive): its fields may be read, each still unknown. */
const isJsonObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Stripe's webhook (docs/decisions/0023, "Stripe adapter"). Called by Stripe, not by a person: no
 * account, only the signature, checked on the exact bytes received with the signing secret and a
 * 300 s tolerance. Registered as a plugin of its own so that its JSON parser (the body kept raw,
 * as a Buffer) applies to this route alone. Without Stripe configured it is not found.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  route(
    app,
    serverEndpoints.stripeWebhook,
    {
      schema: {
        tags: ['payments'],
        summary: "Stripe's events (signed): payments, expired checkouts, renewals, failed renewals, refunds and chargebacks",
        response: { 200: z.object({ received: z.literal(true) }), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (req) => {
      const provider = app.ctx.payments;
      const config = app.ctx.config.payments;
      if (!isStripeProvider(provider) || config.provider !== 'stripe') throw errors.notFound();
      const signature = req.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) throw errors.badRequest();
      const now = app.ctx.clock.now();
      let event: Stripe.Event;
      try {
        event = provider.verifyWebhook(req.body, signature, config.webhookSecret, now);
      } catch (err) {
        // A wrong secret, a forged or altered body, or a replay older than the tolerance.
        req.log.warn({ reason: (err as Error).message }, 'Stripe webhook refused');
        throw errors.badRequest();
      }
      // Signed, but not an event (only a test or a misconfigured sender would do this): the parsed
      // body is looked at as the unknown JSON it may be.
      const shape: unknown = event;
      const data = isJsonObject(shape) ? shape['data'] : undefined;
      if (
        !isJsonObject(shape) ||
        typeof shape['id'] !== 'string' ||
        typeof shape['type'] !== 'string' ||
        !isJsonObject(data) ||
        !isJsonObject(data['object'])
      )
        throw errors.badRequest();

      const db = app.ctx.database.db;
      // A delivery seen before: nothing to ask Stripe, nothing to do.
      const [seen] = await db
        .select({ id: paymentEvents.eventId })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, 'stripe'), eq(paymentEvents.eventId, event.id)));
      if (seen) return { received: true as const };

      const helpers: StripeEventHelpers & StripeReturnHelpers = {
        at: now,
        retrieveSession: (id) => provider.retrieveSession(id),
        retrieveInvoice: (id) => provider.retrieveInvoice(id),
        retrieveCharge: (id) => provider.retrieveCharge(id),
        retrieveDispute: (id) => provider.retrieveDispute(id),
        retrievePaymentIntent: (id) => provider.retrievePaymentIntent(id),
        invoiceOfPayment: (intent) => provider.invoiceOfPayment(intent),
        checkoutOfInvoice: async (invoiceId) => {
          const [c] = await db
            .select({ id: checkouts.id })
            .from(checkouts)
            .where(and(eq(checkouts.provider, 'stripe'), eq(checkouts.providerRef, invoiceId)));
          return c?.id ?? null;
        },
        sessionOfCheckout: async (checkoutId) => {
          const [c] = await db
            .select({ ref: checkouts.providerRef })
            .from(checkouts)
            .where(and(eq(checkouts.id, checkoutId), eq(checkouts.provider, 'stripe')));
          return c?.ref ?? null;
        },
        subscriptionOfRef: async (ref) => {
          const [s] = await db
            .select({ id: subscriptions.id })
            .from(subscriptions)
            .where(and(eq(subscriptions.provider, 'stripe'), eq(subscriptions.providerRef, ref)));
          return s?.id ?? null;
        },
      };
      const deps = { seller: app.ctx.config.seller, publicUrl: app.ctx.config.publicUrl, payments: provider, hub: app.ctx.hub };
      // Money returned outside SwapU (charge.*) is its own translation (stripe-returns.ts).
      const translated = event.type.startsWith('charge.')
        ? await stripeReturnToPaymentEvents(event, helpers)
        : await stripeEventToPaymentEvents(event, helpers);
      const granted: string[] = [];
      for (const e of translated) {
        if (CHANGES_ACCESS.has(await fulfil(db, deps, e))) granted.push(e.checkoutId);
      }
      if (granted.length) {
        // A subscription started, renewed or ended changes what the member may see at once.
        const owners = await db.select({ userId: checkouts.userId }).from(checkouts).where(inArray(checkouts.id, granted));
        accountsChanged(app.ctx, [...new Set(owners.map((o) => o.userId))]);
      }
      return { received: true as const };
    },
  );
};
