import fs from 'node:fs';
import path from 'node:path';
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

/**
 * The web build's files (scripts, styles, icons, the manifests; not its HTML) as the paths they
 * are served at: app.ts serves each as a route of its own, so a request matched one only when the
 * file is there. They are not counted in flight nor refused by the in-flight bound: a page the
 * server accepted must get its scripts, or it is broken rather than slow, and a file is sent from
 * disk without a query. A bound brought down to 4 by the adaptive rule would otherwise refuse a
 * page's own chunks. A saturated event loop still refuses them like any request, so a flood of
 * file requests alone cannot take the process.
 */
export function staticPaths(root: string | undefined): Set<string> {
  if (!root || !fs.existsSync(root)) return new Set();
  return new Set(
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && !d.name.endsWith('.html'))
      .map((d) => `/${path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/')}`),
  );
}

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

/** A refusal, rendered once at start. */
export interface BusyAnswer {
  type: string;
  body: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Whether a refused request is a browser opening a page (not the API, a photo or a file). */
export const wantsPage = (req: FastifyRequest) =>
  req.method === 'GET' && !/^\/(api|media|identity)(\/|\?|$)/.test(req.url) && (req.headers.accept ?? '').includes('text/html');

/**
 * The page a browser gets instead of the JSON when it opens a page of a busy server: the
 * catalogue's busy message in the person's language, SwapU's colours, and a reload after
 * `refreshSeconds` (no script: the Content-Security-Policy allows inline styles only).
 */
export function busyPage(lang: 'en-US' | 'pt-PT', message: string, refreshSeconds: number): BusyAnswer {
  const body =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta http-equiv="refresh" content="${refreshSeconds}"><meta name="robots" content="noindex"><title>SwapU</title>` +
    '<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f8f9fa;color:#212529;' +
    'font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}main{max-width:28rem;padding:2rem;text-align:center}' +
    'h1{margin:0 0 .75rem;font-size:1.75rem;color:#2f9e5b}p{margin:0;font-size:1.05rem;line-height:1.5}</style></head>' +
    `<body><main role="alert"><h1>SwapU</h1><p>${escapeHtml(message)}</p></main></body></html>`;
  return { type: 'text/html; charset=utf-8', body };
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
  /**
   * The refusal's body and its type: the catalogue's shape, the identity contract's on its paths,
   * or a page (busyPage) for a browser asking for one.
   */
  busyAnswer: (req: FastifyRequest) => BusyAnswer,
  /** The web build's folder when the app serves it: its files are outside the in-flight bound (staticPaths). */
  staticRoot?: string,
): Promise<LoadShedding> {
  const files = staticPaths(staticRoot);
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
      const url = req.routeOptions.url ?? '';
      if (NEVER_SHED.has(url)) return done();
      const file = files.has(url);
      const full = !file && maxInFlight > 0 && inFlight >= bound();
      if (full || overLoop()) {
        shedCount++;
        if (full) adaptive?.refused();
        // Sent from the hook: done() is not called, so nothing else runs for it.
        const answer = busyAnswer(req);
        void reply.status(503).header('retry-after', retryAfter).type(answer.type).send(answer.body);
        return;
      }
      if (file) return done();
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
