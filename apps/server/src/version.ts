import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from './paths';

/**
 * Set by scripts/build-server.mjs (esbuild's `define`) to the root package.json's version when it
 * bundles the server, so a release folder reports it without the repository beside it.
 */
declare const __SWAPU_VERSION__: string | undefined;

/** Run from source (tsx, Vitest): the repository's package.json. */
function fromRepository(): string {
  const file = path.join(SERVER_ROOT, '..', '..', 'package.json');
  const version = (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown }).version;
  if (typeof version !== 'string' || !version) throw new Error(`${file} has no version`);
  return version;
}

/** The version this server reports at /api/health (CHANGELOG.md names what each one brought). */
export const VERSION: string = typeof __SWAPU_VERSION__ === 'string' ? __SWAPU_VERSION__ : fromRepository();
