// npm start: builds the web app and the server bundle when their sources changed, then runs the one server process
// (web app, API and WebSocket) on PORT with the embedded defaults.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import module from 'node:module';
import { checkNode } from './check-node.mjs';
import { mtime, newest, serverBundleStale } from './newer.mjs';

checkNode();
const root = path.resolve(import.meta.dirname, '..');
const index = path.join(root, 'apps/web/dist/index.html');

const built = mtime(index);
const webSources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];
if (!built || built < newest(webSources) || process.env.SWAPU_REBUILD === 'true') {
  console.log(built ? '[swapu] web sources changed: rebuilding the web app…' : '[swapu] building the web app (first start)…');
  // Always a production bundle: a server started with NODE_ENV=test (the journeys) must not serve
  // React's development build (bigger, slower, and over the bundle budget).
  execSync('npm run build -w @swapu/web', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
// The server runs as one bundled ES module (no TypeScript loader at run time), rebuilt when its
// sources are newer; Node's compile cache keeps the V8 bytecode of modules between starts.
const bundle = path.join(root, 'apps/server/dist/main.mjs');
if (serverBundleStale() || process.env.SWAPU_REBUILD === 'true') {
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
// The documentation area's generated parts (npm run build) go stale as the schema or the tests
// change; the server makes them again on first request when they are gone.
const docsBuilt = path.join(root, 'apps/server/dist/docs');
if (
  fs.existsSync(docsBuilt) &&
  mtime(path.join(docsBuilt, 'testing.json')) < newest(['apps/server/src', 'apps/web/src', 'packages/shared/src', 'e2e'])
)
  fs.rmSync(docsBuilt, { recursive: true, force: true });
module.enableCompileCache?.(path.join(root, 'node_modules/.cache/swapu-compile'));
await import(bundle);
