// npm test's migration check (and `npm run db:check`):
//  1. the committed migrations produce exactly the Drizzle schema: `drizzle-kit generate` run on a
//     copy of them must find nothing to add (a schema change without its migration fails);
//  2. no migration is edited once recorded: apps/server/src/db/migrations/hashes.json holds the
//     sha256 of every migration, committed with it. A landed migration is never changed again, only
//     followed by a new one. `node scripts/check-migrations.mjs --record` adds the hashes of new
//     migrations (it never rewrites a recorded one).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'apps/server/src/db/migrations');
const hashesFile = path.join(dir, 'hashes.json');
const record = process.argv.includes('--record');
const problems = [];

// 2. Hashes.
const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8'));
const recorded = fs.existsSync(hashesFile) ? JSON.parse(fs.readFileSync(hashesFile, 'utf8')) : {};
const sha = (file) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
let added = 0;
for (const { tag } of journal.entries) {
  const file = path.join(dir, `${tag}.sql`);
  if (!fs.existsSync(file)) {
    problems.push(`${tag}.sql is in the journal but missing`);
    continue;
  }
  const hash = sha(file);
  if (!recorded[tag]) {
    if (record) {
      recorded[tag] = hash;
      added++;
    } else
      problems.push(`${tag}.sql has no recorded hash: run \`node scripts/check-migrations.mjs --record\` and commit hashes.json with it`);
  } else if (recorded[tag] !== hash) {
    problems.push(`${tag}.sql was edited after it was recorded: never change a landed migration, add a new one`);
  }
}
for (const tag of Object.keys(recorded)) {
  if (!journal.entries.some((e) => e.tag === tag)) problems.push(`hashes.json records ${tag}, which the journal does not list`);
}
if (record && added) fs.writeFileSync(hashesFile, `${JSON.stringify(recorded, null, 2)}\n`);

// 1. Schema and migrations agree.
const work = path.join(root, 'node_modules/.cache/swapu-migration-check');
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
fs.cpSync(dir, path.join(work, 'migrations'), { recursive: true });
const rel = path.relative(root, work);
fs.writeFileSync(
  path.join(work, 'drizzle.config.ts'),
  `import { defineConfig } from 'drizzle-kit';\nexport default defineConfig({ dialect: 'postgresql', schema: './apps/server/src/db/schema/index.ts', out: './${rel}/migrations' });\n`,
);
const before = fs.readdirSync(path.join(work, 'migrations')).length;
const out = execFileSync('npx', ['drizzle-kit', 'generate', '--config', `${rel}/drizzle.config.ts`], {
  cwd: root,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
});
const after = fs.readdirSync(path.join(work, 'migrations')).length;
if (after !== before || !/No schema changes/.test(out)) {
  problems.push('the Drizzle schema has changes no migration holds: run `npm run db:generate` and commit the migration');
}
fs.rmSync(work, { recursive: true, force: true });

if (problems.length) {
  console.error(`[migrations] ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `[migrations] ${journal.entries.length} migrations match the schema${record && added ? `; recorded ${added} new hash(es)` : ''}; none edited since recorded`,
);
