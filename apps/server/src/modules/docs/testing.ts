import fs from 'node:fs';
import path from 'node:path';
import type { DocsTesting } from '@swapu/shared/docs-api';

/**
 * The testing page's live part (decision 0032): every suite of `npm test`, its files and how many
 * tests each file holds, counted from the sources. A test is an `it(…)`/`test(…)` at the start of
 * a line; an `it.each` table counts once (it runs once per row, so the runner reports more).
 */
const SUITES = [
  {
    id: 'shared',
    runner: 'Vitest (Node)',
    command: 'npx vitest run --project shared',
    dir: 'packages/shared/src',
    match: /\.test\.ts$/,
  },
  {
    id: 'server',
    runner: 'Vitest (Node) on PGlite, then again on PostgreSQL',
    command: "TEST_DB=pglite npx vitest run --project 'server*' · TEST_DB=pg npx vitest run --project 'server*'",
    dir: 'apps/server/src',
    match: /\.test\.ts$/,
  },
  {
    id: 'web',
    runner: 'Vitest (happy-dom)',
    command: 'npx vitest run --project web',
    dir: 'apps/web/src',
    match: /\.test\.tsx?$/,
  },
  { id: 'e2e', runner: 'Playwright (Chromium, desktop and phone)', command: 'npx playwright test', dir: 'e2e', match: /\.spec\.ts$/ },
] as const;

const TEST_LINE = /^\s*(?:it|test)(?:\.(?:each|only|concurrent|fails|fixme))?\s*[(`]/gm;

export const countTests = (source: string) => source.match(TEST_LINE)?.length ?? 0;

function filesUnder(root: string, dir: string, match: RegExp): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const child = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (match.test(entry.name)) out.push(child);
    }
  };
  if (fs.existsSync(path.join(root, dir))) walk(dir);
  return out.sort();
}

export function describeTests(repoRoot: string, now = new Date()): DocsTesting {
  return {
    generatedAt: now.toISOString(),
    suites: SUITES.map((s) => {
      const files = filesUnder(repoRoot, s.dir, s.match).map((p) => ({
        path: p,
        tests: countTests(fs.readFileSync(path.join(repoRoot, p), 'utf8')),
      }));
      return {
        id: s.id,
        runner: s.runner,
        command: s.command,
        files,
        fileCount: files.length,
        testCount: files.reduce((n, f) => n + f.tests, 0),
      };
    }),
  };
}
