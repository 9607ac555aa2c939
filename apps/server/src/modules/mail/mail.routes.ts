import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@swapu/shared/api';
import { MailDetailSchema, MailListQuerySchema, MailListSchema } from '@swapu/shared/mail';
import { requireAdmin } from '../../lib/auth';
import { getMail, listMail } from './mail.service';
import { errorAnswers, route } from '../../lib/route';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';
import { endpoints } from '@swapu/shared/endpoints';

const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/**
 * The mail viewer: admins read the outbox at /api/v1/admin/mail; in development anyone can at
 * /api/v1/dev/mail (the /dev/mail page), so local sign-up and reset mail can be followed.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const bearer = [{ bearerAuth: [] }];
  const errorsOf = errorAnswers(401, 403, 404);

  route(
    app,
    adminEndpoints.adminMailList,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The mail outbox, newest first',
        security: bearer,
        querystring: MailListQuerySchema,
        response: { 200: MailListSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireAdmin(req);
      return listMail(db(), req.query);
    },
  );

  route(
    app,
    adminEndpoints.adminMail,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'One outbox mail with its text and HTML',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: MailDetailSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireAdmin(req);
      return getMail(db(), req.params.id);
    },
  );

  // Off in production and beyond loopback (buildApp refuses to start otherwise).
  if (!app.ctx.config.devPages) return;

  route(
    app,
    endpoints.devMailList,
    {
      schema: {
        tags: ['development'],
        summary: 'The mail outbox, newest first (development only, no sign-in)',
        querystring: MailListQuerySchema,
        response: { 200: MailListSchema },
      },
    },
    async (req) => listMail(db(), req.query),
  );

  route(
    app,
    endpoints.devMail,
    {
      schema: {
        tags: ['development'],
        summary: 'One outbox mail (development only, no sign-in)',
        params: IdParamsSchema,
        response: { 200: MailDetailSchema, 404: ErrorBodySchema },
      },
    },
    async (req) => getMail(db(), req.params.id, app.ctx.secrets),
  );
};
