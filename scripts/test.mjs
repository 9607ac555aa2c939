// npm test: typecheck, lint, unit + API integration tests on PGlite (and again on PostgreSQL when
// TEST_DATABASE_URL is set), the production build with its bundle budget, then the Playwright
// journeys in Chromium. Stops at the first failure and exits non-zero.
import { spawnSync } from 'node:child_process';
import { checkNode } from './check-node.mjs';

checkNode();
const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit + integration (PGlite)', 'npx', ['vitest', 'run'], { TEST_DB: 'pglite' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(['integration (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DB: 'pg' }]);
} else {
  console.log('[test] TEST_DATABASE_URL is not set: the PostgreSQL run of the integration tests is not part of this run.');
}
steps.push(['build', 'npm', ['run', 'build']]);
steps.push(['e2e (Chromium)', 'npx', ['playwright', 'test']]);

const only = process.argv.slice(2);
const results = [];
for (const [name, cmd, args, env] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n[test] ── ${name} ──`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  results.push(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${name} (${secs} s)`);
  if (r.status !== 0) {
    console.error(`\n[test] ${name} failed\n${results.join('\n')}`);
    process.exit(r.status ?? 1);
  }
}
console.log(`\n[test] all steps passed\n${results.join('\n')}`);
