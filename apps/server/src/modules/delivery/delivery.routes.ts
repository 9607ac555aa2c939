import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@swapu/shared/api';
import { QuoteQuerySchema, QuoteSchema } from '@swapu/shared/delivery-api';
import { quote } from './delivery.service';
import { localCourier } from './local-courier';

/** Delivery (decision 0025): quotes for now; orders, labels and tracking follow. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const courier = localCourier;
  app.get(
    '/api/v1/delivery/quote',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Price and delivery estimate for a parcel between two places (the delivery calculator; guests too)',
        querystring: QuoteQuerySchema,
        response: { 200: QuoteSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (req) => quote(app.ctx.database.db, courier, req.query, app.ctx.clock.now()),
  );
};
