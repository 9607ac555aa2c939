import { SOCKET_CLOSE } from '@swapu/shared/socket';
import type { App } from './context';

/** How long WebSockets get to answer the close frame before they are cut. */
const SOCKET_CLOSE_GRACE_MS = 1000;
/** How often, while closing, connections that have become idle are closed. */
const IDLE_REAP_MS = 100;

/**
 * How the app leaves a load balancer (decision 0041). Call it before the WebSocket plugin is
 * registered: preClose hooks run in the order they were added, and the plugin's own closes every
 * socket without a code.
 *
 * - While draining (`ctx.draining`, set by `shutDown`), every answer carries `Connection: close`:
 *   the balancer opens a fresh connection for its next request, so no kept-alive connection is
 *   left to race the listener's close, and none keeps the close waiting.
 * - When the app closes, every WebSocket is closed with 1012 (Service Restart): its client
 *   reconnects at once, through the balancer to another instance, and catches up from its cursor.
 */
export function attachGracefulClose(app: App) {
  // On the answer, not the request: a request that arrived before the drain and answers during it
  // closes its connection too (Node keeps a kept-alive connection open after an answer even while
  // the server closes, and the close would wait for its keep-alive timeout).
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (app.ctx.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  // The backstop for an answer whose headers left before the drain (a long download): once it
  // ends, its connection is idle and closed here, not after the keep-alive timeout.
  let reaper: NodeJS.Timeout | undefined;
  app.addHook('onClose', async () => clearInterval(reaper));
  app.addHook('preClose', async () => {
    reaper = setInterval(() => app.server.closeIdleConnections(), IDLE_REAP_MS).unref();
    const sockets = [...(app.websocketServer?.clients ?? [])];
    if (sockets.length === 0) return;
    const closed = Promise.all(sockets.map((ws) => (ws.readyState === ws.CLOSED ? null : new Promise((r) => ws.once('close', r)))));
    for (const ws of sockets) ws.close(SOCKET_CLOSE.serviceRestart, 'server restarting');
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([closed, new Promise((r) => (grace = setTimeout(r, SOCKET_CLOSE_GRACE_MS)))]);
    clearTimeout(grace);
    // A client that never answered the close frame holds no request of ours: cut it.
    for (const ws of sockets) if (ws.readyState !== ws.CLOSED) ws.terminate();
  });
}

export interface ShutdownOptions {
  /** How long /api/ready answers 503 before the listener closes (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** Ends the drain instead of the timer (a test decides when the balancer has seen it). */
  drained?: Promise<void>;
}

/**
 * The graceful shutdown (SIGTERM; main.ts exits once it resolves):
 * 1. /api/ready answers 503 at once and every answer closes its connection; everything else is
 *    served as before while the balancer's health check notices (`drainMs`, or `drained`);
 * 2. `app.close()`: WebSockets close with 1012; the listener closes (new connections are
 *    refused); idle keep-alive connections close; requests in flight finish, and a request that
 *    still arrives on an open connection is answered 503 before any handler runs;
 * 3. the onClose hooks stop the background work: timers stop, a periodic turn in flight and the
 *    pg-boss jobs in flight finish (an unfinished job is retried by another instance when its
 *    lease expires), the hub stops listening.
 * The database is closed by the caller, after this resolves.
 */
export async function shutDown(app: App, options: ShutdownOptions): Promise<void> {
  app.ctx.draining = true;
  app.log.info({ drainMs: options.drainMs }, 'shutting down: draining (/api/ready answers 503)');
  await (options.drained ?? new Promise((r) => setTimeout(r, options.drainMs)));
  app.log.info('shutting down: closing the listener, finishing requests in flight');
  await app.close();
}
