import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a secret: links from mail (reset, verification, unsubscribe and
 * newsletter confirmation tokens), the provider's authorization code and state on the OAuth
 * callback, the browser nonce of an OAuth start, API keys of Firebase-style clients.
 */
const SECRET_PARAMS = new Set([
  'token',
  'code',
  'state',
  'nonce',
  'refresh_token',
  'refreshtoken',
  'id_token',
  'idtoken',
  'oobcode',
  'key',
  'password',
]);
export const REDACTED = '[redacted]';

/** The URL with the values of secret query parameters replaced, for logs. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = (eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return eq >= 0 && SECRET_PARAMS.has(decoded) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${redacted}`;
}

/** Fastify's request log line, with secrets in the URL redacted (headers are redacted by pino). */
export function requestSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
