// npm run bench:soak [-- --minutes N] [-- --smoke]
// A soak (issue 39, "A lean process"): the production server as `npm start` runs it (its own
// process, PostgreSQL, the demo marketplace, load shedding off: benchServerEnv) under a steady
// mixed load for N minutes (30 by default): browsing (the feed and post pages, as a guest and
// signed in), search, offers (a member's received and sent offers), payments (tokens, receipts,
// subscription) at a fixed rate (autocannon's overallRate, not as fast as it can), and chat
// (pairs of members sending through the real WebSocket at a fixed rate). The run is cut into six
// windows (5 minutes each in the 30-minute run); each prints its requests, p50/p99 latency,
// failures, chat messages and their p99, and the server's resident memory (RSS, /proc) at its
// end. Goals (issue 39): the last window's p99 within 1.2× of the first, RSS growth over the run
// ≤ 10 % (last window's end against the first's). Printed as met / not met, never enforced: the
// figures belong to the machine.
// --smoke (decision 0046; the "2-minute version" that CI runs): the demo without photos,
// 20 chat members, 2 minutes (six windows of 20 s); fails only when it measured nothing or a request failed.
import os from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { benchServerEnv, chatClients, createBenchDatabase, fmtRatio, parseArgs, printTable, runBench, smoke, SMOKE, tempDir } from './lib';
import { prepare, rssBytes, startServer, stopServer } from './server-process';

const { values } = parseArgs();
const MINUTES = Number(values.get('minutes') ?? (SMOKE ? 2 : 30));
if (!Number.isFinite(MINUTES) || MINUTES <= 0 || MINUTES > 240) throw new Error('--minutes must be above 0 and at most 240');
const WINDOWS = 6;
const WINDOW_S = (MINUTES * 60) / WINDOWS;
/** Requests per second over all connections: a steady load well below saturation. */
const RATE = SMOKE ? 40 : 150;
const CONNECTIONS = 10;
const MEMBERS = SMOKE ? 5 : 40;
const CHAT_CLIENTS = SMOKE ? 20 : 100;
/** Chat messages per second over all pairs (each member well inside the 20-in-10-s send limit). */
const CHAT_RATE = SMOKE ? 10 : 40;
const GOAL_P99_RATIO = 1.2;
const GOAL_RSS_GROWTH = 0.1;
const MB = 1024 * 1024;
const SEARCHES = ['bike', 'chair', 'lamp', 'books', 'jacket', 'table', 'guitar', 'pram', 'kayak', 'drill'];

interface Window {
  requests: number;
  p50: number;
  p99: number;
  failures: number;
  chatSent: number;
  chatReceived: number;
  chatP99: number;
  chatErrors: number;
  rss: number;
}

