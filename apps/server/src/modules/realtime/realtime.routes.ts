import type { FastifyPluginAsync } from 'fastify';
import { createRealtime } from './realtime.service';

export { SESSION_ENDED_CLOSE } from './realtime.service';

/**
 * The WebSocket (/api/v1/ws). Browsers on other origins are refused. A connection authenticates
 * with its access token ({type:'auth'}), then hears what concerns its user: messages of its rooms,
 * seen receipts, typing, notifications and support answers. Subscribing to a room checks
 * membership and replays stored messages after the client's last seq, so a reconnect loses nothing.
 * The connections and what they may do live in realtime.service.ts.
 */
export const realtimeRoutes: FastifyPluginAsync = async (app) => {
  const realtime = createRealtime(app.ctx, app.log);
  app.addHook('onReady', async () => realtime.start());
  app.addHook('onClose', async () => realtime.stop());

  const allowedOrigin = (origin: string | undefined, host: string | undefined) => {
    if (!origin) return true; // non-browser clients send no Origin
    try {
      const o = new URL(origin);
      return o.host === host || o.origin === new URL(app.ctx.config.publicUrl).origin;
    } catch {
      return false;
    }
  };

  let open = 0;
  app.ctx.realtimeConnections = () => open;
  app.get('/api/v1/ws', { websocket: true, schema: { hide: true } }, (socket, req) => {
    open++;
    socket.on('close', () => open--);
    if (!allowedOrigin(req.headers.origin, req.headers.host)) {
      socket.close(1008, 'origin not allowed');
      return;
    }
    realtime.connect(socket, req.viewer.role);
  });
};
