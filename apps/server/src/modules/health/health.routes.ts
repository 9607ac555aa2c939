import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, HealthSchema } from '@swapu/shared/api';
import { AppError } from '../../lib/errors';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { tags: ['operations'], summary: 'Liveness', response: { 200: HealthSchema } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: 200 only when the database answers and the server is not shutting down',
        response: { 200: z.object({ status: z.literal('ready') }), 503: ErrorBodySchema },
      },
    },
    async () => {
      // Shutting down: the balancer stops sending new work here (decision 0041); /api/health stays 200.
      if (app.ctx.draining) throw new AppError(503, 'generic');
      try {
        await app.ctx.database.ping();
      } catch {
        throw new AppError(503, 'generic');
      }
      return { status: 'ready' as const };
    },
  );
};
