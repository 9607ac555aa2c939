import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, HealthSchema } from '@swapu/shared/api';
import { AppError } from '../../lib/errors';
import { VERSION } from '../../version';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['operations'], summary: 'Liveness, and the version running', response: { 200: HealthSchema } } },
    async () => ({
      status: 'ok' as const,
      version: VERSION,
    }),
  );
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: 200 only when the database answers and the server is not shutting down',
        response: { 200: z.object({ status: z.literal('ready') }), 503: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      // Not ready is an answer, not an error: a balancer asks every second, and a draining instance
      // (decision 0041) or a database away would otherwise log an error each time.
      const notReady = (why: string) => {
        req.log.info({ why }, 'not ready');
        return reply.status(503).send(new AppError(503, 'generic').body());
      };
      // Shutting down: the balancer stops sending new work here; /api/health stays 200.
      if (app.ctx.draining) return notReady('shutting down');
      try {
        await app.ctx.database.ping();
      } catch {
        return notReady('the database does not answer');
      }
      return { status: 'ready' as const };
    },
  );
};
