import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refresh, signInWithPassword, signOut, signUp, verifyEmail, type IdentityDeps } from './identity.service';
import { clearRefreshCookie, deliverTokens, refreshCookieOf } from './refresh-cookie';
import { isLocalOnly } from '../../lib/deployment';
import { serverEndpoints } from '../../lib/server-endpoints';
import { route } from '../../lib/route';

/**
 * The built-in identity service, Firebase-Identity compatible (spec section 7):
 * POST /identity/v1/accounts:signUp and :signInWithPassword with { email, password,
 * returnSecureToken } → { idToken, email, expiresIn, localId, refreshToken }; failures are
 * 400 { error: { code: 400, message: CODE } }.
 */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): IdentityDeps => ({
    db: app.ctx.database.db,
    now: app.ctx.clock.now(),
    jwtSecret: app.ctx.config.jwtSecret,
    publicUrl: app.ctx.config.publicUrl,
    adminEmails: app.ctx.config.adminEmails,
    signUpPerHour: app.ctx.config.signUpPerHour,
    secrets: app.ctx.secrets,
    publicServer: !isLocalOnly(app.ctx.config),
    passwordHashing: app.ctx.config.passwordHashing,
  });
  const body = (b: unknown) => (b && typeof b === 'object' ? (b as Record<string, unknown>) : {});
  const schema = { tags: ['identity'] };

  // "::" escapes the colon in Fastify paths: these are the literal paths accounts:signUp etc.
  const publicUrl = () => app.ctx.config.publicUrl;
  /** The web app asks for its refresh token in the HttpOnly cookie (refresh-cookie.ts). */
  const wantsCookie = (b: Record<string, unknown>) => b.sessionCookie === true;

  route(app, serverEndpoints.signUp, { schema: { ...schema, summary: 'Create an account' } }, async (req, reply) => {
    const b = body(req.body);
    return deliverTokens(reply, publicUrl(), await signUp(deps(), b, req.ip), wantsCookie(b));
  });
  route(app, serverEndpoints.signIn, { schema: { ...schema, summary: 'Sign in with email and password' } }, async (req, reply) => {
    const b = body(req.body);
    return deliverTokens(reply, publicUrl(), await signInWithPassword(deps(), b, req.ip), wantsCookie(b));
  });
  route(
    app,
    serverEndpoints.refreshToken,
    { schema: { ...schema, summary: 'Rotate a refresh token (from the body, or from the HttpOnly session cookie)' } },
    async (req, reply) => {
      const b = body(req.body);
      const inBody = b.refreshToken ?? b.refresh_token;
      const fromCookie = inBody === undefined ? refreshCookieOf(req) : undefined;
      try {
        const tokens = await refresh(deps(), inBody ?? fromCookie);
        // A token that came from the cookie is never handed to page scripts in the body.
        return deliverTokens(reply, publicUrl(), tokens, fromCookie !== undefined || wantsCookie(b));
      } catch (err) {
        if (fromCookie !== undefined) clearRefreshCookie(reply, publicUrl());
        throw err;
      }
    },
  );
  route(
    app,
    serverEndpoints.revokeSession,
    { schema: { ...schema, summary: 'Sign out: revoke the session of the HttpOnly cookie' } },
    async (req, reply) => {
      await signOut(deps(), refreshCookieOf(req));
      clearRefreshCookie(reply, publicUrl());
      return reply.status(204).send();
    },
  );
  route(app, serverEndpoints.signOut, { schema: { ...schema, summary: 'Revoke a session' } }, async (req, reply) => {
    await signOut(deps(), body(req.body).refreshToken);
    return reply.status(204).send();
  });

  // The link in the verification mail: marks the address verified and lands on the sign-in page
  // with the outcome.
  route(app, serverEndpoints.verifyEmail, { schema: { tags: ['identity'], summary: 'Confirm an email address' } }, async (req, reply) => {
    const token = (req.query as { token?: unknown }).token;
    const ok = typeof token === 'string' && token.length < 2000 && (await verifyEmail(deps(), token));
    return reply.redirect(`/auth?emailVerified=${ok ? '1' : '0'}`, 302);
  });
};
