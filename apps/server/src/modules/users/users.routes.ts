import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsChanged } from '../../lib/viewer-cache';
import { z } from 'zod';
import {
  AccountDeleteSchema,
  MeSchema,
  MeUpdateSchema,
  PublicProfileSchema,
  RecoveryCodesSchema,
  TwoFactorCodeSchema,
  TwoFactorSetupSchema,
  VerificationMailSchema,
} from '@swapu/shared/account';
import { ErrorBodySchema } from '@swapu/shared/api';
import { WelcomeMailSchema } from '@swapu/shared/mail';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { requireAccount, requireUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import {
  disableTwoFactor,
  enableTwoFactor,
  setupTwoFactor,
  queueVerificationMail,
  announceSessionsEnded,
  endSessions,
} from '../auth/index';
import { enforce } from '../../lib/rate-limit';
import { deleteAccount } from './account-deletion';
import { clearProfileImage, setProfileImage, type ProfileImageKind } from '../members/index';
import { welcomeMail } from '../mail/index';
import { acceptTerms, getMe, getPublicProfile, updateMe } from './users.service';
import { route } from '../../lib/route';
import { serverEndpoints } from '../../lib/server-endpoints';
import { endpoints } from '@swapu/shared/endpoints';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const bearer = [{ bearerAuth: [] }];

  route(
    app,
    endpoints.me,
    { config: { auth: 'account' }, schema: { tags: ['users'], security: bearer, response: { 200: MeSchema, 401: ErrorBodySchema } } },
    async (req) => getMe(db(), requireAccount(req), req.viewer.subscriber),
  );

  route(
    app,
    endpoints.updateMe,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        security: bearer,
        // Validated in the handler so a bad name or address gets its own catalogue message.
        body: z.unknown(),
        response: { 200: MeSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const parsed = MeUpdateSchema.safeParse(req.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = String(issue.path[0] ?? '_');
        const code = field === 'displayName' ? 'name_invalid' : field === 'address' ? 'address_invalid' : 'data_invalid';
        throw new AppError(400, code, Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || '_', i.message])));
      }
      return updateMe(db(), userId, req.viewer.subscriber, parsed.data, app.ctx.clock.now());
    },
  );

  route(
    app,
    endpoints.acceptTerms,
    {
      config: { auth: 'account' },
      schema: {
        tags: ['users'],
        security: bearer,
        summary: 'Accept the terms and conditions and the privacy policy (an account made through the Firebase contract)',
        response: { 200: MeSchema, 401: ErrorBodySchema },
      },
    },
    async (req) => {
      const userId = requireAccount(req);
      const me = await acceptTerms(db(), userId, req.viewer.subscriber, app.ctx.clock.now());
      accountsChanged(app.ctx, [userId]);
      return me;
    },
  );

  route(
    app,
    endpoints.verificationMail,
    {
      config: { auth: 'account' },
      schema: {
        tags: ['users'],
        security: bearer,
        summary: 'Send the email verification link again (limited to a few an hour)',
        response: { 202: VerificationMailSchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const userId = requireAccount(req);
      const now = app.ctx.clock.now();
      const [user] = await db().select().from(users).where(eq(users.id, userId));
      if (!user || user.emailVerifiedAt) return reply.status(202).send({ sent: false });
      await enforce(db(), 'verificationMail', userId, now);
      const deps = { jwtSecret: app.ctx.config.jwtSecret, publicUrl: app.ctx.config.publicUrl, secrets: app.ctx.secrets, now };
      await queueVerificationMail(db(), deps, user);
      return reply.status(202).send({ sent: true });
    },
  );

  route(
    app,
    endpoints.signOutEverywhere,
    {
      config: { auth: 'account' },
      schema: {
        tags: ['users'],
        security: bearer,
        summary: 'End every session of the account, on every device (this one too); open connections close at once',
        response: { 204: z.null(), 401: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const userId = requireAccount(req);
      await db().transaction((tx) => endSessions(tx, userId, app.ctx.clock.now()));
      await announceSessionsEnded(app.ctx.hub, userId);
      return reply.status(204).send(null);
    },
  );

  route(
    app,
    endpoints.profile,
    {
      schema: {
        tags: ['users'],
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: PublicProfileSchema, 404: ErrorBodySchema },
      },
    },
    async (req) => getPublicProfile(db(), req.params.id, app.ctx.clock.now()),
  );

  for (const kind of ['avatar', 'banner'] as ProfileImageKind[]) {
    route(
      app,
      kind === 'avatar' ? endpoints.avatar : endpoints.banner,
      {
        config: { auth: 'user' },
        schema: {
          tags: ['users'],
          security: bearer,
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ url: z.string() }), 400: ErrorBodySchema, 413: ErrorBodySchema },
        },
      },
      async (req) => {
        const userId = requireUser(req);
        await enforce(db(), 'upload', userId, app.ctx.clock.now());
        const file = await req.file();
        if (!file) throw new AppError(400, 'image_invalid');
        const buf = await file.toBuffer();
        const url = await setProfileImage(db(), app.ctx.storage, userId, kind, buf);
        return { url: url! };
      },
    );
    route(
      app,
      kind === 'avatar' ? serverEndpoints.deleteAvatar : serverEndpoints.deleteBanner,
      { config: { auth: 'user' }, schema: { tags: ['users'], security: bearer } },
      async (req, reply) => {
        await clearProfileImage(db(), app.ctx.storage, requireUser(req), kind);
        return reply.status(204).send();
      },
    );
  }

  route(
    app,
    endpoints.twoFactorSetup,
    {
      config: { auth: 'user' },
      schema: { tags: ['users'], security: bearer, response: { 200: TwoFactorSetupSchema, 409: ErrorBodySchema } },
    },
    async (req) => setupTwoFactor(db(), app.ctx.secrets, requireUser(req)),
  );
  route(
    app,
    endpoints.twoFactorEnable,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        security: bearer,
        body: TwoFactorCodeSchema,
        response: { 200: RecoveryCodesSchema, 400: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (req) =>
      enableTwoFactor(db(), app.ctx.secrets, requireUser(req), req.body.code, app.ctx.clock.now(), app.ctx.config.passwordHashing),
  );
  route(
    app,
    endpoints.twoFactorDisable,
    {
      config: { auth: 'user' },
      schema: { tags: ['users'], security: bearer, body: TwoFactorCodeSchema, response: { 204: z.null(), 400: ErrorBodySchema } },
    },
    async (req, reply) => {
      const userId = requireUser(req);
      // Each attempt checks a code: a limit keeps a stolen session from guessing its way to turning 2FA off.
      await enforce(db(), 'twoFactorDisable', userId, app.ctx.clock.now());
      await disableTwoFactor(db(), app.ctx.secrets, userId, req.body.code, app.ctx.clock.now());
      return reply.status(204).send(null);
    },
  );

  route(
    app,
    endpoints.deleteMe,
    {
      config: { auth: 'account' },
      schema: { tags: ['users'], security: bearer, body: AccountDeleteSchema, response: { 204: z.null(), 400: ErrorBodySchema } },
    },
    async (req, reply) => {
      // Banned accounts may delete themselves too.
      const userId = requireAccount(req);
      // Each attempt checks the password.
      await enforce(db(), 'accountDelete', userId, app.ctx.clock.now());
      await deleteAccount(db(), app.ctx.storage, userId, req.body.password, app.ctx.clock.now());
      await announceSessionsEnded(app.ctx.hub, userId);
      return reply.status(204).send(null);
    },
  );

  route(
    app,
    endpoints.welcomeMail,
    {
      config: { auth: 'account' },
      schema: {
        tags: ['users'],
        security: bearer,
        summary: 'The welcome email as this person received it (for /welcome-mail)',
        response: { 200: WelcomeMailSchema },
      },
    },
    async (req) => {
      const me = await getMe(db(), requireAccount(req), req.viewer.subscriber);
      return welcomeMail(me.language, { name: me.displayName, url: `${app.ctx.config.publicUrl}/onboarding` });
    },
  );
};
