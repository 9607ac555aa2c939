// npm start: builds the web app when it has not been built, then runs the one server process
// (web app, API and WebSocket) on PORT with the embedded defaults.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { checkNode } from './check-node.mjs';

checkNode();
const root = path.resolve(import.meta.dirname, '..');
const index = path.join(root, 'apps/web/dist/index.html');

/** Newest modification time of the files the web build depends on. */
function newestSource() {
  let newest = 0;
  const walk = (p) => {
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) for (const f of fs.readdirSync(p)) walk(path.join(p, f));
    else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'])
    walk(path.join(root, p));
  return newest;
}

const built = fs.statSync(index, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (!built || built < newestSource() || process.env.SWAPU_REBUILD === 'true') {
  console.log(built ? '[swapu] web sources changed: rebuilding the web app…' : '[swapu] building the web app (first start)…');
  execSync('npm run build -w @swapu/web', { cwd: root, stdio: 'inherit' });
}
register();
await import('../apps/server/src/main.ts');
