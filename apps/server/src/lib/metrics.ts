import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from './context';
import { requireMetricsReader } from './auth';
import { rowsOf } from './sql-rows';

/**
 * What the server exports for monitoring (Prometheus text at /api/metrics, decision 0032): each
 * request by route pattern, method and status, with its duration; the mail outbox's backlog;
 * realtime connections; and prom-client's process and Node.js runtime metrics. One registry per
 * app, so test apps in one process do not share counters.
 */
export function createMetrics(ctx: AppContext) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'swapu_http_requests_total', help: 'HTTP requests answered.', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'swapu_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, in seconds.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'swapu_mail_outbox_pending',
    help: 'Mails written to the outbox and not yet sent.',
    registers: [registry],
    async collect() {
      const [row] = await rowsOf<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from mail_outbox where sent_at is null`);
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'swapu_mail_outbox_failing',
    help: 'Unsent mails whose last delivery attempt failed.',
    registers: [registry],
    async collect() {
      const [row] = await rowsOf<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from mail_outbox where sent_at is null and last_error is not null`,
      );
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'swapu_realtime_connections',
    help: 'Open WebSocket connections to this instance.',
    registers: [registry],
    collect() {
      this.set(ctx.realtimeConnections?.() ?? 0);
    },
  });
  new Gauge({
    name: 'swapu_nodejs_array_buffers_bytes',
    help: 'Memory of ArrayBuffers and Buffers (process.memoryUsage().arrayBuffers; part of nodejs_external_memory_bytes).',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().arrayBuffers);
    },
  });
  new Gauge({
    name: 'swapu_http_requests_in_flight',
    help: 'Requests being answered now (health checks and the WebSocket left out), bounded by OVERLOAD_MAX_IN_FLIGHT.',
    registers: [registry],
    collect() {
      this.set(ctx.load?.inFlight() ?? 0);
    },
  });
  new Gauge({
    name: 'swapu_http_in_flight_limit',
    help: 'The in-flight bound now: OVERLOAD_MAX_IN_FLIGHT, lowered while accepted answers are slower than OVERLOAD_TARGET_MS (0: off).',
    registers: [registry],
    collect() {
      this.set(ctx.load?.limit() ?? 0);
    },
  });
  new Gauge({
    name: 'swapu_http_shed_total',
    help: 'Requests refused with 503 busy because the instance was over its load limits (decision 0042).',
    registers: [registry],
    collect() {
      this.set(ctx.load?.shed() ?? 0);
    },
  });

  return {
    registry,
    observe(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

export function registerMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern, never the raw address (ids would make a series per listing).
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.observe(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get(
    '/api/metrics',
    {
      config: { auth: 'metrics' },
      schema: { tags: ['operations'], summary: 'Prometheus metrics (METRICS_TOKEN or an admin token)', hide: true },
    },
    async (req, reply) => {
      requireMetricsReader(req, app.ctx.config.metricsToken);
      const body = await metrics.registry.metrics();
      return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(body);
    },
  );
}
