import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announceSessionsEnded } from './sessions';
import { accountsChanged } from '../../lib/viewer-cache';
import { isValidEmail } from '@swapu/shared/mail';
import { requestPasswordReset } from './password.service';
import { lookupAccount, sendVerificationEmail, updateAccount } from './firebase.service';
import { IdentityError, refresh, signInWithPassword, signUp, type IdentityDeps } from './identity.service';
import { isLocalOnly } from '../../lib/deployment';
import { serverEndpoints } from '../../lib/server-endpoints';
import { route } from '../../lib/route';

export { FIREBASE_IDENTITY_PREFIX } from '../../lib/server-endpoints';
export const FIREBASE_TOKEN_PATH = serverEndpoints.firebaseToken.pattern;

/**
 * The identity contract at the paths and in the shapes the official Firebase Auth JS SDK uses in
 * emulator mode, so an existing Firebase client moves onto SwapU without changing a line
 * (docs/decisions/0006): sign-up, sign-in, account lookup and update, verification and reset
 * mail, and the form-encoded token refresh with its snake_case answer. The SDK's `?key=` is
 * accepted and not needed. An account created here has its terms pending: it may read, and must
 * accept the terms before its first write.
 */
export const firebaseRoutes: FastifyPluginAsyncZod = async (app) => {
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
  const body = (b: unknown) => (b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {});
  // The SDK refreshes with a form-encoded body (grant_type=refresh_token&refresh_token=…).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, raw, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(raw))));
  });
  const schema = (summary: string) => ({ schema: { tags: ['identity (Firebase SDK)'], summary } });

  route(app, serverEndpoints.firebaseSignUp, schema('Create an account (terms pending until accepted)'), async (req) => ({
    kind: 'identitytoolkit#SignupNewUserResponse',
    ...(await signUp(deps(), body(req.body), req.ip, 'pending')),
  }));

  route(app, serverEndpoints.firebaseSignIn, schema('Sign in with email and password'), async (req) => {
    const tokens = await signInWithPassword(deps(), body(req.body), req.ip);
    accountsChanged(app.ctx, [tokens.localId]);
    return { kind: 'identitytoolkit#VerifyPasswordResponse', registered: true, ...tokens };
  });

  route(app, serverEndpoints.firebaseLookup, schema('The signed-in account (getAccountInfo)'), async (req) =>
    lookupAccount(deps(), body(req.body)),
  );

  route(app, serverEndpoints.firebaseUpdate, schema('Change the display name or the password'), async (req) => {
    const b = body(req.body);
    const updated = await updateAccount(deps(), b);
    // A new password ended the account's other sessions: their tokens stop opening anything now.
    if (b.password !== undefined && typeof updated.localId === 'string') await announceSessionsEnded(app.ctx.hub, updated.localId);
    return updated;
  });

  route(app, serverEndpoints.firebaseSendOobCode, schema('Send the verification or password reset mail'), async (req) => {
    const b = body(req.body);
    if (b.requestType === 'VERIFY_EMAIL') return sendVerificationEmail(deps(), b);
    if (b.requestType === 'PASSWORD_RESET') {
      if (typeof b.email !== 'string' || !isValidEmail(b.email)) throw new IdentityError('INVALID_EMAIL');
      const d = deps();
      await requestPasswordReset(d.db, {
        email: b.email.trim().toLowerCase(),
        ip: req.ip,
        now: d.now,
        publicUrl: d.publicUrl,
        secrets: d.secrets,
      });
      return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: b.email.trim().toLowerCase() };
    }
    throw new IdentityError('INVALID_REQ_TYPE');
  });

  route(app, serverEndpoints.firebaseToken, schema('Exchange a refresh token (form-encoded or JSON; snake_case answer)'), async (req) => {
    const b = body(req.body);
    if (b.grant_type !== undefined && b.grant_type !== 'refresh_token') throw new IdentityError('INVALID_REFRESH_TOKEN');
    const tokens = await refresh(deps(), b.refresh_token ?? b.refreshToken);
    return {
      access_token: tokens.idToken,
      expires_in: tokens.expiresIn,
      token_type: 'Bearer',
      refresh_token: tokens.refreshToken,
      id_token: tokens.idToken,
      user_id: tokens.localId,
      project_id: 'swapu',
    };
  });
};
