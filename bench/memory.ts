// npm run bench:memory [-- --only pglite|pg] [-- --after-seconds N] [-- --heap-snapshots DIR] [-- --smoke]
// How much memory the production server holds (issue 39, "A lean process"): the built bundle
// started as `npm start` starts it (node scripts/start.mjs, NODE_ENV=production, load shedding off:
// benchServerEnv), once on the embedded PGlite default and once on PostgreSQL (a throwaway
// swapu_bench_<pid>), both on the same demo marketplace (SEED_DEMO=true), seeded by this bench
// before the server starts, so the server itself starts on an existing database as it does in
// production. For each, resident memory (RSS, /proc/<pid>/status of the server's process):
//   - idle: at least 15 s after /api/ready (the moderation model's warm-up starts at 3 s), then
//     until RSS has moved by no more than 2 MB over 10 s (at most 3 minutes);
//   - right after a load like bench:api's (guest feed, post pages, signed-in feed, search:
//     autocannon) and bench:chat's (WebSocket pairs through the real chat), short phases;
//   - a minute after that load (--after-seconds; 5 s with --smoke), with its ratio to idle.
// Heap used, heap total, external and array buffers come from the server's own
// process.memoryUsage(), read through GET /api/metrics with METRICS_TOKEN (the authenticated
// Prometheus endpoint every production server has, decision 0032): no inspector, no test hooks.
// Goals (issue 39): idle ≤ 400 MB on PostgreSQL, ≤ 500 MB on PGlite; a minute after the load
// within 20 % of idle. Printed as met / not met, never enforced.
// --heap-snapshots DIR: the server also runs with --heapsnapshot-signal=SIGUSR2 and writes a heap
// snapshot into DIR at each of the three moments (what holds the memory, decision 0048; read them
// with Chrome DevTools' Memory tab). A local run only: writing one costs memory and time, so the
// figures of such a run are not the bench's.
// --smoke (decision 0046): the demo without photos, 20 chat clients, 1 s a load phase, 2 s for
// stability, 5 s after the load; fails only when it measured nothing or a request failed.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import {
  benchServerEnv,
  createBenchDatabase,
  fmtRatio,
  parseArgs,
  printTable,
  runBench,
  sleep,
  smoke,
  SMOKE,
  tempDir,
  chatClients,
} from './lib';
import { type Prepared, prepare, rssBytes, startServer, stopServer } from './server-process';

const { values } = parseArgs();
const only = values.get('only');
if (only && only !== 'pglite' && only !== 'pg') throw new Error('--only must be pglite or pg');
const AFTER_S = Number(values.get('after-seconds') ?? (SMOKE ? 5 : 60));
const SNAPSHOTS = values.get('heap-snapshots');
const LOAD_SECONDS = SMOKE ? 1 : 10;
const CONNECTIONS = SMOKE ? 5 : 20;
const MEMBERS = SMOKE ? 5 : 40;
const CHAT_CLIENTS = SMOKE ? 20 : 500;
const CHAT_RATE = SMOKE ? 100 : 500;
/** Idle: at least this long after ready, then RSS within STABLE_MB over STABLE_S seconds. */
const IDLE_MIN_S = SMOKE ? 2 : 15;
const STABLE_S = SMOKE ? 2 : 10;
const STABLE_MB = 2;
const IDLE_MAX_S = SMOKE ? 30 : 180;
const GOAL_IDLE_MB = { pglite: 500, pg: 400 } as const;
const GOAL_AFTER_RATIO = 1.2;
const METRICS_TOKEN = `bench-memory-${randomUUID()}`;
const MB = 1024 * 1024;

interface Sample {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/** --heap-snapshots: the server writes one (SIGUSR2) into the folder; waits until the file is complete. */
async function heapSnapshot(pid: number, label: string) {
  if (!SNAPSHOTS) return;
  const before = new Set(fs.readdirSync(SNAPSHOTS));
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 600; i++) {
    await sleep(1000);
    const file = fs.readdirSync(SNAPSHOTS).find((f) => !before.has(f) && f.endsWith('.heapsnapshot'));
    if (!file) continue;
    const size = fs.statSync(path.join(SNAPSHOTS, file)).size;
    await sleep(2000);
    if (fs.statSync(path.join(SNAPSHOTS, file)).size !== size) continue;
    fs.renameSync(path.join(SNAPSHOTS, file), path.join(SNAPSHOTS, `${label}.heapsnapshot`));
    console.log(`  heap snapshot: ${path.join(SNAPSHOTS, `${label}.heapsnapshot`)}`);
    return;
  }
  throw new Error(`no heap snapshot for ${label}`);
}

