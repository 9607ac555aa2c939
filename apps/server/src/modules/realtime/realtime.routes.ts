import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';

const ClientMessageSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('ping'), id: z.string().max(64).optional() })]);

/**
 * The WebSocket endpoint. Browsers on other origins are refused; the accounts and chat issues add
 * token authentication and channel subscriptions on top of this handshake.
 */
export const realtimeRoutes: FastifyPluginAsync = async (app) => {
  const allowedOrigin = (origin: string | undefined, host: string | undefined) => {
    if (!origin) return true; // non-browser clients send no Origin
    try {
      const o = new URL(origin);
      return o.host === host || o.origin === new URL(app.ctx.config.publicUrl).origin;
    } catch {
      return false;
    }
  };

  app.get('/api/v1/ws', { websocket: true, schema: { hide: true } }, (socket, req) => {
    if (!allowedOrigin(req.headers.origin, req.headers.host)) {
      socket.close(1008, 'origin not allowed');
      return;
    }
    socket.send(JSON.stringify({ type: 'hello', viewer: req.viewer.role }));
    socket.on('message', (raw) => {
      let parsed;
      try {
        parsed = ClientMessageSchema.safeParse(JSON.parse(String(raw)));
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) {
        socket.send(JSON.stringify({ type: 'error', code: 'data_invalid' }));
        return;
      }
      socket.send(JSON.stringify({ type: 'pong', id: parsed.data.id }));
    });
  });
};
