import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@swapu/shared/api';
import {
  DeliveryDraftSchema,
  DeliveryListQuerySchema,
  DeliveryListSchema,
  DeliveryOrderBodySchema,
  DeliverySchema,
  LABEL_SIZES,
  QuoteQuerySchema,
  QuoteSchema,
  ShippableListSchema,
} from '@swapu/shared/delivery-api';
import { CheckoutCreatedSchema } from '@swapu/shared/money-api';
import { requireUser } from '../../lib/auth';
import { errors } from '../../lib/errors';
import { enforce } from '../../lib/rate-limit';
import { cancelDelivery } from './delivery-jobs';
import { quote } from './delivery.service';
import { CourierQuoteCache } from './quote-cache';
import { deliveryDeps } from './delivery.worker';
import { renderLabel } from './label';
import {
  createDelivery,
  draftOf,
  getDelivery,
  listDeliveries,
  rowOf,
  shippableOf,
  startDeliveryCheckout,
  type StoredParty,
} from './orders.service';
import { errorAnswers, route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';
import { serverEndpoints } from '../../lib/server-endpoints';

const Id = z.string().min(1).max(64);

/** Delivery (decision 0025): quotes for anyone; orders, payment, labels and tracking for the two parties of a swap. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();
  // The calculator's courier answers, reused for identical entries (quote-cache.ts).
  const quoteCache = new CourierQuoteCache();
  const errorsOf = errorAnswers(400, 401, 403, 404, 409, 429, 503);

  route(
    app,
    endpoints.deliveryQuote,
    {
      schema: {
        tags: ['delivery'],
        summary: 'Price and delivery estimate for a parcel between two places (the delivery calculator; guests too)',
        querystring: QuoteQuerySchema,
        response: { 200: QuoteSchema, 400: ErrorBodySchema, 429: ErrorBodySchema, 503: ErrorBodySchema },
      },
    },
    async (req) => {
      const at = now();
      return quote(db(), app.ctx.courier, req.query, at, {
        cache: quoteCache,
        beforeCourier: () => enforce(db(), 'deliveryQuote', req.ip, at),
      });
    },
  );

  route(
    app,
    endpoints.deliveryShippable,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['delivery'],
        security,
        summary: "The items of the viewer's accepted and completed swaps, and their deliveries (/delivery-swap)",
        response: { 200: ShippableListSchema, ...errorsOf },
      },
    },
    async (req) => ({ items: await shippableOf(db(), requireUser(req)) }),
  );

  route(
    app,
    endpoints.deliveryDraft,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['delivery'],
        security,
        summary: 'The delivery order form, prefilled (only the two parties of the offer)',
        params: z.object({ postId: Id, offerId: Id, receiver: Id }),
        response: { 200: DeliveryDraftSchema, ...errorsOf },
      },
    },
    async (req) => {
      const { postId, offerId, receiver } = req.params;
      return draftOf(db(), requireUser(req), postId, offerId, receiver, now());
    },
  );

  route(
    app,
    endpoints.createDelivery,
    {
      config: { auth: 'user', validationCode: 'form_issue' },
      schema: {
        tags: ['delivery'],
        security,
        summary: 'Check the order form and quote it: a delivery waiting for payment (the price holds 30 minutes)',
        body: DeliveryOrderBodySchema,
        response: { 201: DeliverySchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      const userId = requireUser(req);
      await enforce(db(), 'delivery_order', userId, now());
      return reply.status(201).send(await createDelivery(db(), app.ctx.courier, userId, req.body, now()));
    },
  );

  route(
    app,
    endpoints.deliveries,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['delivery'],
        security,
        summary: "The viewer's deliveries, sent and received (/my-delivery, /my-delivery-status/{status})",
        querystring: DeliveryListQuerySchema,
        response: { 200: DeliveryListSchema, ...errorsOf },
      },
    },
    async (req) => ({ items: await listDeliveries(db(), requireUser(req), req.query.status) }),
  );

  route(
    app,
    endpoints.delivery,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['delivery'],
        security,
        summary: 'One delivery with its tracking timeline',
        params: z.object({ id: Id }),
        response: { 200: DeliverySchema, ...errorsOf },
      },
    },
    async (req) => getDelivery(db(), requireUser(req), req.params.id),
  );

  route(
    app,
    endpoints.deliveryCheckout,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['delivery'],
        security,
        summary: 'Pay for a quoted delivery through the payment port (while its price holds)',
        params: z.object({ id: Id }),
        response: { 201: CheckoutCreatedSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      const userId = requireUser(req);
      await enforce(db(), 'checkout', userId, now());
      const created = await startDeliveryCheckout(db(), app.ctx.payments, userId, req.params.id, app.ctx.config.publicUrl, now());
      return reply.status(201).send(created);
    },
  );

  route(
    app,
    endpoints.cancelDelivery,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['delivery'],
        security,
        summary: 'Cancel a delivery before pickup; a paid one is refunded through the payment port',
        params: z.object({ id: Id }),
        response: { 200: DeliverySchema, ...errorsOf },
      },
    },
    async (req) => cancelDelivery(deliveryDeps(app), requireUser(req), req.params.id, now()),
  );

  route(
    app,
    serverEndpoints.deliveryLabel,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['delivery'],
        security,
        summary: "The courier label as a PDF (A4 or 4×6 in), with the tracking reference's barcode and QR code",
        params: z.object({ id: Id }),
        querystring: z.object({ size: z.enum(LABEL_SIZES).default('a4') }),
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errorsOf },
      },
    },
    async (req, reply) => {
      const r = await rowOf(db(), requireUser(req), req.params.id);
      if (!r.trackingRef || ['cancelled', 'failed'].includes(r.state)) throw errors.notFound();
      const party = (p: StoredParty) => ({ name: p.name, street: p.street, suburb: p.suburb, postcode: p.postcode, state: p.state });
      const pdf = await renderLabel(
        {
          trackingRef: r.trackingRef,
          courier: r.courier as 'local' | 'sendle',
          sender: party(r.sender as StoredParty),
          receiver: party(r.receiver as StoredParty),
          itemDescription: r.itemDescription,
          parcel: { weightKg: r.weightKg, lengthCm: r.lengthCm, widthCm: r.widthCm, heightCm: r.heightCm },
          pickupDate: r.pickupDate,
          instructions: r.instructions,
          createdAt: r.bookedAt ?? r.createdAt,
          test: r.courier === 'local' || app.ctx.config.testMode,
        },
        req.query.size,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="swapu-label-${r.trackingRef}-${req.query.size}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
};