/** RSS from /proc, the rest from process.memoryUsage() in the server, through /api/metrics. */
async function sample(base: string, pid: number): Promise<Sample> {
  const res = await fetch(`${base}/api/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (res.status !== 200) throw new Error(`GET /api/metrics: ${res.status} ${await res.text()}`);
  const text = await res.text();
  const metric = (name: string) => {
    const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text);
    return m ? Number(m[1]) : NaN;
  };
  return {
    rss: rssBytes(pid),
    heapUsed: metric('nodejs_heap_size_used_bytes'),
    heapTotal: metric('nodejs_heap_size_total_bytes'),
    external: metric('nodejs_external_memory_bytes'),
    arrayBuffers: metric('swapu_nodejs_array_buffers_bytes'),
  };
}

/** Waits IDLE_MIN_S, then until RSS has stayed within STABLE_MB over STABLE_S (or IDLE_MAX_S). */
async function waitIdle(pid: number): Promise<{ seconds: number; settled: boolean }> {
  const t0 = performance.now();
  await sleep(IDLE_MIN_S * 1000);
  const window: number[] = [];
  for (;;) {
    window.push(rssBytes(pid));
    if (window.length > STABLE_S + 1) window.shift();
    const elapsed = (performance.now() - t0) / 1000;
    if (window.length === STABLE_S + 1 && Math.max(...window) - Math.min(...window) <= STABLE_MB * MB)
      return { seconds: elapsed, settled: true };
    if (elapsed > IDLE_MAX_S) return { seconds: elapsed, settled: false };
    await sleep(1000);
  }
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Load {
  requests: number;
  failures: number;
  chatReceived: number;
  chatErrors: number;
}

/** bench:api's rows (autocannon, short) then bench:chat's pairs (its client worker). */
async function drive(base: string, prepared: Prepared): Promise<Load> {
  const page: { items: Array<{ id: string }> } = await getJson(`${base}/api/v1/posts?limit=50`);
  const ids = page.items.map((p) => p.id);
  const signedIn = (paths: string[]) =>
    paths.flatMap((p, i) =>
      prepared.tokens.map((_, j) => ({
        path: p,
        headers: { authorization: `Bearer ${prepared.tokens[(i + j) % prepared.tokens.length]!}` },
      })),
    );
  const phases: Array<[string, Array<{ path: string; headers?: Record<string, string> }>]> = [
    ['feed', [{ path: '/api/v1/posts' }]],
    ['post pages', ids.map((id) => ({ path: `/api/v1/posts/${id}` }))],
    ['signed-in feed', signedIn(['/api/v1/posts'])],
    ['signed-in post pages', signedIn(ids.slice(0, 10).map((id) => `/api/v1/posts/${id}`))],
    ['search', ['bike', 'chair', 'lamp', 'books', 'jacket'].map((q) => ({ path: `/api/v1/search?q=${q}` }))],
  ];
  let requests = 0;
  let failures = 0;
  for (const [label, reqs] of phases) {
    const r: Result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: LOAD_SECONDS,
      workers: 1,
      timeout: 10,
      requests: reqs.map((q) => ({ method: 'GET', path: q.path, headers: q.headers ?? {} })),
    });
    console.log(`  ${label}: ${Math.round(r.requests.average)} req/s, ${r.non2xx + r.errors + r.timeouts} failed`);
    requests += r.requests.total;
    failures += r.non2xx + r.errors + r.timeouts;
  }
  const { worker, next } = chatClients({
    url: `${base.replace('http', 'ws')}/api/v1/ws`,
    mode: 'swapu',
    clients: prepared.chat,
    rate: CHAT_RATE,
    seconds: LOAD_SECONDS,
    warmup: true,
    ...(SMOKE ? { settle: { warmup: 500, end: 500 } } : {}),
  });
  await next('connected');
  worker.postMessage({ type: 'run' });
  const ran = (await next('ran')) as { received: number; sent: number; errors: number };
  worker.postMessage({ type: 'close' });
  await next('closed');
  await worker.terminate();
  console.log(`  chat: ${prepared.chat.length} clients, ${ran.received}/${ran.sent} messages received, ${ran.errors} errors`);
  return { requests, failures, chatReceived: ran.received, chatErrors: ran.errors };
}

interface Measured {
  kind: 'pglite' | 'pg';
  idle: Sample;
  idleWait: { seconds: number; settled: boolean };
  loaded: Sample;
  after: Sample;
  load: Load;
}

async function measure(kind: 'pglite' | 'pg', pictureCache: string): Promise<Measured> {
  const label = kind === 'pglite' ? 'PGlite (embedded default)' : 'PostgreSQL';
  const dataDir = tempDir(`memory-${kind}`);
  const databaseUrl = kind === 'pg' ? await createBenchDatabase(`swapu_bench_${process.pid}_memory`) : undefined;
  const env = benchServerEnv({
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    METRICS_TOKEN,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const config = loadConfig(env, { databaseUrl });
  console.log(`${label}: seeding the demo marketplace${SMOKE ? ' without photos' : ''} and ${CHAT_CLIENTS} chat members…`);
  const database = await openDatabase(config);
  const prepared = await prepare(database, config, {
    members: MEMBERS,
    chatClients: CHAT_CLIENTS,
    renderImages: !SMOKE,
    pictureCache,
    label: 'bench-memory',
  }).finally(() => database.close());

  console.log(`${label}: starting the production server…`);
  if (SNAPSHOTS) fs.mkdirSync(SNAPSHOTS, { recursive: true });
  const nodeOptions = SNAPSHOTS ? `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${path.resolve(SNAPSHOTS)}` : undefined;
  const { child, base } = await startServer(env, nodeOptions);
  const pid = child.pid!;
  const idleWait = await waitIdle(pid);
  const idle = await sample(base, pid);
  await heapSnapshot(pid, `${kind}-idle`);
  console.log(
    `  idle ${(idle.rss / MB).toFixed(0)} MB RSS after ${idleWait.seconds.toFixed(0)} s${idleWait.settled ? '' : ' (NOT settled: still moving)'}`,
  );
  const load = await drive(base, prepared);
  const loaded = await sample(base, pid);
  await heapSnapshot(pid, `${kind}-right-after-load`);
  console.log(`  right after the load ${(loaded.rss / MB).toFixed(0)} MB RSS; waiting ${AFTER_S} s…`);
  await sleep(AFTER_S * 1000);
  const after = await sample(base, pid);
  await heapSnapshot(pid, `${kind}-after-${AFTER_S}s`);
  await stopServer(child);
  return { kind, idle, idleWait, loaded, after, load };
}

async function main() {
  const kinds = (only ? [only] : ['pglite', 'pg']) as Array<'pglite' | 'pg'>;
  console.log(
    `bench:memory — production server (scripts/start.mjs), ${kinds.join(' and ')}; load ${LOAD_SECONDS} s a phase, ${CHAT_CLIENTS} chat clients; after-load wait ${AFTER_S} s`,
  );
  const pictureCache = tempDir('pictures');
  const results: Measured[] = [];
  for (const kind of kinds) results.push(await measure(kind, pictureCache));

  const name = (k: Measured['kind']) => (k === 'pglite' ? 'PGlite' : 'PostgreSQL');
  const mb = (n: number) => (Number.isFinite(n) ? (n / MB).toFixed(0) : '?');
  console.log('');
  printTable(
    ['server, moment', 'RSS MB', 'vs idle', 'heap used', 'heap total', 'external', 'array buffers'],
    results.flatMap((r) =>
      (
        [
          ['idle', r.idle],
          ['right after load', r.loaded],
          [`${AFTER_S} s after load`, r.after],
        ] as Array<[string, Sample]>
      ).map(([moment, s]) => [
        `${name(r.kind)}, ${moment}`,
        mb(s.rss),
        fmtRatio(s.rss / r.idle.rss),
        mb(s.heapUsed),
        mb(s.heapTotal),
        mb(s.external),
        mb(s.arrayBuffers),
      ]),
    ),
  );
  console.log('');
  for (const r of results) {
    const goal = GOAL_IDLE_MB[r.kind];
    const idleMb = r.idle.rss / MB;
    const ratio = r.after.rss / r.idle.rss;
    console.log(
      `${name(r.kind)}: idle ${idleMb.toFixed(0)} MB RSS (goal ≤ ${goal} MB): ${idleMb <= goal ? 'met' : 'NOT MET'}${r.idleWait.settled ? '' : ' [idle never settled]'}`,
    );
    console.log(
      `${name(r.kind)}: ${AFTER_S} s after the load ${fmtRatio(ratio)} idle (goal ≤ ${fmtRatio(GOAL_AFTER_RATIO)}): ${ratio <= GOAL_AFTER_RATIO ? 'met' : 'NOT MET'}${AFTER_S < 60 ? ' [shorter wait than the goal’s minute]' : ''}`,
    );
  }
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${os.availableParallelism()} cores)`,
  );
  smoke('bench:memory', {
    rows: results.flatMap((r) => [
      `${name(r.kind)}, idle`,
      `${name(r.kind)}, right after load`,
      `${name(r.kind)}, ${AFTER_S} s after load`,
    ]),
    measured: Object.fromEntries(
      results.flatMap((r) => [
        [`${name(r.kind)} idle RSS`, r.idle.rss],
        [`${name(r.kind)} heap used`, r.idle.heapUsed],
        [`${name(r.kind)} array buffers`, r.idle.arrayBuffers],
        [`${name(r.kind)} RSS after the load`, r.after.rss],
        [`${name(r.kind)} requests answered`, r.load.requests],
        [`${name(r.kind)} chat messages received`, r.load.chatReceived],
      ]),
    ),
    failures: Object.fromEntries(
      results.flatMap((r) => [
        [`${name(r.kind)} non-2xx, errors and timeouts`, r.load.failures],
        [`${name(r.kind)} chat errors`, r.load.chatErrors],
      ]),
    ),
  });
}

runBench(main, 30 * 60_000);
