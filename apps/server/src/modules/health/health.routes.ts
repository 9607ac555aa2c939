import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, HealthSchema } from '@swapu/shared/api';
import { AppError } from '../../lib/errors';
import { VERSION } from '../../version';
import { serverEndpoints } from '../../lib/server-endpoints';
import { route } from '../../lib/route';

/** How long a good answer from the photo store stands: a balancer asks every second, per instance. */
const STORAGE_OK_MS = 5000;
/** A store that has not answered by then counts as away (readiness must answer fast). */
const STORAGE_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let storageOkAt = -Infinity;
  /** Whether the photo store (the folder or the bucket) answers; a good answer is kept STORAGE_OK_MS. */
  const storageAnswers = async () => {
    if (performance.now() - storageOkAt < STORAGE_OK_MS) return true;
    let timer: NodeJS.Timeout | undefined;
    try {
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), STORAGE_TIMEOUT_MS)));
      await Promise.race([app.ctx.storage.ping(), late]);
      storageOkAt = performance.now();
      return true;
    } catch (err) {
      app.log.warn({ err }, 'the photo store does not answer');
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
  route(
    app,
    serverEndpoints.health,
    { schema: { tags: ['operations'], summary: 'Liveness, and the version running', response: { 200: HealthSchema } } },
    async () => ({
      status: 'ok' as const,
      version: VERSION,
    }),
  );
  route(
    app,
    serverEndpoints.ready,
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: 200 only when the database and the photo store answer and the server is not shutting down',
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
      // Photos live in the folder or the bucket (decision 0040): without it, uploads fail and
      // photos are missing, so the balancer should send the work to an instance that has it.
      if (!(await storageAnswers())) return notReady('the photo store does not answer');
      return { status: 'ready' as const };
    },
  );
};
