// Whether a built file is older than its sources: scripts/start.mjs rebuilds what is stale before a
// start, and bench:smoke bundles the server first so that no two benches bundle it at once.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** A file's modification time, 0 when it is missing (a path relative to the repository, or absolute). */
export const mtime = (file) => fs.statSync(path.resolve(root, file), { throwIfNoEntry: false })?.mtimeMs ?? 0;

/** Newest modification time of the files under these paths (relative to the repository). */
export function newest(paths) {
  let latest = 0;
  const walk = (p) => {
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) for (const f of fs.readdirSync(p)) walk(path.join(p, f));
    else latest = Math.max(latest, st.mtimeMs);
  };
  for (const p of paths) walk(path.join(root, p));
  return latest;
}

/** The server's bundle (main.mjs and the chain engine's worker) is older than the server's or shared sources. */
export const serverBundleStale = () =>
  Math.min(mtime('apps/server/dist/main.mjs'), mtime('apps/server/dist/chain-engine.mjs')) <
  newest(['apps/server/src', 'packages/shared/src']);
