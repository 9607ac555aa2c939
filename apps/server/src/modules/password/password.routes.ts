import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@swapu/shared/api';
import {
  isValidEmail,
  PasswordResetAcceptedSchema,
  PasswordResetConfirmSchema,
  PasswordResetDoneSchema,
  PasswordResetRequestSchema,
} from '@swapu/shared/mail';
import { errors } from '../../lib/errors';
import { announceSessionsEnded, confirmPasswordReset, requestPasswordReset } from '../auth/index';
import { route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

/** /forgot-password: reset links by mail, then a new password with the link's token. */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['password'];

  route(
    app,
    endpoints.passwordReset,
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (the same answer whether or not the account exists)',
        body: PasswordResetRequestSchema,
        response: { 202: PasswordResetAcceptedSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      if (!isValidEmail(req.body.email)) throw errors.badRequest('email_invalid');
      await requestPasswordReset(app.ctx.database.db, {
        email: req.body.email,
        ip: req.ip,
        now: app.ctx.clock.now(),
        publicUrl: app.ctx.config.publicUrl,
        secrets: app.ctx.secrets,
      });
      return reply.status(202).send({ accepted: true });
    },
  );

  route(
    app,
    endpoints.passwordResetConfirm,
    {
      schema: {
        tags,
        summary: 'Set a new password with the token of a reset link; signs out every session',
        body: PasswordResetConfirmSchema,
        response: { 200: PasswordResetDoneSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (req) => {
      const userId = await confirmPasswordReset(app.ctx.database.db, {
        ...req.body,
        ip: req.ip,
        now: app.ctx.clock.now(),
        passwordHashing: app.ctx.config.passwordHashing,
      });
      await announceSessionsEnded(app.ctx.hub, userId);
      return { reset: true as const };
    },
  );
};
