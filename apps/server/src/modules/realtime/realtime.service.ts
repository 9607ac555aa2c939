import type { FastifyBaseLogger } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { ClientEventSchema, type ServerEvent } from '@swapu/shared/chat';
import { SOCKET_CLOSE } from '@swapu/shared/socket';
import { messages, supportMessages, users } from '../../db/schema/index';
import { resolveViewer } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { HubEvent } from '../../lib/hub';
import type { Viewer } from '../../lib/viewer';
import { listMessages, memberRoom, recentMessages, REPLAY_PAGE, sendMessage, toMessage } from '../chat/index';

interface Connection {
  socket: WebSocket;
  viewer: Viewer | null;
  /** Rooms this connection has joined (membership checked): typing and seen events are scoped to them. */
  rooms: Set<string>;
  lastTyping: number;
  /** Closes the connection when its access token lapses. */
  expiry?: NodeJS.Timeout;
}

/** Close code for a connection whose session ended (token expired, banned, signed out, reset). */
export const SESSION_ENDED_CLOSE = SOCKET_CLOSE.sessionEnded;
/** How often open connections are checked against their accounts (a lost announcement's bound). */
const SESSION_SWEEP_MS = 30_000;

const send = (socket: WebSocket, event: ServerEvent) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
};

/**
 * The realtime service behind /api/v1/ws: the registry of this instance's connections (by account;
 * admins also hear support traffic), the fan-out of hub events to them, presence for the message
 * digest, the sweep that ends connections of ended sessions, and what a connection may ask
 * (authenticate, subscribe to a room with catch-up, typing, send).
 */
