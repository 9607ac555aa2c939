import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@swapu/shared/api';
import { EmailSubscriptionConfirmSchema, EmailSubscriptionResultSchema, EmailSubscriptionSchema, isValidEmail } from '@swapu/shared/mail';
import { AppError, errors } from '../../lib/errors';
import { overLimit } from '../../lib/rate-limit';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import {
  confirmSubscription,
  requestSubscription,
  requestUnsubscribe,
  unsubscribeOwnAddress,
  unsubscribeToken,
} from './newsletter.service';
import { route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';
import { serverEndpoints } from '../../lib/server-endpoints';

/** Subscription changes allowed per IP, and subscriptions (each sends a mail) per address. */
export const SUBSCRIPTION_LIMITS = { windowMs: 15 * 60_000, perIp: 20, perEmail: 3 } as const;

const TokenQuerySchema = z.object({ token: z.string().max(200).default('') });

/** /email-subscription: SwapU news by email, and the unsubscribe links of non-transactional mail. */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();
  const tags = ['email-subscription'];

  // RFC 8058 one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form; only the token matters.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));

  route(
    app,
    endpoints.emailSubscription,
    {
      schema: {
        tags,
        summary:
          'Subscribe (a confirmation link is mailed: double opt-in) or unsubscribe (at once for the signed-in owner, otherwise by a mailed link); the answer never tells whether an address is on the list',
        body: EmailSubscriptionSchema,
        response: { 200: EmailSubscriptionResultSchema, 202: EmailSubscriptionResultSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const { email, subscribe: wanted } = req.body;
      if (!isValidEmail(email)) throw errors.badRequest('email_invalid');
      const address = email.trim().toLowerCase();
      const { windowMs, perIp, perEmail } = SUBSCRIPTION_LIMITS;
      await overLimit(db(), `newsletter:ip:${req.ip}`, windowMs, perIp, now());
      const secrets = app.ctx.secrets;
      const publicUrl = app.ctx.config.publicUrl;
      if (!wanted) {
        // The signed-in owner of the address unsubscribes at once; anyone else gets the link by mail.
        if (req.viewer.userId) {
          const [me] = await db().select({ email: users.email }).from(users).where(eq(users.id, req.viewer.userId));
          if (me && me.email.toLowerCase() === address) return unsubscribeOwnAddress(db(), address, now());
        }
        await overLimit(db(), `newsletter:email:${address}`, windowMs, perEmail, now());
        return reply.status(202).send(await requestUnsubscribe(db(), { email: address, now: now(), publicUrl, secrets }));
      }
      // Each request mails the address: cap it so nobody can flood someone's inbox.
      await overLimit(db(), `newsletter:email:${address}`, windowMs, perEmail, now());
      const language = req.headers['accept-language']?.toLowerCase().startsWith('pt') ? 'pt-PT' : 'en-US';
      return reply.status(202).send(await requestSubscription(db(), { email: address, language, now: now(), publicUrl, secrets }));
    },
  );

  route(
    app,
    endpoints.emailSubscriptionConfirm,
    {
      schema: {
        tags,
        summary: 'Finish a subscription with the token of its confirmation mail (the /email-subscription page posts it)',
        body: EmailSubscriptionConfirmSchema,
        response: { 200: EmailSubscriptionResultSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (req) => {
      await overLimit(db(), `newsletter-confirm:ip:${req.ip}`, SUBSCRIPTION_LIMITS.windowMs, SUBSCRIPTION_LIMITS.perIp, now());
      return confirmSubscription(db(), { token: req.body.token, now: now(), publicUrl: app.ctx.config.publicUrl });
    },
  );

  route(
    app,
    serverEndpoints.unsubscribePage,
    {
      schema: {
        tags,
        summary: 'One-click unsubscribe link of a mail; redirects to /email-subscription with the outcome',
        querystring: TokenQuerySchema,
      },
    },
    async (req, reply) => {
      try {
        await unsubscribeToken(db(), req.query.token, now());
        return reply.redirect('/email-subscription?unsubscribed=1', 303);
      } catch (err) {
        if (err instanceof AppError && err.code === 'unsubscribe_link_invalid') {
          return reply.redirect('/email-subscription?unsubscribe=invalid', 303);
        }
        throw err;
      }
    },
  );

  route(
    app,
    serverEndpoints.unsubscribe,
    {
      schema: {
        tags,
        summary: 'One-click unsubscribe (RFC 8058 List-Unsubscribe-Post)',
        querystring: TokenQuerySchema,
        response: { 200: EmailSubscriptionResultSchema, 404: ErrorBodySchema },
      },
    },
    async (req) => unsubscribeToken(db(), req.query.token, now()),
  );
};