const percentile = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function main() {
  console.log(
    `bench:soak — production server (scripts/start.mjs) on PostgreSQL, ${MINUTES} min in ${WINDOWS} windows of ${WINDOW_S} s: ` +
      `${RATE} requests/s over ${CONNECTIONS} connections, ${CHAT_RATE} chat messages/s over ${CHAT_CLIENTS} members`,
  );
  const dataDir = tempDir('soak');
  const databaseUrl = await createBenchDatabase(`swapu_bench_${process.pid}_soak`);
  const env = benchServerEnv({ DATA_DIR: dataDir, SEED_DEMO: 'true', DATABASE_URL: databaseUrl });
  const config = loadConfig(env, { databaseUrl });
  console.log(`seeding the demo marketplace${SMOKE ? ' without photos' : ''} and ${CHAT_CLIENTS} chat members…`);
  const database = await openDatabase(config);
  const prepared = await prepare(database, config, {
    members: MEMBERS,
    chatClients: CHAT_CLIENTS,
    renderImages: !SMOKE,
    pictureCache: tempDir('pictures'),
    label: 'bench-soak',
  }).finally(() => database.close());
  console.log('starting the production server…');
  const { child, base } = await startServer(env);
  const pid = child.pid!;

  const page = (await (await fetch(`${base}/api/v1/posts?limit=50`)).json()) as { items: Array<{ id: string }> };
  const ids = page.items.map((p) => p.id);
  if (ids.length < 10) throw new Error(`the feed shows only ${ids.length} posts`);
  const auth = (i: number) => ({ authorization: `Bearer ${prepared.tokens[i % prepared.tokens.length]!}` });
  // One round of the mix: what a browsing, searching, offering and paying crowd asks for.
  const requests = prepared.tokens.flatMap((_, m) => [
    { method: 'GET' as const, path: '/api/v1/posts' },
    { method: 'GET' as const, path: `/api/v1/posts/${ids[m % ids.length]}` },
    { method: 'GET' as const, path: `/api/v1/posts/${ids[(m * 7 + 3) % ids.length]}`, headers: auth(m) },
    { method: 'GET' as const, path: '/api/v1/posts', headers: auth(m) },
    { method: 'GET' as const, path: `/api/v1/search?q=${SEARCHES[m % SEARCHES.length]}` },
    { method: 'GET' as const, path: `/api/v1/offers?box=received`, headers: auth(m) },
    { method: 'GET' as const, path: `/api/v1/offers?box=sent`, headers: auth(m) },
    { method: 'GET' as const, path: '/api/v1/me/tokens', headers: auth(m) },
    { method: 'GET' as const, path: '/api/v1/me/receipts', headers: auth(m) },
    { method: 'GET' as const, path: '/api/v1/me/subscription', headers: auth(m) },
  ]);

  const { worker, next } = chatClients({
    url: `${base.replace('http', 'ws')}/api/v1/ws`,
    mode: 'swapu',
    clients: prepared.chat,
    rate: CHAT_RATE,
    seconds: WINDOW_S,
    warmup: false,
    settle: { warmup: 0, end: SMOKE ? 500 : 1000 },
  });
  await next('connected');

  const windows: Window[] = [];
  let chatBefore = { received: 0, errors: 0, latencies: 0 };
  for (let w = 0; w < WINDOWS; w++) {
    worker.postMessage({ type: 'run' });
    const [r, ran] = await Promise.all([
      autocannon({
        url: base,
        connections: CONNECTIONS,
        overallRate: RATE,
        duration: WINDOW_S,
        workers: 1,
        timeout: 10,
        requests,
      }) as Promise<Result>,
      next('ran') as Promise<{ sent: number; received: number; errors: number; latencies: number[] }>,
    ]);
    // The chat worker's counters run over the whole soak: this window's share is the difference.
    const latencies = ran.latencies.slice(chatBefore.latencies);
    const win: Window = {
      requests: r.requests.total,
      p50: r.latency.p50,
      p99: r.latency.p99,
      failures: r.non2xx + r.errors + r.timeouts,
      chatSent: ran.sent,
      chatReceived: ran.received - chatBefore.received,
      chatP99: percentile(latencies, 99),
      chatErrors: ran.errors - chatBefore.errors,
      rss: rssBytes(pid),
    };
    chatBefore = { received: ran.received, errors: ran.errors, latencies: ran.latencies.length };
    windows.push(win);
    console.log(
      `  window ${w + 1}/${WINDOWS}: ${win.requests} requests, p50 ${win.p50} ms, p99 ${win.p99} ms, ${win.failures} failed; ` +
        `chat ${win.chatReceived}/${win.chatSent} received, p99 ${win.chatP99.toFixed(1)} ms; RSS ${(win.rss / MB).toFixed(0)} MB`,
    );
  }
  worker.postMessage({ type: 'close' });
  await next('closed');
  await worker.terminate();
  await stopServer(child);

  const first = windows[0]!;
  const last = windows[windows.length - 1]!;
  console.log('');
  printTable(
    [
      'window',
      'ends at',
      'requests',
      'p50 ms',
      'p99 ms',
      'p99 vs first',
      'failed',
      'chat received',
      'chat p99 ms',
      'RSS MB',
      'RSS vs first',
    ],
    windows.map((w, i) => [
      `window ${i + 1}`,
      `${(((i + 1) * WINDOW_S) / 60).toFixed(1)} min`,
      w.requests,
      w.p50,
      w.p99,
      fmtRatio(w.p99 / first.p99),
      w.failures,
      `${w.chatReceived}/${w.chatSent}`,
      w.chatP99.toFixed(1),
      (w.rss / MB).toFixed(0),
      fmtRatio(w.rss / first.rss),
    ]),
  );
  const p99Ratio = last.p99 / first.p99;
  const growth = last.rss / first.rss - 1;
  console.log('');
  console.log(
    `last window's p99 ${fmtRatio(p99Ratio)} the first's (goal ≤ ${fmtRatio(GOAL_P99_RATIO)}): ${p99Ratio <= GOAL_P99_RATIO ? 'met' : 'NOT MET'}`,
  );
  console.log(
    `RSS growth over the run ${(growth * 100).toFixed(1)} % (goal ≤ ${GOAL_RSS_GROWTH * 100} %): ${growth <= GOAL_RSS_GROWTH ? 'met' : 'NOT MET'}`,
  );
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${os.availableParallelism()} cores)`,
  );
  const sum = (f: (w: Window) => number) => windows.reduce((a, w) => a + f(w), 0);
  smoke('bench:soak', {
    rows: windows.map((_, i) => `window ${i + 1}`),
    // Every window, not only the run: a load that stops half way measured only half a soak.
    measured: {
      'requests answered in the emptiest window': Math.min(...windows.map((w) => w.requests)),
      'chat messages received in the emptiest window': Math.min(...windows.map((w) => w.chatReceived)),
      'RSS at the end': last.rss,
    },
    failures: { 'non-2xx, errors and timeouts': sum((w) => w.failures), 'chat errors': sum((w) => w.chatErrors) },
  });
}

runBench(main, (MINUTES + 15) * 60_000);
