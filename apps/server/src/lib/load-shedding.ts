import underPressure from '@fastify/under-pressure';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { App } from './context';
import { errors } from './errors';

/**
 * Routes never shed: a balancer's health checks (a busy instance is still alive and ready, and
 * taking it out would put its load on the others), the metrics scrape (the moment it matters
 * most), and the WebSocket's upgrade (a long-lived connection, not a request in flight; its
 * client reconnects with its own backoff). /api/ready still answers 503 while draining
 * (decision 0041): that is its own rule, not load.
 */
const NEVER_SHED = new Set(['/api/health', '/api/ready', '/api/metrics', '/api/v1/ws']);

const exempt = (req: FastifyRequest) => NEVER_SHED.has(req.routeOptions.url ?? '');

export interface LoadShedding {
  /** Requests being answered now (the shed ones and the exempt routes not counted). */
  inFlight(): number;
  /** Requests refused with 503 busy since the app started. */
  shed(): number;
}

/**
 * Load shedding (issue 39, decision 0042): past either bound a request is answered at once with
 * 503 `busy` (the catalogue's shape, in the caller's language) and `Retry-After`, before the
 * viewer is resolved or anything is read, instead of queueing behind the others until every
 * answer is late.
 * - requests in flight (`maxInFlight`): counted from onRequest until the answer's connection
 *   says it is done ('close' fires after the answer, and on an abort);
 * - event-loop delay (`maxEventLoopDelayMs`, measured by @fastify/under-pressure every 100 ms):
 *   the process itself is saturated (CPU-bound work, a blocking PGlite query).
 * Register it after the security headers and before the viewer hook.
 */
export async function attachLoadShedding(app: App, settings: Config['overload']): Promise<LoadShedding> {
  let inFlight = 0;
  let shedCount = 0;
  // Rendered by the app's error handler like every catalogue error (the identity paths in their
  // own shape), with Retry-After, and not logged as an error: it is the plan working.
  const busy = () => {
    shedCount++;
    return errors.busy(settings.retryAfterSeconds);
  };
  if (settings.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: settings.maxEventLoopDelayMs,
      sampleInterval: 100,
      // Resolving lets the request through; a rejection is handed to the error handler.
      pressureHandler: async (req) => {
        if (!exempt(req)) throw busy();
      },
    });
  }
  if (settings.maxInFlight > 0) {
    app.addHook('onRequest', (req, reply, done) => {
      if (exempt(req)) return done();
      if (inFlight >= settings.maxInFlight) return done(busy());
      inFlight++;
      reply.raw.once('close', () => inFlight--);
      done();
    });
  }
  return { inFlight: () => inFlight, shed: () => shedCount };
}
