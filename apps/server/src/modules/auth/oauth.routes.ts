import type { FastifyPluginAsync } from 'fastify';
import { errors } from '../../lib/errors';
import {
  enabledProviders,
  finishSignIn,
  isProvider,
  type OAuthDeps,
  readCookie,
  STATE_COOKIE,
  startSignIn,
  stateCookie,
} from './oauth.service';

/**
 * Google and Facebook sign-in, each on only when configured:
 * GET /identity/v1/oauth/:provider/start?returnTo=/path → 302 to the provider;
 * GET /identity/v1/oauth/:provider/callback → 302 to /auth/complete#idToken=…&refreshToken=…
 * (a fragment, so tokens never reach a server log), or to /auth?error=auth_failed.
 */
export const oauthRoutes: FastifyPluginAsync = async (app) => {
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

  app.get('/api/v1/auth/providers', { schema: { tags: ['identity'], summary: 'Enabled sign-in providers' } }, async () => ({
    providers: enabledProviders(app.ctx.config),
  }));

  app.get<{ Params: { provider: string }; Querystring: { returnTo?: string } }>(
    '/identity/v1/oauth/:provider/start',
    { schema: { tags: ['identity'], summary: 'Start signing in with Google or Facebook' } },
    async (req, reply) => {
      const { provider } = req.params;
      if (!enabled(provider) || !isProvider(provider)) throw errors.notFound();
      const language = req.headers['accept-language']?.toLowerCase().startsWith('pt') ? 'pt-PT' : 'en-US';
      try {
        const { url, cookieValue } = await startSignIn(deps(), provider, { returnTo: req.query.returnTo, language });
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

  app.get<{ Params: { provider: string } }>(
    '/identity/v1/oauth/:provider/callback',
    { schema: { tags: ['identity'], summary: 'Where Google or Facebook sends the person back' } },
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
        const { tokens, returnTo } = await finishSignIn(d, provider, {
          currentUrl: new URL(req.url, d.publicUrl),
          cookie: readCookie(req.headers.cookie, STATE_COOKIE),
        });
        const fragment = new URLSearchParams({
          idToken: tokens.idToken,
          refreshToken: tokens.refreshToken,
          expiresIn: tokens.expiresIn,
          localId: tokens.localId,
          returnTo,
        });
        return reply.redirect(`/auth/complete#${fragment.toString()}`, 302);
      } catch (err) {
        req.log.warn({ err, provider }, 'oauth callback failed');
        return reply.redirect(failed, 302);
      }
    },
  );
};
