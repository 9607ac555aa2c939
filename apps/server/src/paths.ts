import fs from 'node:fs';
import path from 'node:path';

/**
 * The apps/server folder, found from this module whether it runs from source (src/paths.ts,
 * through tsx or Vitest) or from the production bundle (dist/main.mjs).
 */
function findServerRoot(): string {
  let dir = import.meta.dirname;
  for (let i = 0; i < 4; i++) {
    if (fs.existsSync(path.join(dir, 'src', 'db', 'migrations'))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error(`cannot find apps/server from ${import.meta.dirname}`);
}

export const SERVER_ROOT = findServerRoot();
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src', 'db', 'migrations');
export const DEFAULT_WEB_DIST = path.join(SERVER_ROOT, '..', 'web', 'dist');
