// npm run bench:smoke [-- --only chat,api] [-- --jobs 1|2]
// Runs every benchmark's --smoke mode (decision 0046), two at a time at most: tiny sizes, a second
// or two a phase. A bench fails when it measured nothing, met an error or lost a row of its table
// (bench/lib.ts, smoke()); its figures are printed, never checked. Prints each bench's output when it
// ends, then each one's wall time, and exits 1 if any failed.
//
// bench:lighthouse, bench:start and bench:memory run the production web build (apps/web/dist): run `npm run build`
// first (CI builds before this stage); without it they fail at once and say so. They start the
// server through scripts/start.mjs, which bundles the server when its sources are newer: this runner
// bundles it first (when stale), so no two of them write the bundle at the same time.
// PostgreSQL: the local one (postgres://postgres@127.0.0.1:5432/postgres), throwaway databases.
// bench:cluster has its own --smoke and runs after the cluster test (npm test's second stage); bench:backup is not a throughput bench.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { checkNode } from './check-node.mjs';
import { serverBundleStale } from './newer.mjs';

checkNode();
const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const webBuilt = fs.existsSync(path.join(root, 'apps/web/dist/index.html'));

/** Longest first, so the two lanes end together. */
const BENCHES = [
  { name: 'start', web: true },
  { name: 'lighthouse', web: true },
  { name: 'soak', web: true },
  { name: 'overload' },
  { name: 'memory', web: true },
  { name: 'media' },
  { name: 'swipe' },
  { name: 'api' },
  { name: 'chat' },
  { name: 'leaderboard' },
  { name: 'search' },
  { name: 'dashboard' },
  { name: 'events' },
  { name: 'chains' },
  { name: 'scam' },
  { name: 'fairness' },
];
/**
 * A smoke run far longer than this is stuck: stopped and failed. In npm test's last stage the
 * benches share two cores with the journeys and the PostgreSQL run (load average 17-21): there
 * bench:start's three server starts (one seeding the demo marketplace) took over 5 minutes, so
 * the guard is 10.
 */
const LIMIT_MS = 600_000;
/**
 * A bench that fails is run once more, alone in its lane, before the run fails (as the journeys
 * are): a smoke run checks that a bench measures something, and a bench broken by a change fails
 * both times, while one starved of CPU by the journeys beside it passes the second. A bench that
 * needed its second try is named in the run's last lines with why its first failed.
 */
const RETRIES = 1;

const args = process.argv.slice(2);
const arg = (k) => {
  const i = args.indexOf(`--${k}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = arg('only')?.split(',');
const jobs = Math.min(2, Math.max(1, Number(arg('jobs') ?? 2)));
const unknown = only?.filter((n) => !BENCHES.some((b) => b.name === n)) ?? [];
if (unknown.length) {
  console.error(`unknown bench: ${unknown.join(', ')} (known: ${BENCHES.map((b) => b.name).join(', ')})`);
  process.exit(2);
}
const queue = BENCHES.filter((b) => !only || only.includes(b.name));

const results = [];
/** The first try of each bench that failed and was run again. */
const firstFailures = [];
const running = new Set();
const children = new Set();
const stopAll = () => {
  for (const c of children) {
    try {
      process.kill(-c.pid, 'SIGTERM');
    } catch {}
  }
};
process.once('SIGINT', () => (stopAll(), process.exit(130)));
process.once('SIGTERM', () => (stopAll(), process.exit(143)));

function run(bench) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    if (bench.web && !webBuilt) {
      const output = 'apps/web/dist/index.html is missing: this bench runs the production web build. Run `npm run build` first.\n';
      return resolve({ name: bench.name, ok: false, ms: 0, output });
    }
    let output = '';
    // Its own process group, so a stuck bench is stopped with everything it started.
    const child = spawn(process.execPath, [tsx, `bench/${bench.name}.ts`, '--smoke'], {
      cwd: root,
      env: process.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      output += `\nbench:smoke: stopped after ${LIMIT_MS / 1000} s\n`;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
    }, LIMIT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      const ms = performance.now() - t0;
      resolve({ name: bench.name, ok: code === 0, ms, output: output + (code === 0 ? '' : `\n(exit ${code ?? signal})\n`) });
    });
  });
}

const started = performance.now();
if (webBuilt && queue.some((b) => b.web)) {
  if (serverBundleStale()) {
    console.log('bench:smoke: bundling the server first (scripts/start.mjs runs the bundle)…');
    const { buildServer } = await import('./build-server.mjs');
    await buildServer();
  }
}
console.log(
  `bench:smoke: ${queue.length} benches, ${jobs} at a time${webBuilt ? '' : '; apps/web/dist is missing (run `npm run build`): lighthouse and start will fail'}`,
);
await new Promise((done) => {
  const next = () => {
    if (queue.length === 0 && running.size === 0) return done();
    while (running.size < jobs && queue.length) {
      const bench = queue.shift();
      running.add(bench);
      void run(bench).then((r) => {
        running.delete(bench);
        const tries = (bench.tries ?? 0) + 1;
        if (!r.ok && tries <= RETRIES) {
          firstFailures.push(r);
          queue.push({ ...bench, tries });
        } else results.push({ ...r, tries });
        const bar = '─'.repeat(8);
        const verdict = r.ok ? 'ok' : tries <= RETRIES ? 'failed, runs once more' : 'FAILED';
        console.log(`\n${bar} bench:${r.name} --smoke: ${verdict} in ${(r.ms / 1000).toFixed(1)} s ${bar}`);
        process.stdout.write(r.output.endsWith('\n') ? r.output : `${r.output}\n`);
        next();
      });
    }
  };
  next();
});

const wall = (performance.now() - started) / 1000;
const failed = results.filter((r) => !r.ok);
console.log('\nbench:smoke summary (wall time of each smoke run; two at a time):');
const width = Math.max(...results.map((r) => r.name.length)) + 6;
for (const r of [...results].sort((a, b) => b.ms - a.ms))
  console.log(
    `  ${`bench:${r.name}`.padEnd(width)} ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.ok ? 'ok' : 'FAILED'}${r.tries > 1 ? ' (second try)' : ''}`,
  );
console.log(`  ${'total wall'.padEnd(width)} ${wall.toFixed(1).padStart(6)} s`);
/** The lines that say why a smoke run failed (its errors, the guard's stop, its exit). */
const why = (r) => {
  const lines = r.output
    .split('\n')
    .filter((l) => /error|fail|stopped after|\(exit /i.test(l))
    .slice(-4)
    .map((l) => l.trim().slice(0, 200));
  return lines.length ? lines : ['(no error line: see its output above)'];
};
for (const r of firstFailures.filter((f) => results.some((x) => x.name === f.name && x.ok))) {
  console.log(`\nbench:${r.name} passed on its second try; its first failed after ${(r.ms / 1000).toFixed(1)} s:`);
  for (const l of why(r)) console.log(`  ${l}`);
}
if (failed.length) {
  // Why each failed, again at the end (npm test repeats lines with FAILED in a run's last lines).
  for (const r of failed) for (const l of why(r)) console.error(`bench:${r.name} FAILED: ${l}`);
  console.error(`\nbench:smoke: ${failed.length} failed: ${failed.map((r) => r.name).join(', ')}`);
  process.exitCode = 1;
} else console.log(`\nbench:smoke: all ${results.length} benches measured something, with no errors and every row printed`);