export function createRealtime(ctx: AppContext, log: FastifyBaseLogger) {
  /** Local connections by user id; admins also get support traffic. */
  const byUser = new Map<string, Set<Connection>>();
  const admins = new Set<Connection>();

  /** Every local connection of these accounts stops at once: their sessions were ended. */
  const closeSessions = (userIds: string[]) => {
    for (const id of userIds) {
      for (const c of [...(byUser.get(id) ?? [])]) endConnection(c);
    }
  };

  const fanOut = async (event: HubEvent) => {
    if (event.kind === 'sessions-ended') return closeSessions(event.users);
    // Cache invalidations (lib/viewer-cache.ts, post views): nothing a socket hears.
    if (event.kind === 'viewer-changed' || event.kind === 'likes-changed' || event.kind === 'post-changed') return;
    const targets = event.everyone
      ? [...byUser.values()].flatMap((set) => [...set])
      : event.users.flatMap((u) => [...(byUser.get(u) ?? [])]);
    if (event.admins) targets.push(...admins);
    if (targets.length === 0) return;
    const db = ctx.database.db;
    switch (event.kind) {
      case 'message': {
        let m = recentMessages.get(event.id!);
        if (!m) {
          const [row] = await db.select().from(messages).where(eq(messages.id, event.id!)).limit(1);
          if (!row) return;
          m = toMessage(row);
        }
        recentMessages.delete(event.id!);
        const payload = JSON.stringify({ type: 'message', message: m } satisfies ServerEvent);
        for (const c of targets) if (c.socket.readyState === c.socket.OPEN) c.socket.send(payload);
        break;
      }
      case 'seen':
        for (const c of targets)
          send(c.socket, { type: 'seen', roomId: event.roomId!, userId: event.userId!, seq: event.seq!, at: event.at! });
        break;
      case 'typing':
        for (const c of targets)
          if (c.rooms.has(event.roomId!)) send(c.socket, { type: 'typing', roomId: event.roomId!, userId: event.userId! });
        break;
      case 'notification': {
        const payload = JSON.stringify({ type: 'notification', id: event.id!, kind: 'notification' } satisfies ServerEvent);
        for (const c of targets) if (c.socket.readyState === c.socket.OPEN) c.socket.send(payload);
        break;
      }
      case 'support': {
        const [row] = await db
          .select({ m: supportMessages, name: users.displayName })
          .from(supportMessages)
          .leftJoin(users, eq(users.id, supportMessages.authorId))
          .where(eq(supportMessages.id, event.id!))
          .limit(1);
        if (!row) return;
        const message = {
          id: row.m.id,
          threadUserId: row.m.threadUserId,
          fromTeam: row.m.fromTeam,
          authorName: row.m.fromTeam ? 'SwapU team' : (row.name ?? ''),
          body: row.m.body,
          createdAt: row.m.createdAt.toISOString(),
        };
        for (const c of new Set(targets)) send(c.socket, { type: 'support', message });
        break;
      }
    }
  };

  // Presence for the message digest: whoever has a connection open is marked online every minute
  // (and once more when they leave), in the database so every instance agrees.
  const markOnline = (ids: string[]) => {
    if (ids.length === 0) return;
    ctx.database.db
      .update(users)
      .set({ lastOnlineAt: ctx.clock.now() })
      .where(inArray(users.id, ids))
      .catch((err: unknown) => log.warn({ err }, 'presence update failed'));
  };
  let unlisten: (() => void) | undefined;
  let presence: NodeJS.Timeout | undefined;
  let sessionSweep: NodeJS.Timeout | undefined;
  const sweepSessions = async () => {
    const ids = [...byUser.keys()];
    for (let i = 0; i < ids.length; i += 1000) {
      const batch = ids.slice(i, i + 1000);
      const rows = await ctx.database.db
        .select({ id: users.id, version: users.tokenVersion, banned: users.banned, deletedAt: users.deletedAt })
        .from(users)
        .where(inArray(users.id, batch));
      const live = new Map(rows.map((r) => [r.id, r]));
      for (const id of batch) {
        const row = live.get(id);
        for (const c of [...(byUser.get(id) ?? [])]) {
          if (!row || row.deletedAt || row.banned !== !!c.viewer?.banned || row.version !== (c.viewer?.tokenVersion ?? 0)) endConnection(c);
        }
      }
    }
  };
  const endConnection = (c: Connection) => {
    leave(c);
    c.viewer = null;
    c.rooms.clear();
    c.socket.close(SESSION_ENDED_CLOSE, 'session ended');
  };

  const join = (c: Connection) => {
    const id = c.viewer!.userId!;
    let set = byUser.get(id);
    if (!set) byUser.set(id, (set = new Set()));
    set.add(c);
    if (c.viewer!.role === 'admin') admins.add(c);
  };
  const leave = (c: Connection) => {
    clearTimeout(c.expiry);
    const id = c.viewer?.userId;
    if (!id) return;
    markOnline([id]);
    byUser.get(id)?.delete(c);
    if (byUser.get(id)?.size === 0) byUser.delete(id);
    admins.delete(c);
  };

  /** Starts hearing the hub, marking presence and sweeping sessions (once the app is ready). */
  const start = () => {
    unlisten = ctx.hub?.listen((event) => {
      fanOut(event).catch((err: unknown) => log.warn({ err }, 'realtime fan-out failed'));
    });
    presence = setInterval(() => markOnline([...byUser.keys()].slice(0, 5000)), 60_000).unref();
    // The hub closes an ended session's sockets at once; this sweep catches an announcement lost
    // while an instance's LISTEN connection was reconnecting.
    sessionSweep = setInterval(
      () => void sweepSessions().catch((err: unknown) => log.warn({ err }, 'session sweep failed')),
      SESSION_SWEEP_MS,
    ).unref();
  };

  /** Stops hearing the hub and the timers (the app is closing). */
  const stop = () => {
    unlisten?.();
    clearInterval(presence);
    clearInterval(sessionSweep);
  };

  /** A new connection (its origin already checked); `role` is what the upgrade request carried. */
  const connect = (socket: WebSocket, role: Viewer['role']) => {
    const c: Connection = { socket, viewer: null, rooms: new Set(), lastTyping: 0 };
    send(socket, { type: 'hello', viewer: role });
    socket.on('close', () => leave(c));
    socket.on('message', (raw) => {
      void handle(String(raw)).catch((err: unknown) => {
        const code = err instanceof AppError ? err.code : 'generic';
        if (!(err instanceof AppError)) log.warn({ err }, 'websocket message failed');
        send(socket, { type: 'error', code });
      });
    });

    const handle = async (raw: string) => {
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        json = undefined;
      }
      const parsed = ClientEventSchema.safeParse(json);
      if (!parsed.success) return send(socket, { type: 'error', code: 'data_invalid' });
      const ev = parsed.data;
      if (ev.type === 'ping') return send(socket, { type: 'pong', id: ev.id });
      if (ev.type === 'auth') {
        const viewer = await resolveViewer(ctx, `Bearer ${ev.token}`);
        if (!viewer.userId) return send(socket, { type: 'error', code: 'login_required' });
        leave(c);
        c.viewer = viewer;
        join(c);
        // The connection acts for the account only as long as the token that opened it is good;
        // the client re-authenticates with its refreshed token on a new connection.
        const left = (viewer.tokenExpiresAt ?? 0) - ctx.clock.now().getTime();
        c.expiry = setTimeout(() => endConnection(c), Math.max(0, Math.min(left, 2 ** 31 - 1)));
        c.expiry.unref();
        markOnline([viewer.userId]);
        return send(socket, { type: 'ready', userId: viewer.userId });
      }
      const me = c.viewer?.userId;
      if (!me) return send(socket, { type: 'error', code: 'login_required' });
      const db = ctx.database.db;
      switch (ev.type) {
        case 'subscribe': {
          try {
            await memberRoom(db, ev.roomId, me);
          } catch (err) {
            const code = err instanceof AppError && err.status === 404 ? 'not_found' : 'room_forbidden';
            return send(socket, { type: 'error', code, roomId: ev.roomId });
          }
          c.rooms.add(ev.roomId);
          send(socket, { type: 'subscribed', roomId: ev.roomId });
          // Catch-up: every stored message after the client's cursor, oldest first, however many
          // pages it takes (a client back from a long drop or a restarted instance misses none).
          for (let after = ev.after; after !== undefined && socket.readyState === socket.OPEN;) {
            const page = await listMessages(db, me, ev.roomId, { after });
            for (const m of page.items) send(socket, { type: 'message', message: m });
            after = page.items.length === REPLAY_PAGE ? page.items.at(-1)!.seq : undefined;
          }
          return;
        }
        case 'unsubscribe':
          c.rooms.delete(ev.roomId);
          return;
        case 'typing': {
          if (!c.rooms.has(ev.roomId)) return send(socket, { type: 'error', code: 'room_forbidden', roomId: ev.roomId });
          const nowMs = Date.now();
          if (nowMs - c.lastTyping < 1000) return;
          c.lastTyping = nowMs;
          const room = await memberRoom(db, ev.roomId, me);
          const other = room.userA === me ? room.userB : room.userA;
          await ctx.hub?.publish({ users: [other], kind: 'typing', roomId: ev.roomId, userId: me });
          return;
        }
        case 'send': {
          if (c.viewer?.banned) return send(socket, { type: 'error', code: 'account_banned' });
          if (c.viewer?.termsAccepted === false) return send(socket, { type: 'error', code: 'terms_pending' });
          // Stored and announced (NOTIFY on commit) by sendMessage; acknowledged only after that.
          const { message } = await sendMessage(
            { database: ctx.database, hub: ctx.hub },
            me,
            ev.roomId,
            { body: ev.body, clientId: ev.clientId },
            ctx.clock.now(),
          );
          send(socket, { type: 'sent', clientId: ev.clientId ?? null, message });
          return;
        }
      }
    };
  };

  return { start, stop, connect };
}
