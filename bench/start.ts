// npm run bench:start [-- --pg] [-- --fresh-runs N] [-- --smoke]
// Time from launching `node scripts/start.mjs` (what `npm start` runs) until GET /api/ready
// answers 200, as ratios against a bare Node HTTP server spawned the same way in the same run:
// on a fresh data dir (database created, migrated, reference data and the demo seed with its
// photos), first as a newcomer's first start (no picture cache: every photo is rendered) and
// then as a second fresh data dir (the photos' first size copied from the cache the first one
// filled: a journey run, a reset); then on an existing data dir. `--pg` also times a start on an
// existing PostgreSQL database (a throwaway swapu_bench_<pid>, dropped at the end).
// --smoke (decision 0046): one run of each case; the web app must have been built (npm run build).
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import {
  ROOT,
  createBenchDatabase,
  fmtRatio,
  freePort,
  median,
  onCleanup,
  parseArgs,
  printTable,
  runBench,
  sleep,
  smoke,
  SMOKE,
  tempDir,
} from './lib';

const EXISTING_RUNS = SMOKE ? 1 : 5;
const POLL_MS = 25;
/** Issue 37: a newcomer's first start is ready within this. */
const FRESH_GOAL_MS = 30_000;
const { flags, values } = parseArgs();
const withPg = flags.has('pg');
const FRESH_RUNS = Number(values.get('fresh-runs') ?? (SMOKE ? 1 : 3));

const BARE_SERVER = `require('http').createServer((q,s)=>s.end('ok')).listen(Number(process.env.PORT), process.env.HOST)`;

/** Newest modification time of the web build's inputs (the same check scripts/start.mjs makes). */
function newestWebSource() {
  let newest = 0;
  const walk = (p: string) => {
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) for (const f of fs.readdirSync(p)) walk(path.join(p, f));
    else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'])
    walk(path.join(ROOT, p));
  return newest;
}

