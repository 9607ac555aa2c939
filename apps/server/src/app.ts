import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { UPLOAD_MAX_BYTES } from '@swapu/shared/constants';
import type { Config } from './config';
import type { Database } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import type { AppContext } from './lib/context';
import type { ErrorCode } from '@swapu/shared/errors';
import { AppError } from './lib/errors';
import { isS3Storage, useMediaUrl, VARIANT_FALLBACK } from './lib/storage';
import { openStorage } from './lib/open-storage';
import { registerMedia } from './lib/media-route';
import { createHub } from './lib/hub';
import { ModerationUnavailableError, threadModerator, type Moderator } from './lib/moderation';
import { authorizeRoute, resolveViewer } from './lib/auth';
import { createJobs } from './lib/jobs';
import { attachPeriodic } from './lib/periodic';
import { sweepRateLimits } from './lib/rate-limit';
import { LIKES_MEMO, ViewerCache } from './lib/viewer-cache';
import { checkDeployment } from './lib/deployment';
import { attachGracefulClose } from './lib/shutdown';
import { attachLoadShedding, busyPage, wantsPage } from './lib/load-shedding';
import { secretBox } from './lib/secret-box';
import { addSecurityHeaders } from './lib/security-headers';
import { requestSerializer } from './lib/log-redaction';
import { IdentityError } from './modules/auth/identity.service';
import { identityRoutes } from './modules/auth/identity.routes';
import { pagesRoutes, webShell } from './modules/pages/pages.routes';
import { attachImageBackfill } from './modules/posts/image-backfill';
import { firebaseRoutes } from './modules/auth/firebase.routes';
import { oauthRoutes } from './modules/auth/oauth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { attachMailWorker } from './modules/mail/mail.worker';
import { attachPushWorker } from './modules/notifications/push-worker';
import { pushRoutes } from './modules/notifications/push.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { passwordRoutes } from './modules/password/password.routes';
import { blogRoutes } from './modules/blog/blog.routes';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { healthRoutes } from './modules/health/health.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { createMetrics, registerMetrics } from './lib/metrics';
import { localitiesRoutes } from './modules/localities/localities.routes';
import { postsRoutes } from './modules/posts/posts.routes';
import { postsWriteRoutes } from './modules/posts/posts.write.routes';
import { swipeRoutes } from './modules/swipe/swipe.routes';
import { chainRoutes } from './modules/chains/chains.routes';
import { attachChainFinder } from './modules/chains/chain-finder';
import { eventsRoutes } from './modules/analytics/events.routes';
import { adminUsersConsoleRoutes } from './modules/admin/users.routes';
import { adminAuditRoutes } from './modules/admin/audit.routes';
import { launchChecksRoutes } from './modules/admin/launch-checks.routes';
import { invariantsRoutes } from './modules/admin/invariants.routes';
import { watchUntrustedForwarding } from './lib/forwarded-check';
import { moderationRoutes } from './modules/admin/moderation.routes';
import { campaignsRoutes } from './modules/admin/campaigns.routes';
import { attachCampaignSender } from './modules/admin/campaign-sender';
import { adminBlogRoutes } from './modules/admin/blog.routes';
import { attachEventPartitions } from './modules/analytics/partitions';
import { attachRollups } from './modules/analytics/rollups';
import { likesRoutes } from './modules/likes/likes.routes';
import { pointsRoutes } from './modules/points/points.routes';
import { reliabilityRoutes } from './modules/reliability/reliability.routes';
import { attachReliability } from './modules/reliability/reliability-job';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { localProvider } from './modules/payments/provider';
import { createStripeProvider } from './modules/payments/stripe-provider';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes';
import { purchasesRoutes } from './modules/payments/purchases.routes';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { attachDeliveryWorker } from './modules/delivery/delivery.worker';
import { createLocalCourier } from './modules/delivery/local-courier';
import { createSendleCourier } from './modules/delivery/sendle-courier';
import { offersRoutes } from './modules/offers/offers.routes';
import { goalsRoutes } from './modules/goals/goals.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { attachMessageDigest } from './modules/chat/digest';
import { attachAssistDigest } from './modules/assist/assist-digest';
import { assistRoutes } from './modules/assist/assist.routes';
import { attachOfferExpiry } from './modules/offers/offers.worker';
import { realtimeRoutes } from './modules/realtime/realtime.routes';
import { searchRoutes } from './modules/search/search.routes';
import { testingRoutes } from './modules/testing/testing.routes';
import { attachSearchJobs } from './modules/search/search.jobs';

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Serve the built web app when it exists (on by default). */
  serveWeb?: boolean;
  /** Deliver outbox mail through SMTP_URL while the app runs (main.ts; tests start the worker themselves). */
  mailWorker?: boolean;
  /** Background work while the app runs: offer expiry (pg-boss), message digests and search jobs (main.ts; tests call them directly). */
  offerExpiry?: boolean;
  /** Where log lines go (stdout unless a test captures them). */
  logStream?: { write(line: string): void };
  /** Listing-photo moderation; the nsfwjs model in a thread released when idle unless a test supplies its own. */
  moderator?: Moderator;
}

