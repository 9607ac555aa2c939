/**
 * Close codes of the realtime WebSocket (/api/v1/ws) that a client acts on (decision 0041).
 *
 * - serviceRestart (1012, "Service Restart" in the IANA WebSocket close code registry): this
 *   server instance is shutting down (a deploy, a rolling restart). Reconnect after a short
 *   random delay, not the full backoff: the load balancer sends the new connection to another
 *   instance, and resubscribing with each room's last seq replays what was sent meanwhile.
 * - sessionEnded (4001): the session that opened the socket ended (token expired, banned, signed
 *   out everywhere, password reset). Reconnecting with the same token is refused.
 */
export const SOCKET_CLOSE = { serviceRestart: 1012, sessionEnded: 4001 } as const;
