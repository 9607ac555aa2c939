import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config, StorageConfig } from '../config';

/**
 * The security headers of every response (helmet). The Content-Security-Policy allows
 * scripts from our own origin only — no inline script, no eval — so an injected <script> or
 * on* attribute does not run. Styles may be inline: Mantine sets CSS variables and positions
 * through style attributes, which cannot run code. No other site may frame us (clickjacking), MIME
 * types are not sniffed, no Referer leaves the site (a reset link's token never travels to
 * another site), and HSTS is on when the site is served over https. Images may also come from
 * MEDIA_PUBLIC_URL's origin (a CDN in front of the photo bucket, decision 0040). See
 * docs/decisions/0012-safe-defaults.md.
 */
export function securityHeaders(config: Pick<Config, 'publicUrl'> & { storage?: Pick<StorageConfig, 'mediaPublicUrl'> }): HelmetOptions {
  const https = config.publicUrl.startsWith('https://');
  const media = config.storage?.mediaPublicUrl ? [new URL(config.storage.mediaPublicUrl).origin] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...media],
        'font-src': ["'self'", 'data:'],
        'media-src': ["'self'", 'blob:'],
        // 'self' covers the same-origin WebSocket (ws:/wss:) in CSP level 3 browsers.
        'connect-src': ["'self'"],
        'worker-src': ["'self'", 'blob:'],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        // Only our own pages may frame us (the listing preview, /testNewProductPage): no other site can.
        'frame-ancestors': ["'self'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // Cross-origin isolation would break nothing we load today, but buys nothing either.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only means something over https; on a plain-http local server it would be wrong.
    strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'sameorigin' },
    xContentTypeOptions: true,
  };
}

/**
 * Sets the security headers on every response, helmet's middleware built once. (@fastify/helmet
 * builds a new helmet middleware, parsing the CSP again, for every request: a tenth of a cached
 * read's time. Decision 0015.)
 */
export function addSecurityHeaders(app: FastifyInstance, config: Parameters<typeof securityHeaders>[0]): void {
  const apply = helmet(securityHeaders(config));
  app.addHook('onRequest', (req, reply, done) => {
    apply(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}
