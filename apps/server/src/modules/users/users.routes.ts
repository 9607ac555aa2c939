import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MeSchema, MeUpdateSchema, PublicProfileSchema } from '@swapu/shared/account';
import { ErrorBodySchema } from '@swapu/shared/api';
import { requireAccount, requireUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { getMe, getPublicProfile, updateMe } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const bearer = [{ bearerAuth: [] }];

  app.get(
    '/api/v1/me',
    { schema: { tags: ['users'], security: bearer, response: { 200: MeSchema, 401: ErrorBodySchema } } },
    async (req) => getMe(db(), requireAccount(req), req.viewer.subscriber),
  );

  app.patch(
    '/api/v1/me',
    {
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

  app.get(
    '/api/v1/users/:id',
    {
      schema: {
        tags: ['users'],
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: PublicProfileSchema, 404: ErrorBodySchema },
      },
    },
    async (req) => getPublicProfile(db(), req.params.id),
  );
};
