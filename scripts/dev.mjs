// npm run dev: the API with reload on change and the Vite dev server with hot reload.
import { spawn } from 'node:child_process';
import { checkNode } from './check-node.mjs';

checkNode();
const run = (cmd, args, env = {}) => spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env }, shell: false });
const children = [
  run('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { NODE_ENV: 'development', PORT: process.env.PORT ?? '3000' }),
  run('npx', ['vite', '--config', 'apps/web/vite.config.ts', 'apps/web']),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
