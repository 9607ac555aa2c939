// npm run bench:api [-- --pglite] [-- --seconds N]
// Requests/s of the home feed and of a post page, as ratios against a bare Fastify route measured
// in the same run. The SwapU app is built in-process with buildApp on a throwaway PostgreSQL
// database (swapu_bench_<pid>, dropped at the end) seeded with the demo, or on PGlite with
// --pglite. The load generator runs in a worker thread so it does not share the server's loop.
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { localStorage } from '../apps/server/src/lib/storage';
import { createBenchDatabase, fmtRatio, onCleanup, parseArgs, printTable, runBench, tempDir } from './lib';

const { flags, values } = parseArgs();
const usePglite = flags.has('pglite');
const seconds = Number(values.get('seconds') ?? 10);
if (!Number.isFinite(seconds) || seconds < 1 || seconds > 600) throw new Error('--seconds must be between 1 and 600');
const CONNECTIONS = 20;
const WARMUP_SECONDS = 2;
const POST_IDS = 50;

const portOf = (app: FastifyInstance) => {
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('server is not listening on TCP');
  return addr.port;
};

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Up to POST_IDS ids of posts the feed shows a guest, each checked to answer 200. */
async function visiblePostIds(base: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const qs: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page: { items: Array<{ id: string }>; nextCursor: string | null } = await getJson(`${base}/api/v1/posts?limit=50${qs}`);
    ids.push(...page.items.map((p) => p.id));
    cursor = page.nextCursor;
  } while (cursor && ids.length < POST_IDS);
  const chosen = ids.slice(0, POST_IDS);
  for (const id of chosen) await getJson(`${base}/api/v1/posts/${id}`);
  if (chosen.length < 10) throw new Error(`the feed shows only ${chosen.length} posts; the demo seed should show many more`);
  return chosen;
}

async function load(label: string, url: string, paths: string[], headers: Record<string, string> = {}): Promise<Result> {
  process.stdout.write(`${label}: ${WARMUP_SECONDS} s warm-up + ${seconds} s, ${CONNECTIONS} connections… `);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
    timeout: 10,
    warmup: { connections: CONNECTIONS, duration: WARMUP_SECONDS },
    requests: paths.map((p) => ({ method: 'GET', path: p, headers })),
  });
  console.log(`${Math.round(result.requests.average)} req/s`);
  return result;
}

async function main() {
  // (a) The baseline: a bare Fastify route.
  const hello = Fastify({ logger: false });
  hello.get('/hello', async () => ({ hello: 'world' }));
  onCleanup(() => hello.close());
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloUrl = `http://127.0.0.1:${portOf(hello)}`;
  await getJson(`${helloUrl}/hello`);

  // (b) The real app on a fresh, seeded database.
  const dataDir = tempDir('api');
  let database: Database;
  let databaseUrl: string | undefined;
  if (usePglite) {
    database = await openPglite(path.join(dataDir, 'pglite'));
  } else {
    databaseUrl = await createBenchDatabase();
    database = await openPostgres(databaseUrl);
  }
  onCleanup(() => database.close());
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
    { databaseUrl },
  );
  const kind = usePglite ? 'PGlite' : 'PostgreSQL';
  const t0 = performance.now();
  console.log(`${kind}: migrating and seeding the demo marketplace with images (takes a while)…`);
  await database.migrate();
  await ensureReferenceData(database.db);
  await seedDemo(database.db, localStorage(config.uploadsDir), new Date());
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const app = await buildApp({ config, database });
  onCleanup(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${portOf(app)}`;
  const ids = await visiblePostIds(appUrl);
  console.log(`${ids.length} visible post ids from the feed`);

  const runs: Array<[string, Result]> = [];
  runs.push(['hello (bare Fastify)', await load('hello', helloUrl, ['/hello'])]);
  runs.push(['feed GET /api/v1/posts', await load('feed', appUrl, ['/api/v1/posts'])]);
  runs.push([`post GET /api/v1/posts/{id} ×${ids.length}`, await load('post', appUrl, ids.map((id) => `/api/v1/posts/${id}`))]);
  runs.push(['hello again', await load('hello again', helloUrl, ['/hello'])]);
  // A signed-in member's feed is personal, so it is never served from the guest micro-cache:
  // this row is the uncached path (token check, viewer lookup, query, serialization).
  const session = await (
    await fetch(`${appUrl}/identity/v1/accounts:signInWithPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@swapu.au', password: 'swapu-demo', returnSecureToken: true }),
    })
  ).json();
  runs.push([
    'feed, signed in (uncached)',
    await load('feed signed in', appUrl, ['/api/v1/posts'], { authorization: `Bearer ${session.idToken}` }),
  ]);
  runs.push([
    `post, signed in ×${ids.length}`,
    await load(
      'post signed in',
      appUrl,
      ids.map((id) => `/api/v1/posts/${id}`),
      { authorization: `Bearer ${session.idToken}` },
    ),
  ]);

  const helloRps = (runs[0]![1].requests.average + runs[3]![1].requests.average) / 2;
  const feedRatio = runs[1]![1].requests.average / helloRps;
  const postRatio = runs[2]![1].requests.average / helloRps;
  const signedFeedRatio = runs[4]![1].requests.average / helloRps;
  const signedPostRatio = runs[5]![1].requests.average / helloRps;
  console.log('');
  console.log(`database: ${kind}; ${CONNECTIONS} connections, ${seconds} s per target after a ${WARMUP_SECONDS} s warm-up`);
  printTable(
    ['target', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'vs hello'],
    runs.map(([name, r]) => [
      name,
      r.requests.average.toFixed(0),
      r.latency.p50.toFixed(1),
      r.latency.p99.toFixed(1),
      r.non2xx,
      r.errors + r.timeouts,
      fmtRatio(r.requests.average / helloRps),
    ]),
  );
  console.log('');
  console.log(`hello baseline (mean of both runs): ${helloRps.toFixed(0)} req/s`);
  console.log(
    `feed/hello: ${fmtRatio(feedRatio)}   post/hello: ${fmtRatio(postRatio)}   signed-in feed/hello: ${fmtRatio(signedFeedRatio)}   signed-in post/hello: ${fmtRatio(signedPostRatio)}`,
  );
  const on = usePglite ? ' [this run: PGlite]' : '';
  console.log(`feed: ${feedRatio.toFixed(2)}× hello (goal ≥ 0.25× on PostgreSQL)${on}`);
  console.log(`signed-in feed: ${signedFeedRatio.toFixed(2)}× hello (goal ≥ 0.25× on PostgreSQL)${on}`);
  console.log(`signed-in post: ${signedPostRatio.toFixed(2)}× hello (goal ≥ 0.3× on PostgreSQL)${on}`);
  const bad = runs.filter(([, r]) => r.non2xx > 0 || r.errors > 0 || r.timeouts > 0);
  for (const [name, r] of bad)
    console.log(`\n!!!!! WARNING: ${name}: ${r.non2xx} non-2xx responses, ${r.errors} errors, ${r.timeouts} timeouts — the figures above are not valid !!!!!`);
  if (bad.length) process.exitCode = 1;
}

runBench(main, 15 * 60_000 + 4 * (seconds + WARMUP_SECONDS) * 1000);
