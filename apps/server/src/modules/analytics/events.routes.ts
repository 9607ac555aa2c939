import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@swapu/shared/api';
import { AnalyticsQuerySchema, AnalyticsReportSchema, EventBatchResultSchema, EventBatchSchema } from '@swapu/shared/analytics';
import { requireAdmin } from '../../lib/auth';
import { errors } from '../../lib/errors';
import { overLimit } from '../../lib/rate-limit';
import { ingestBatch, memberHash } from './events.service';
import { businessReport } from './business';
import { analyticsReport } from './rollups';
import { route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';

/** Batches per browser session per minute: a page sends one every 10 s, more on busy pages. */
const PER_SESSION = { windowMs: 60_000, max: 60 };

/**
 * POST /api/v1/events (issue 20, decision 0029): the web app's analytics, guests included. The
 * body is JSON; navigator.sendBeacon sends the same JSON as text/plain (no preflight), parsed here
 * the same way. Answers 202 once the batch is stored; over a day's cap per IP or member
 * (EVENT_DAILY_CAPS) still 202, with what was dropped not counted in `accepted` (a refusal would
 * only make the browser send the batch again).
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(errors.badRequest('data_invalid'), undefined);
    }
  });
  route(
    app,
    endpoints.events,
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['analytics'],
        summary: 'Record a batch of analytics events (no personal data; Do-Not-Track and GPC keep errors only)',
        body: EventBatchSchema,
        response: { 202: EventBatchResultSchema, 400: ErrorBodySchema, 413: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const now = app.ctx.clock.now();
      const db = app.ctx.database.db;
      await overLimit(db, `events:${req.body.sessionId}`, PER_SESSION.windowMs, PER_SESSION.max, now);
      const doNotTrack = req.headers.dnt === '1' || req.headers['sec-gpc'] === '1';
      const userId = req.viewer.userId;
      const accepted = await ingestBatch(db, req.body, {
        userHash: userId ? memberHash(app.ctx.config.jwtSecret, userId) : null,
        doNotTrack,
        now,
        ip: req.ip,
        userId: userId ?? null,
      });
      return reply.code(202).send({ accepted });
    },
  );

  // The admin dashboard's analytics (issue 20), from the daily rollups (rollups.ts).
  route(
    app,
    adminEndpoints.adminAnalytics,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Sessions, events, the three funnels and searches over a range of days (admins only)',
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsReportSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (req) => {
      requireAdmin(req);
      const db = app.ctx.database.db;
      const [report, business] = await Promise.all([
        analyticsReport(db, req.query.from, req.query.to),
        businessReport(db, req.query.from, req.query.to, req.query.bucket),
      ]);
      return { ...report, business };
    },
  );
};
