import underPressure from '@fastify/under-pressure';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { App } from './context';
import { AdaptiveLimit } from './adaptive-limit';

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
  /** The in-flight bound now (OVERLOAD_MAX_IN_FLIGHT, lowered while accepted answers are slow; 0: off). */
  limit(): number;
  /** One turn of the adaptive bound now (a timer runs one every `adaptEveryMs`); returns the bound. */
  adapt(): number;
}

/** How often the adaptive bound looks at the accepted answers' times (adaptive-limit.ts). */
const ADAPT_EVERY_MS = 100;

/**
 * Load shedding (issue 39, decision 0042): past either bound a request is answered at once with
 * 503 `busy` (the catalogue's shape, in the caller's language) and `Retry-After`, before the
 * viewer is resolved or anything is read, instead of queueing behind the others until every
 * answer is late.
 * - requests in flight (`maxInFlight`): counted from onRequest until the answer's connection
 *   says it is done ('close' fires after the answer, and on an abort); with `targetMs` the bound
 *   is lowered while the accepted answers are slower than that and the bound is full
 *   (adaptive-limit.ts), and rises back to `maxInFlight` when they are fast again;
 * - event-loop delay (`maxEventLoopDelayMs`): the mean delay @fastify/under-pressure measures
 *   over each second; past it the process itself is saturated (CPU-bound work, a blocking PGlite query).
 * The refusal is as cheap as an answer can be (measured: under 1,000 clients most answers are
 * refusals, and their cost is taken from the accepted ones): a body rendered once per language,
 * sent from the hook, no error object, no error handler, no log line.
 * Register it after the security headers and before the viewer hook.
 */
export async function attachLoadShedding(
  app: App,
  settings: Config['overload'],
  /** The refusal's body: the catalogue's shape, or the identity contract's on its paths. */
  busyBody: (req: FastifyRequest) => string,
): Promise<LoadShedding> {
  let inFlight = 0;
  let shedCount = 0;
  const { maxInFlight, maxEventLoopDelayMs } = settings;
  // The bound adapts to the accepted answers' times when a target is set (OVERLOAD_TARGET_MS).
  const targetMs = settings.targetMs ?? 0;
  const adaptive = maxInFlight > 0 && targetMs > 0 ? new AdaptiveLimit(maxInFlight, targetMs) : null;
  if (adaptive) {
    const turn = setInterval(() => adaptive.adjust(), settings.adaptEveryMs ?? ADAPT_EVERY_MS).unref();
    app.addHook('onClose', async () => clearInterval(turn));
  }
  const bound = () => adaptive?.limit ?? maxInFlight;
  const retryAfter = String(settings.retryAfterSeconds);
  // Measurement only: with no threshold given, under-pressure adds no hook of its own (its hook
  // would refuse the health checks too); the one hook below decides, with the exemptions.
  // Averaged over a second: one long stretch (a photo's moderation, a GC pause) does not refuse the
  // next requests of a quiet server; a loop delayed on every tick does.
  if (maxEventLoopDelayMs > 0) await app.register(underPressure, { sampleInterval: 1000 });
  const overLoop = () => maxEventLoopDelayMs > 0 && app.memoryUsage().eventLoopDelay > maxEventLoopDelayMs;
  if (maxInFlight > 0 || maxEventLoopDelayMs > 0) {
    app.addHook('onRequest', (req, reply, done) => {
      if (exempt(req)) return done();
      const full = maxInFlight > 0 && inFlight >= bound();
      if (full || overLoop()) {
        shedCount++;
        if (full) adaptive?.refused();
        // Sent from the hook: done() is not called, so nothing else runs for it.
        void reply.status(503).header('retry-after', retryAfter).type('application/json; charset=utf-8').send(busyBody(req));
        return;
      }
      inFlight++;
      const started = adaptive ? performance.now() : 0;
      reply.raw.once('close', () => {
        inFlight--;
        adaptive?.record(performance.now() - started);
      });
      done();
    });
  }
  return {
    inFlight: () => inFlight,
    shed: () => shedCount,
    limit: () => (maxInFlight > 0 ? bound() : 0),
    adapt: () => (adaptive ? adaptive.adjust() : maxInFlight),
  };
}
