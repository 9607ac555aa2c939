import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { assertSafeKey, isS3Storage, contentTypeOf, MEDIA_CACHE_CONTROL, type Storage } from './storage';

/**
 * GET and HEAD /media/<key>: stored files with a year-long immutable Cache-Control, a validator
 * (ETag, Last-Modified) for conditional requests, byte ranges, and the app's 404 (the not-found
 * handler, which also sends a photo size not written yet to an older one). The local folder is
 * served by @fastify/static; a bucket's objects are streamed through, the request's conditions and
 * range passed on to the bucket so a 304 moves no bytes (decision 0040 measures both).
 */
export async function registerMedia(app: FastifyInstance, storage: Storage, uploadsDir: string) {
  if (!isS3Storage(storage)) {
    fs.mkdirSync(uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/media/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
    });
    return;
  }
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    schema: { hide: true },
    handler: async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      try {
        assertSafeKey(key);
      } catch {
        return reply.callNotFound();
      }
      const header = (name: string) => {
        const v = req.headers[name];
        return typeof v === 'string' ? v : undefined;
      };
      const found = await storage.read(key, {
        method: req.method === 'HEAD' ? 'HEAD' : 'GET',
        ifNoneMatch: header('if-none-match'),
        ifModifiedSince: header('if-none-match') ? undefined : header('if-modified-since'),
        range: header('range'),
      });
      if (!found) return reply.callNotFound();
      reply.header('cache-control', MEDIA_CACHE_CONTROL);
      if (found.status === 304) {
        const sent = header('if-none-match');
        if (sent && !sent.includes(',')) reply.header('etag', sent);
        return reply.status(304).send();
      }
      if (found.status === 416) return reply.status(416).send();
      reply
        .status(found.status)
        .header(
          'content-type',
          found.contentType && found.contentType !== 'application/octet-stream' ? found.contentType : contentTypeOf(key),
        )
        .header('accept-ranges', 'bytes');
      if (found.contentLength !== undefined) reply.header('content-length', found.contentLength);
      if (found.contentRange) reply.header('content-range', found.contentRange);
      if (found.etag) reply.header('etag', found.etag);
      if (found.lastModified) reply.header('last-modified', found.lastModified.toUTCString());
      return reply.send(found.body ?? undefined);
    },
  });
}