/**
 * TRUST_PROXY for Fastify. A hop count trusts that many proxies in front of us, counted from the
 * socket, so the client address is the entry those proxies appended — never an entry the client
 * wrote itself (Fastify's own number option trusts nothing; `true` would trust every entry).
 */
function fastifyTrustProxy(setting: Config['trustProxy']) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_addr: string, hop: number) => hop < setting;
  return setting;
}

/** Paths of the Firebase-compatible identity contract, whose errors are { error: { code, message: CODE } }. */
const isIdentityPath = (url: string) =>
  url.startsWith('/identity/v1/') || url.startsWith('/identitytoolkit.') || url.startsWith('/securetoken.');

/** Any error as the catalogue error it is shown as. */
function toAppError(err: FastifyError, validationCode: ErrorCode = 'data_invalid'): AppError {
  if (err instanceof AppError) return err;
  // Fail closed: no photo is stored unchecked; the person may simply retry.
  if (err instanceof ModerationUnavailableError) return new AppError(503, 'generic');
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, string> = {};
    for (const issue of err.validation) {
      const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
      fields[key] = issue.message ?? 'invalid';
    }
    return new AppError(400, validationCode, fields);
  }
  const status = err.statusCode ?? 500;
  if (status === 413) return new AppError(413, 'file_too_large');
  if (status >= 400 && status < 500) return new AppError(status, 'data_invalid');
  return new AppError(500, 'generic');
}

/** A NUL character, or a lone half of a surrogate pair (not well-formed Unicode). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const brokenText = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/** True when a value (a string, or strings inside objects and arrays) holds broken text. */
function hasBrokenText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return brokenText(value);
  if (!value || typeof value !== 'object' || depth > 20 || Buffer.isBuffer(value)) return false;
  for (const [k, v] of Object.entries(value)) if (brokenText(k) || hasBrokenText(v, depth + 1)) return true;
  return false;
}

const localeOf = (acceptLanguage: string | undefined) => (acceptLanguage?.toLowerCase().startsWith('pt') ? 'pt-PT' : 'en-US');

