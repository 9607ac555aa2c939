import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, NotificationListSchema, NotificationReadSchema, UnreadCountSchema } from '@swapu/shared/api';
import { requireUser } from '../../lib/auth';
import { listNotifications, markRead } from './notifications.service';
import { route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  route(
    app,
    endpoints.notifications,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['notifications'],
        security,
        summary: 'My notifications, newest first, with the unread count',
        querystring: z.object({ cursor: z.string().max(200).optional() }),
        response: { 200: NotificationListSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (req) => listNotifications(app.ctx.database.db, requireUser(req), req.query.cursor),
  );
  route(
    app,
    endpoints.readNotifications,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['notifications'],
        security,
        summary: 'Mark some (ids) or all notifications read',
        body: NotificationReadSchema,
        response: { 200: UnreadCountSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (req) => ({ unread: await markRead(app.ctx.database.db, requireUser(req), req.body.ids, app.ctx.clock.now()) }),
  );
};
