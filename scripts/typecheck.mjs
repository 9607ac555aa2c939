// npm run typecheck: every TypeScript project of the repository, checked (no output) by TypeScript 7,
// the native compiler (the `typescript-7` alias of typescript@7 in package.json), one after the
// other and single-threaded. TypeScript 5.9 (`typescript`) stays for typescript-eslint, which
// parses with its API; TypeScript 7 has no such API yet.
//
// Why (docs/decisions/0047-ci-time.md, 2026-12-06): the eight projects took 66 CPU-s and 44 s with
// TypeScript 5.9 and take 17 CPU-s and 14 s this way, with the same errors. Single-threaded,
// because npm test runs the typecheck beside lint, prettier and the build on two cores: with its
// own threads one project cost twice the CPU (apps/server: 11.3 CPU-s against 5.0) for no time
// saved there.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript-7/bin/tsc');
const PROJECTS = [
  'packages/shared',
  'apps/server',
  'apps/web',
  'apps/web/tsconfig.sw.json',
  'e2e',
  'tests/cluster',
  'tests/crash',
  'bench',
];

const failed = [];
for (const project of PROJECTS) {
  const r = spawnSync(process.execPath, [tsc, '--singleThreaded', '-p', project], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed.push(project);
}
if (failed.length) {
  console.error(`typecheck: type errors in ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`typecheck: ${PROJECTS.length} projects, no type errors`);