/** Builds the whole HTTP app from configuration; tests build it too and drive it with inject(). */
export async function buildApp(opts: BuildOptions) {
  const { config } = opts;
  // Test hooks and developer pages on a server others can reach: refuse to start at all.
  const deploymentWarnings = checkDeployment(config);
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Secrets never reach the logs: tokens in headers, cookies, and in mail links' URLs.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: { req: requestSerializer },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // Closing (lib/shutdown.ts): idle kept-alive connections are closed at once, and a request that
    // still arrives on an open one is answered 503 before any handler runs (safe to send elsewhere).
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Errors the router raises before any handler (an over-long path parameter, a malformed
    // URL, a bad content type) answer in the catalogue's shape like every other error.
    frameworkErrors: (err, req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      const code = status === 413 ? 'file_too_large' : status === 404 ? 'not_found' : 'data_invalid';
      const body = isIdentityPath(req.url)
        ? { error: { code: status, message: code.toUpperCase() } }
        : new AppError(status, code).body(localeOf(req.headers['accept-language']));
      void reply.status(status as never).send(body as never);
    },
  });
  for (const warning of deploymentWarnings) app.log.warn(`UNSAFE FOR PRODUCTION: ${warning}`);
  // Every route the app serves, for the authorization matrix (a route without a row fails it).
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const schema = route.schema as FastifyInstance['routeTable'][number]['schema'];
    const auth = route.config?.auth;
    for (const method of ([] as string[]).concat(route.method))
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, schema, auth });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    database: opts.database,
    clock: opts.clock ?? systemClock,
    storage: await openStorage(config),
    secrets: secretBox(config.encryptionKey),
    moderator: opts.moderator ?? threadModerator(),
    hub: null,
    viewers: new ViewerCache(config.viewerCacheMs),
    draining: false,
    jobs: createJobs(opts.database, app.log),
    payments: config.payments.provider === 'stripe' ? createStripeProvider(config.payments) : localProvider,
    courier:
      config.delivery.courier === 'sendle'
        ? createSendleCourier({ baseUrl: config.delivery.baseUrl, sendleId: config.delivery.sendleId, apiKey: config.delivery.apiKey })
        : createLocalCourier({ stepMs: config.delivery.simStepMs }),
  };
  ctx.hub = await createHub(opts.database, (err) => app.log.warn({ err }, 'realtime hub error'));
  // An account changed (here or on another instance): its next request reads it again.
  ctx.hub.listen((event) => {
    if (event.kind === 'sessions-ended' || event.kind === 'viewer-changed') ctx.viewers.forget(event.users);
    if (event.kind === 'likes-changed') ctx.viewers.forgetMemo(event.users, LIKES_MEMO);
  });
  app.addHook('onClose', async () => {
    await ctx.hub?.close();
    await ctx.moderator.close?.();
  });
  // Every answer names photos by this app's storage: /media/..., or the CDN's address (MEDIA_PUBLIC_URL).
  const restoreMediaUrl = useMediaUrl(ctx.storage.url);
  app.addHook('onClose', async () => {
    restoreMediaUrl();
    if (isS3Storage(ctx.storage)) ctx.storage.close();
  });
  app.decorate('ctx', ctx);
  ctx.metrics = createMetrics(ctx);
  registerMetrics(app, ctx.metrics);
  // PostgreSQL cannot store a NUL character or half a surrogate pair (text, jsonb): a request
  // carrying one is bad input, refused here (400 data_invalid) before any handler could pass it on.
  app.addHook('preValidation', async (req) => {
    if (hasBrokenText(req.params) || hasBrokenText(req.query) || hasBrokenText(req.body)) throw new AppError(400, 'data_invalid');
  });
  // First of the onRequest hooks: every answer carries the security headers, a refusal by a
  // later hook (a guest on a member's route) included.
  addSecurityHeaders(app, config);
  // X-Forwarded-For from a peer TRUST_PROXY does not trust: warned once, shown in the console.
  watchUntrustedForwarding(app, { db: () => ctx.database.db, clock: ctx.clock, config });
  // Over its load limits the app answers 503 busy at once, before the viewer is read (decision 0042).
  const json = (value: unknown) => ({ type: 'application/json; charset=utf-8', body: JSON.stringify(value) });
  const en = new AppError(503, 'busy').body('en-US');
  const pt = new AppError(503, 'busy').body('pt-PT');
  // A page opened in a browser gets the message as a page that reloads itself (not before Retry-After).
  const reloadSeconds = Math.max(5, config.overload.retryAfterSeconds);
  const busy = {
    identity: json({ error: { code: 503, message: 'BUSY' } }),
    'en-US': json(en),
    'pt-PT': json(pt),
    page: { 'en-US': busyPage('en-US', en.error.message, reloadSeconds), 'pt-PT': busyPage('pt-PT', pt.error.message, reloadSeconds) },
  };
  ctx.load = await attachLoadShedding(
    app,
    config.overload,
    (req) => {
      const lang = localeOf(req.headers['accept-language']);
      return isIdentityPath(req.url) ? busy.identity : wantsPage(req) ? busy.page[lang] : busy[lang];
    },
    (opts.serveWeb ?? true) ? config.webDist : undefined,
  );
  app.decorateRequest('viewer', null as never);
  // Every request starts as a guest and is upgraded by a valid access token.
  app.addHook('onRequest', async (req) => {
    req.viewer = await resolveViewer(ctx, req.headers.authorization);
  });
  // Who you are before what you sent: a route's declared guard (config.auth) answers before its
  // path, query and body are parsed or validated (decision 0012).
  app.addHook('onRequest', authorizeRoute);

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const locale = localeOf(req.headers['accept-language']);
    if (err instanceof IdentityError) {
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(Math.max(1, err.retryAfterSeconds)));
      return reply.status(err.status).send(err.body());
    }
    // A route may name the catalogue text of its own invalid input (the order form's 'There is issue with your form...').
    const appError = toAppError(err, req.routeOptions.config?.validationCode);
    if (appError.status >= 500) req.log.error({ err }, appError.status === 503 ? 'image moderation unavailable' : 'unhandled error');
    // Every limit says when to try again (RFC 9110 Retry-After, in seconds).
    if (appError.status === 429) reply.header('retry-after', String(appError.retryAfterSeconds ?? 60));
    // The identity contract answers every failure in Firebase's shape, whatever raised it.
    if (isIdentityPath(req.url))
      return reply.status(appError.status).send({ error: { code: appError.status, message: appError.code.toUpperCase() } });
    return reply.status(appError.status).send(appError.body(locale));
  });

  // Responses of 1 KB and more (JSON, the HTML shell) go out compressed: brotli at quality 4 (fast
  // enough per request), gzip otherwise. The web build's assets are compressed once at build time
  // (scripts/precompress.mjs) and served as they are; this hook leaves an encoded reply alone.
  // Request bodies are never inflated: nothing we accept is sent compressed (decision 0017).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
    },
    globalDecompression: false,
  });
  await app.register(fastifyCookie);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'SwapU API', version: '1.0.0', description: 'The SwapU marketplace API.' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  // Before the WebSocket plugin: its sockets must close with 1012 before the plugin closes them.
  attachGracefulClose(app);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  // Uploads: one file per request, under the spec's 25 MB (a larger one is a 413 'File too large').
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 },
    throwFileSizeLimit: true,
  });

  await app.register(healthRoutes);
  await app.register(docsRoutes);
  await app.register(postsRoutes);
  await app.register(postsWriteRoutes);
  await app.register(likesRoutes);
  await app.register(pointsRoutes);
  await app.register(reliabilityRoutes);
  await app.register(swipeRoutes);
  await app.register(chainRoutes);
  await app.register(paymentsRoutes);
  // Its own plugin: the raw-body JSON parser the signature check needs stays inside it.
  await app.register(stripeWebhookRoutes);
  await app.register(purchasesRoutes);
  await app.register(assistRoutes);
  await app.register(deliveryRoutes);
  await app.register(offersRoutes);
  await app.register(goalsRoutes);
  await app.register(notificationsRoutes);
  await app.register(pushRoutes);
  await app.register(chatRoutes);
  await app.register(categoriesRoutes);
  await app.register(localitiesRoutes);
  await app.register(blogRoutes);
  await app.register(realtimeRoutes);
  await app.register(searchRoutes);
  if (config.testHooks) await app.register(testingRoutes);
  await app.register(identityRoutes);
  await app.register(firebaseRoutes);
  await app.register(oauthRoutes);
  await app.register(usersRoutes);
  await app.register(mailRoutes);
  await app.register(passwordRoutes);
  await app.register(newsletterRoutes);
  await app.register(pagesRoutes);
  await app.register(eventsRoutes);
  await app.register(adminUsersConsoleRoutes);
  await app.register(adminAuditRoutes);
  await app.register(launchChecksRoutes);
  await app.register(invariantsRoutes);
  await app.register(moderationRoutes);
  await app.register(campaignsRoutes);
  await app.register(adminBlogRoutes);
  if (opts.mailWorker) attachMailWorker(app);
  if (opts.offerExpiry) {
    attachOfferExpiry(app);
    attachPushWorker(app);
    attachMessageDigest(app);
    attachAssistDigest(app);
    attachSearchJobs(app);
    attachImageBackfill(app);
    attachDeliveryWorker(app);
    attachChainFinder(app);
    attachEventPartitions(app);
    attachRollups(app);
    attachReliability(app);
    attachCampaignSender(app);
    // Counters older than any window are deleted hourly (lib/rate-limit.ts).
    attachPeriodic(app, 3_600_000, 'rate limit sweep failed', async () => {
      await sweepRateLimits(ctx.database.db, ctx.clock.now());
    });
  }
  // After the modules that work queues on it (they stop their work first).
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
  });

  await registerMedia(app, ctx.storage, config.uploadsDir);

  const indexHtml = path.join(config.webDist, 'index.html');
  const serveWeb = (opts.serveWeb ?? true) && fs.existsSync(indexHtml);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // index-3f2a.js.br / .gz written by the build: no compression work per request.
      preCompressed: true,
      setHeaders: (res, file) => {
        // Hashed build assets never change; the HTML shell must always be revalidated.
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendPage = serveWeb ? webShell(app, config.webDist) : null;
  app.setNotFoundHandler(async (req, reply) => {
    const locale = localeOf(req.headers['accept-language']);
    // A listing photo size the backfill has not written yet: the nearest older size, not a broken image.
    const size = /^\/media\/(posts\/[\w/-]+)\/(\w+)\.webp$/.exec(req.url.split('?')[0]!);
    if (size && VARIANT_FALLBACK[size[2]!] && (req.method === 'GET' || req.method === 'HEAD')) {
      // The nearest size that is there: a deleted photo has none, and stays a 404.
      for (let v = VARIANT_FALLBACK[size[2]!]; v; v = VARIANT_FALLBACK[v]) {
        if (await ctx.storage.exists(`${size[1]}/${v}.webp`)) {
          return reply.header('cache-control', 'no-cache').redirect(`/media/${size[1]}/${v}.webp`, 302);
        }
      }
    }
    const pathname = req.url.split('?')[0]!;
    // The bare /api is the documentation's API page when a browser asks (its menu's spec path, sent
    // on to /docs/api by the web app's router); API clients still get the API's JSON 404.
    const docsPage = pathname === '/api' && /\btext\/html\b/.test(String(req.headers.accept ?? ''));
    const isApi =
      !docsPage &&
      (pathname === '/api' || ['/api/', '/media/', '/identity/', '/identitytoolkit.', '/securetoken.'].some((p) => req.url.startsWith(p)));
    if (!isApi && sendPage && (req.method === 'GET' || req.method === 'HEAD')) {
      // The web app's router owns every other path (including unknown ones: it looks up blog urlTitles);
      // the HTML carries the page's own head (title, previews, structured data).
      return sendPage(req, reply);
    }
    return reply.status(404).send(new AppError(404, 'not_found').body(locale));
  });

  return app;
}
