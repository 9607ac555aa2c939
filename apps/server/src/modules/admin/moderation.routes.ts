import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DisputeResolutionSchema,
  ModerationIdParamsSchema,
  ModerationNoteSchema,
  ModerationQuerySchema,
  ModerationQueueSchema,
  ModerationReasonSchema,
  ModerationResultSchema,
} from '@swapu/shared/admin-moderation';
import { requireAdmin } from '../../lib/auth';
import {
  approveImage,
  banFromQueue,
  dismissPostReports,
  dismissUserReports,
  hidePost,
  moderationQueue,
  removeImage,
  resolveDispute,
  unhidePost,
  warnUser,
} from './moderation.service';
import { errorAnswers, route } from '../../lib/route';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';

const errorsOf = errorAnswers(400, 401, 403, 404, 409);

/**
 * The admin console's moderation (issue 20): the queue of reported listings, reported members,
 * flagged photos and disputed swaps, and what an admin does about each. Admins only; every change
 * is written to the audit log in its own transaction (moderation.service.ts).
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => app.ctx;
  const now = () => app.ctx.clock.now();
  const security = [{ bearerAuth: [] }];
  const action = <B extends typeof ModerationNoteSchema | typeof ModerationReasonSchema>(summary: string, body: B) => ({
    config: { auth: 'admin' as const },
    schema: {
      tags: ['admin'],
      security,
      summary,
      params: ModerationIdParamsSchema,
      body,
      response: { 200: ModerationResultSchema, ...errorsOf },
    },
  });

  route(
    app,
    adminEndpoints.adminModeration,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        summary: 'The moderation queue: counts of every tab and the cards of one (listings, members, photos, disputes)',
        querystring: ModerationQuerySchema,
        response: { 200: ModerationQueueSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireAdmin(req);
      return moderationQueue(app.ctx.database.db, req.query.kind);
    },
  );

  route(
    app,
    adminEndpoints.adminDismissPostReports,
    action("Dismiss a listing's open reports (nothing else changes)", ModerationNoteSchema),
    async (req) => dismissPostReports(deps(), requireAdmin(req), req.params.id, req.body.reason, now()),
  );

  route(
    app,
    adminEndpoints.adminHidePost,
    action('Hide a listing with a reason the owner is shown (archived; cannot be republished while hidden)', ModerationReasonSchema),
    async (req) => hidePost(deps(), requireAdmin(req), req.params.id, req.body.reason, now()),
  );

  route(
    app,
    adminEndpoints.adminUnhidePost,
    action('Lift the hiding of a listing (it returns to the state it had)', ModerationNoteSchema),
    async (req) => unhidePost(deps(), requireAdmin(req), req.params.id, req.body.reason, now()),
  );

  route(
    app,
    adminEndpoints.adminRemoveImage,
    action('Remove a listing photo (row and files); the owner is told why', ModerationReasonSchema),
    async (req) => removeImage(deps(), requireAdmin(req), req.params.id, req.body.reason, now()),
  );

  route(
    app,
    adminEndpoints.adminApproveImage,
    action('Approve a flagged photo: it stays and leaves the queue', ModerationNoteSchema),
    async (req) => approveImage(deps(), requireAdmin(req), req.params.id, req.body.reason, now()),
  );

  route(app, adminEndpoints.adminDismissUserReports, action('Dismiss the open reports about a member', ModerationNoteSchema), async (req) =>
    dismissUserReports(deps(), requireAdmin(req), req.params.id, req.body.reason, now()),
  );

  route(
    app,
    adminEndpoints.adminWarnUser,
    action('Warn a member: a team message in their support thread and a notification', ModerationReasonSchema),
    async (req) => warnUser(deps(), requireAdmin(req), req.params.id, req.body.reason, req.body.postId, now()),
  );

  route(
    app,
    adminEndpoints.adminBanFromQueue,
    action('Suspend a member from the queue (the same ban as the users table), with a reason', ModerationReasonSchema),
    async (req) => banFromQueue(deps(), requireAdmin(req), req.params.id, req.body.reason, req.body.postId, now()),
  );

  route(
    app,
    adminEndpoints.adminResolveDispute,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        summary: 'Resolve a disputed swap once: complete it (as if both confirmed) or cancel it (reservations released)',
        params: ModerationIdParamsSchema,
        body: DisputeResolutionSchema,
        response: { 200: ModerationResultSchema, ...errorsOf },
      },
    },
    async (req) => resolveDispute(deps(), requireAdmin(req), req.params.id, req.body.outcome, req.body.reason, now()),
  );
};