/** Builds the web app (untimed) when start.mjs would otherwise build it inside a timed start. */
function ensureWebBuilt() {
  const built = fs.statSync(path.join(ROOT, 'apps/web/dist/index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (!built && SMOKE)
    throw new Error('apps/web/dist/index.html is missing: a smoke run does not build the web app; run `npm run build` first');
  if (built && built >= newestWebSource()) return;
  console.log(built ? 'web sources changed: rebuilding the web app (not timed)…' : 'building the web app (not timed)…');
  execSync('npm run build -w @swapu/web', { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Bundles the server (untimed) when its sources are newer than the bundle, as start.mjs would inside a timed start. */
function ensureServerBuilt() {
  const mtime = (f: string) => fs.statSync(path.join(ROOT, f), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  let newest = 0;
  const walk = (p: string) => {
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) for (const f of fs.readdirSync(p)) walk(path.join(p, f));
    else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of ['apps/server/src', 'packages/shared/src']) walk(path.join(ROOT, p));
  if (Math.min(mtime('apps/server/dist/main.mjs'), mtime('apps/server/dist/chain-engine.mjs')) >= newest) return;
  console.log('server sources changed: bundling the server (not timed)…');
  execSync('node scripts/build-server.mjs', { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** One GET on a fresh connection; resolves the status code, rejects on connection errors. */
function getStatus(port: number, pathname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: pathname, agent: false, headers: { connection: 'close' }, timeout: 2000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

const children = new Set<ChildProcess>();
onCleanup(async () => {
  for (const child of children) await stop(child);
});

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

interface StartOptions {
  args: string[];
  dataDir: string;
  databaseUrl?: string;
  /** SEED_PICTURE_CACHE for the demo seed: a directory, or "off" for none. */
  pictureCache?: string;
  timeoutMs: number;
}

/** Spawns the server, polls /api/ready every 25 ms, returns ms from spawn to the first 200. */
async function timeStart(label: string, opts: StartOptions): Promise<number> {
  ensureWebBuilt();
  ensureServerBuilt();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: opts.dataDir };
  for (const k of ['DATABASE_URL', 'SEED_DEMO', 'WEB_DIST', 'PUBLIC_URL', 'SWAPU_REBUILD', 'NODE_OPTIONS', 'SEED_PICTURE_CACHE'])
    delete env[k];
  env.NODE_ENV = 'production';
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  if (opts.pictureCache) env.SEED_PICTURE_CACHE = opts.pictureCache;

  let output = '';
  const t0 = performance.now();
  const child = spawn(process.execPath, opts.args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`${label}: server exited (${child.exitCode ?? child.signalCode}) before ready:\n${output}`);
      if (performance.now() - t0 > opts.timeoutMs) throw new Error(`${label}: not ready after ${opts.timeoutMs} ms:\n${output}`);
      const status = await getStatus(port, '/api/ready').catch(() => 0);
      if (status === 200) break;
      await sleep(POLL_MS);
    }
    const ms = performance.now() - t0;
    if (/building the web app/.test(output)) console.warn(`WARNING: ${label}: the server rebuilt the web app inside this timing`);
    return ms;
  } finally {
    await stop(child);
  }
}

async function main() {
  ensureWebBuilt();
  ensureServerBuilt();
  const dataDir = tempDir('data');
  const bareDir = tempDir('bare');
  const cacheDir = tempDir('pictures');
  const bare = (i: number) => timeStart(`bare node #${i}`, { args: ['-e', BARE_SERVER], dataDir: bareDir, timeoutMs: 30_000 });
  const app = (label: string, dir: string, timeoutMs: number, databaseUrl?: string, pictureCache?: string) =>
    timeStart(label, { args: ['scripts/start.mjs'], dataDir: dir, timeoutMs, databaseUrl, pictureCache });

  const bareMs: number[] = [];
  const emptyMs: number[] = [];
  const cachedMs: number[] = [];
  const existingMs: number[] = [];
  const pgEmptyMs: number[] = [];
  const pgExistingMs: number[] = [];

  // Warm the OS file cache for node and tsx so the first timed bare start is not an outlier.
  await bare(0);

  console.log(`fresh data dir: create, migrate, reference data, demo seed and its photos, ${FRESH_RUNS} runs each way…`);
  for (let i = 1; i <= FRESH_RUNS; i++) {
    // A newcomer's first start: no picture cache, every photo rendered.
    emptyMs.push(await app(`fresh data dir, first start #${i}`, tempDir('fresh'), 600_000, undefined, 'off'));
    // A second fresh data dir: the first size of every photo copied from the cache (filled by #1).
    const cached = await app(`fresh data dir, photos cached #${i}`, i === 1 ? dataDir : tempDir('fresh'), 600_000, undefined, cacheDir);
    // The first cached start also fills the data dir the existing-dir starts reuse: with several
    // fresh runs it is left out of the figure (its disk cache was cold); a smoke run (one of each)
    // keeps it rather than paying for a third fresh start.
    if (i > 1 || FRESH_RUNS === 1) cachedMs.push(cached);
  }

  console.log(`existing data dir and bare node, interleaved, ${EXISTING_RUNS} runs each…`);
  for (let i = 1; i <= EXISTING_RUNS; i++) {
    bareMs.push(await bare(i));
    existingMs.push(await app(`existing data dir #${i}`, dataDir, 120_000));
  }

  if (withPg) {
    const url = await createBenchDatabase();
    const pgDir = tempDir('pgdata');
    console.log('PostgreSQL: empty database (one run), then existing database…');
    pgEmptyMs.push(await app('empty PostgreSQL database', pgDir, 600_000, url));
    for (let i = 1; i <= EXISTING_RUNS; i++) pgExistingMs.push(await app(`existing PostgreSQL database #${i}`, pgDir, 120_000, url));
  }

  const base = median(bareMs);
  const row = (name: string, xs: number[]) => [
    `${name} (${xs.length} run${xs.length > 1 ? 's' : ''})`,
    median(xs).toFixed(0),
    Math.min(...xs).toFixed(0),
    fmtRatio(median(xs) / base),
  ];
  const rows = [
    row('bare node http', bareMs),
    row('fresh data dir, first start: demo seed, every photo rendered (PGlite)', emptyMs),
    row('fresh data dir, photos from the cache (PGlite)', cachedMs),
    row('existing data dir (PGlite)', existingMs),
  ];
  if (withPg) rows.push(row('empty database (PostgreSQL)', pgEmptyMs), row('existing database (PostgreSQL)', pgExistingMs));
  console.log('');
  printTable(['case', 'median ms', 'min ms', 'ratio vs bare node'], rows);
  console.log('');
  console.log(`fresh data dir, first start: ready in ${median(emptyMs).toFixed(0)} ms (goal ≤ ${FRESH_GOAL_MS} ms)`);
  console.log(`existing data dir: ready in ${median(existingMs).toFixed(0)} ms (goal < 3000 ms)`);
  smoke('bench:start', {
    rows: [
      'bare node http',
      'fresh data dir, first start',
      'fresh data dir, photos from the cache',
      'existing data dir (PGlite)',
      ...(withPg ? ['empty database (PostgreSQL)', 'existing database (PostgreSQL)'] : []),
    ],
    measured: {
      'bare node starts timed': bareMs.length,
      'first starts timed': emptyMs.length,
      'starts with the photos cached timed': cachedMs.length,
      'starts on an existing data dir timed': existingMs.length,
      ...(withPg ? { 'PostgreSQL starts timed': pgEmptyMs.length + pgExistingMs.length } : {}),
    },
  });
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${os.availableParallelism()} cores)`,
  );
}

runBench(main, 20 * 60_000);
