import { createRequire } from 'node:module';
import type QRCode from 'qrcode';
import type sharpModule from 'sharp';

const load = createRequire(import.meta.url);

/**
 * The packages loaded on demand. scripts/build-server.mjs fails the build when a module of the
 * server imports one of them with an `import` statement (a type-only import is fine).
 */
export const ON_DEMAND_PACKAGES = [
  'bwip-js',
  'date-holidays',
  'html-to-text',
  'pdf-lib',
  'qrcode',
  'sanitize-html',
  'sharp',
  'stripe',
] as const;
type OnDemand = (typeof ON_DEMAND_PACKAGES)[number];

/**
 * A package loaded the first time the server uses it instead of when the server starts: the
 * packages only some requests need (PDF labels, barcodes, QR codes, public holidays, campaign HTML,
 * Stripe, picture decoding). Every server start used to load them all, about half a second of CPU
 * and 100 MB of resident memory before its first request, on every instance, restart and test
 * server (decision 0047, 2026-12-06, late evening). Loaded synchronously (Node's `require`, which
 * also loads ES modules), so a caller stays as synchronous as it was; the first call pays the load
 * once.
 */
export function lazyModule<T>(name: OnDemand | `${OnDemand}/${string}`): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(name) as T);
}

/** sharp, for every module that reads or writes pictures (uploads, moderation, the demo's photos). */
export const sharp = lazyModule<typeof sharpModule>('sharp');
/** qrcode, for the two-factor set-up and the parcel label. */
export const qrCodes = lazyModule<typeof QRCode>('qrcode');
