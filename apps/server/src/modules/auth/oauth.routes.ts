import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthProvidersSchema } from '@swapu/shared/account';
import { endpoints } from '@swapu/shared/endpoints';
import { route } from '../../lib/route';
import { errors } from '../../lib/errors';
import { deliverTokens } from './refresh-cookie';
import { announceSessionsEnded } from './sessions';
import {
  completeSignIn,
  enabledProviders,
  finishSignIn,
  isProvider,
  type OAuthDeps,
  readCookie,
  STATE_COOKIE,
  startSignIn,
  stateCookie,
} from './oauth.service';
import { serverEndpoints } from '../../lib/server-endpoints';

/**
 * Google and Facebook sign-in, each on only when configured:
 * GET /identity/v1/oauth/:provider/start?returnTo=/path&nonce=… → 302 to the provider (the
 * nonce is the browser's own, kept by the web app);
 * GET /identity/v1/oauth/:provider/callback → 302 to /auth/complete#code=… (a fragment, so the
 * code never reaches a server log), or to /auth?error=auth_failed;
 * POST /identity/v1/oauth/complete { code, nonce } → the tokens (refresh token in the HttpOnly
 * cookie), only for the browser holding the nonce the sign-in started with.
 */
export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): OAuthDeps => ({
    db: app.ctx.database.db,
    now: app.ctx.clock.now(),
    jwtSecret: app.ctx.config.jwtSecret,
    publicUrl: app.ctx.config.publicUrl,
    adminEmails: app.ctx.config.adminEmails,
    secrets: app.ctx.secrets,
    config: app.ctx.config,
  });
  const enabled = (provider: string) => isProvider(provider) && enabledProviders(app.ctx.config).includes(provider);
  const failed = '/auth?error=auth_failed';
  const ProviderParams = z.object({ provider: z.string() });

  route(
    app,
    endpoints.authProviders,
    { schema: { tags: ['identity'], summary: 'Enabled sign-in providers', response: { 200: AuthProvidersSchema } } },
    async () => ({ providers: enabledProviders(app.ctx.config) }),
  );

  route(
    app,
    serverEndpoints.oauthStart,
    { schema: { tags: ['identity'], summary: 'Start signing in with Google or Facebook', params: ProviderParams } },
    async (req, reply) => {
      const { provider } = req.params;
      if (!enabled(provider) || !isProvider(provider)) throw errors.notFound();
      // Read as before (unchecked): an odd value falls back inside startSignIn, never a 400.
      const query = req.query as { returnTo?: string; nonce?: string };
      const language = req.headers['accept-language']?.toLowerCase().startsWith('pt') ? 'pt-PT' : 'en-US';
      try {
        const { url, cookieValue } = await startSignIn(deps(), provider, {
          returnTo: query.returnTo,
          language,
          browserNonce: query.nonce,
        });
        return reply
          .header('set-cookie', stateCookie(cookieValue, app.ctx.config.publicUrl))
          .header('cache-control', 'no-store')
          .redirect(url, 302);
      } catch (err) {
        req.log.warn({ err, provider }, 'oauth start failed');
        return reply.header('cache-control', 'no-store').redirect(failed, 302);
      }
    },
  );

  route(
    app,
    serverEndpoints.oauthComplete,
    { schema: { tags: ['identity'], summary: 'Finish a Google or Facebook sign-in in the browser that started it' } },
    async (req, reply) => {
      const b = (req.body && typeof req.body === 'object' ? req.body : {}) as { code?: unknown; nonce?: unknown };
      const { tokens, returnTo } = await completeSignIn(deps(), b);
      return { ...deliverTokens(reply, app.ctx.config.publicUrl, tokens, true), returnTo };
    },
  );

  route(
    app,
    serverEndpoints.oauthCallback,
    { schema: { tags: ['identity'], summary: 'Where Google or Facebook sends the person back', params: ProviderParams } },
    async (req, reply) => {
      const { provider } = req.params;
      if (!enabled(provider) || !isProvider(provider)) throw errors.notFound();
      const d = deps();
      // The state is single use: the cookie goes whatever happens.
      reply
        .header('set-cookie', stateCookie('', app.ctx.config.publicUrl, 0))
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer');
      try {
        const { code, revoked } = await finishSignIn(d, provider, {
          currentUrl: new URL(req.url, d.publicUrl),
          cookie: readCookie(req.headers.cookie, STATE_COOKIE),
        });
        if (revoked) await announceSessionsEnded(app.ctx.hub, revoked);
        return reply.redirect(`/auth/complete#${new URLSearchParams({ code }).toString()}`, 302);
      } catch (err) {
        req.log.warn({ err, provider }, 'oauth callback failed');
        return reply.redirect(failed, 302);
      }
    },
  );
};
