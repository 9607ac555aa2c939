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
if (!fs.existsSync(index) || process.env.SWAPU_REBUILD === 'true') {
  console.log('[swapu] building the web app (first start)…');
  execSync('npm run build -w @swapu/web', { cwd: root, stdio: 'inherit' });
}
register();
await import('../apps/server/src/main.ts');
