import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PostIdParamsSchema, ReportReceivedSchema } from '@swapu/shared/api';
import {
  CreateRoomSchema,
  MessagePageSchema,
  MessageSchema,
  MessagesQuerySchema,
  ReportUserSchema,
  RoomListSchema,
  RoomSchema,
  SendMessageSchema,
  SupportMessageSchema,
  SupportSendSchema,
  SupportThreadListSchema,
  SupportThreadSchema,
} from '@swapu/shared/chat';
import { requireAccount, requireAdmin, requireUser } from '../../lib/auth';
import { getRoom, listMessages, listRooms, markSeen, openRoom, reportUser, sendMessage, setBlock } from './chat.service';
import { enforce } from '../../lib/rate-limit';
import { postSupport, supportThread, supportThreads } from './support.service';
import { recordAudit } from '../../lib/audit';
import { errorAnswers, route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();
  const deps = () => ({ database: app.ctx.database, hub: app.ctx.hub });
  const errorsOf = errorAnswers(400, 401, 403, 404, 429);
  const tags = ['chat'];

  route(
    app,
    endpoints.rooms,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        security,
        summary: 'My chat rooms, newest first, with unread counts',
        response: { 200: RoomListSchema, ...errorsOf },
      },
    },
    async (req) => (requireUser(req), listRooms(db(), req.viewer, now())),
  );

  route(
    app,
    endpoints.openRoom,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        security,
        summary: 'Open the room with a person (the existing one, or a new one)',
        body: CreateRoomSchema,
        response: { 200: RoomSchema, 201: RoomSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      const me = requireUser(req);
      await enforce(db(), 'roomCreate', me, now());
      const { room, created } = await openRoom(db(), req.viewer, req.body.userId, req.body.postId, now());
      return reply.status(created ? 201 : 200).send(await getRoom(db(), req.viewer, room.id, now()));
    },
  );

  route(
    app,
    endpoints.room,
    { config: { auth: 'user' }, schema: { tags, security, params: PostIdParamsSchema, response: { 200: RoomSchema, ...errorsOf } } },
    async (req) => (requireUser(req), getRoom(db(), req.viewer, req.params.id, now())),
  );

  route(
    app,
    endpoints.messages,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        security,
        summary: 'Messages, a page before `before` (or all after `after`)',
        params: PostIdParamsSchema,
        querystring: MessagesQuerySchema,
        response: { 200: MessagePageSchema, ...errorsOf },
      },
    },
    async (req) => listMessages(db(), requireUser(req), req.params.id, req.query),
  );

  route(
    app,
    endpoints.sendMessage,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        security,
        summary: 'Send a message (stored before it is acknowledged)',
        params: PostIdParamsSchema,
        body: SendMessageSchema,
        response: { 200: MessageSchema, 201: MessageSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      const { message, created } = await sendMessage(deps(), requireUser(req), req.params.id, req.body, now(), req.viewer);
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  route(
    app,
    endpoints.seen,
    { config: { auth: 'user' }, schema: { tags, security, params: PostIdParamsSchema, response: { 204: z.null(), ...errorsOf } } },
    async (req, reply) => {
      await markSeen(deps(), requireUser(req), req.params.id, now());
      return reply.status(204).send(null);
    },
  );

  for (const [endpoint, block] of [
    [endpoints.block, true],
    [endpoints.unblock, false],
  ] as const) {
    route(
      app,
      endpoint,
      {
        config: { auth: 'user' },
        schema: {
          tags,
          security,
          summary: block ? 'Block the other person' : 'Unblock the other person',
          params: PostIdParamsSchema,
          response: { 204: z.null(), ...errorsOf },
        },
      },
      async (req, reply) => {
        await setBlock(db(), requireUser(req), req.params.id, block, now());
        return reply.status(204).send(null);
      },
    );
  }

  route(
    app,
    endpoints.reportUser,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        security,
        summary: 'Report the other person to the moderators',
        params: PostIdParamsSchema,
        body: ReportUserSchema,
        response: { 202: ReportReceivedSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      const me = requireUser(req);
      await enforce(db(), 'report', me, now());
      await reportUser(db(), me, req.params.id, req.body.reason, now());
      return reply.status(202).send({ received: true });
    },
  );

  // Support (messages2): banned members may use it too; it is their only way to reach us.
  route(
    app,
    endpoints.support,
    { config: { auth: 'account' }, schema: { tags: ['support'], security, response: { 200: SupportThreadSchema, ...errorsOf } } },
    async (req) => supportThread(db(), requireAccount(req)),
  );
  route(
    app,
    endpoints.sendSupport,
    {
      config: { auth: 'account' },
      schema: { tags: ['support'], security, body: SupportSendSchema, response: { 201: SupportMessageSchema, ...errorsOf } },
    },
    async (req, reply) => {
      const me = requireAccount(req);
      await enforce(db(), 'supportMessage', me, now());
      return reply.status(201).send(await postSupport(db(), app.ctx.hub, me, me, false, req.body.body, now()));
    },
  );
  route(
    app,
    endpoints.supportThreads,
    { config: { auth: 'admin' }, schema: { tags: ['admin'], security, response: { 200: SupportThreadListSchema, ...errorsOf } } },
    async (req) => {
      requireAdmin(req);
      return supportThreads(db());
    },
  );
  const UserParams = z.object({ userId: z.string().min(1).max(64) });
  route(
    app,
    endpoints.supportThread,
    {
      config: { auth: 'admin' },
      schema: { tags: ['admin'], security, params: UserParams, response: { 200: SupportThreadSchema, ...errorsOf } },
    },
    async (req) => {
      requireAdmin(req);
      return supportThread(db(), req.params.userId);
    },
  );
  route(
    app,
    endpoints.answerSupport,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        params: UserParams,
        body: SupportSendSchema,
        response: { 201: SupportMessageSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      const admin = requireAdmin(req);
      // The answer and its audit row commit together; both sides hear of it after the commit.
      const message = await db().transaction(async (tx) => {
        const m = await postSupport(tx, null, req.params.userId, admin, true, req.body.body, now());
        await recordAudit(
          tx,
          {
            actorId: admin,
            action: 'support.reply',
            targetType: 'support',
            targetId: req.params.userId,
            after: { messageId: m.id, body: m.body },
          },
          now(),
        );
        return m;
      });
      await app.ctx.hub?.publish({ users: [req.params.userId], kind: 'support', id: message.id, admins: true });
      return reply.status(201).send(message);
    },
  );
};
