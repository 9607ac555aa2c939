// npm run bench:api [-- --pglite] [-- --seconds N] [-- --only feed,post,feed-signed,post-signed] [-- --smoke]
// Requests/s of the home feed and of a post page, as ratios against a bare Fastify route measured
// in the same run. The SwapU app is built in-process with buildApp on a throwaway PostgreSQL
// database (swapu_bench_<pid>, dropped at the end) seeded with the demo, or on PGlite with
// --pglite. The load generator runs in a worker thread so it does not share the server's loop.
// --smoke (decision 0046): the demo without photos, 1 s a row, no warm-up, 5 members.
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { and, eq, isNull } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { users } from '../apps/server/src/db/schema/index';
import { signAccessToken } from '../apps/server/src/lib/tokens';
import { localStorage } from '../apps/server/src/lib/storage';
import { benchServerEnv, createBenchDatabase, fmtRatio, onCleanup, parseArgs, printTable, runBench, smoke, SMOKE, tempDir } from './lib';

const { flags, values } = parseArgs();
const usePglite = flags.has('pglite');
const seconds = Number(values.get('seconds') ?? (SMOKE ? 1 : 10));
if (!Number.isFinite(seconds) || seconds < 1 || seconds > 600) throw new Error('--seconds must be between 1 and 600');
const CONNECTIONS = SMOKE ? 5 : 20;
const WARMUP_SECONDS = SMOKE ? 0 : 2;
const POST_IDS = SMOKE ? 10 : 50;
const MEMBERS = SMOKE ? 5 : 40;
/** --only feed-signed,post-signed: just these rows (and the hello baseline), e.g. under a profiler. */
const only = values.get('only') ? new Set(values.get('only')!.split(',')) : null;

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

async function load(label: string, url: string, requests: Array<{ path: string; headers?: Record<string, string> }>): Promise<Result> {
  process.stdout.write(`${label}: ${WARMUP_SECONDS} s warm-up + ${seconds} s, ${CONNECTIONS} connections… `);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
    timeout: 10,
    ...(WARMUP_SECONDS ? { warmup: { connections: CONNECTIONS, duration: WARMUP_SECONDS } } : {}),
    requests: requests.map((r) => ({ method: 'GET', path: r.path, headers: r.headers ?? {} })),
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
  const config = loadConfig(benchServerEnv({ DATA_DIR: dataDir }), { databaseUrl });
  const kind = usePglite ? 'PGlite' : 'PostgreSQL';
  const t0 = performance.now();
  console.log(`${kind}: migrating and seeding the demo marketplace${SMOKE ? ' without photos' : ' with images (takes a while)'}…`);
  await database.migrate();
  await ensureReferenceData(database.db);
  await seedDemo(database.db, localStorage(config.uploadsDir), new Date(), () => {}, { renderImages: !SMOKE });
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const app = await buildApp({ config, database });
  onCleanup(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${portOf(app)}`;
  const ids = await visiblePostIds(appUrl);
  console.log(`${ids.length} visible post ids from the feed`);

  // Signed-in rows use MEMBERS different members (tokens minted with the server's own key, as a
  // sign-in would), one after another, so a per-member cache cannot make one member look fast.
  const members = await database.db
    .select({ id: users.id, tokenVersion: users.tokenVersion })
    .from(users)
    .where(and(eq(users.banned, false), isNull(users.deletedAt)))
    .orderBy(users.id)
    .limit(MEMBERS);
  const tokens = await Promise.all(members.map((m) => signAccessToken(config.jwtSecret, m.id, new Date(), m.tokenVersion)));
  const signedIn = (paths: string[]) =>
    paths.flatMap((p, i) => tokens.map((_, j) => ({ path: p, headers: { authorization: `Bearer ${tokens[(i + j) % tokens.length]!}` } })));
  console.log(`${tokens.length} signed-in members`);

  const rows: Array<[string, string, () => Promise<Result>]> = [
    ['hello', 'hello (bare Fastify)', () => load('hello', helloUrl, [{ path: '/hello' }])],
    ['feed', 'feed GET /api/v1/posts', () => load('feed', appUrl, [{ path: '/api/v1/posts' }])],
    [
      'post',
      `post GET /api/v1/posts/{id} ×${ids.length}`,
      () =>
        load(
          'post',
          appUrl,
          ids.map((id) => ({ path: `/api/v1/posts/${id}` })),
        ),
    ],
    ['hello-again', 'hello again', () => load('hello again', helloUrl, [{ path: '/hello' }])],
    // A signed-in member's feed is personal (their own early-access items), so it never comes
    // from the guest micro-cache: token check, viewer, query and serialization on every request.
    ['feed-signed', `feed, signed in ×${tokens.length} members`, () => load('feed signed in', appUrl, signedIn(['/api/v1/posts']))],
    [
      'post-signed',
      `post, signed in ×${ids.length} ×${tokens.length} members`,
      () => load('post signed in', appUrl, signedIn(ids.map((id) => `/api/v1/posts/${id}`))),
    ],
  ];
  const results = new Map<string, Result>();
  for (const [key, , run] of rows) if (key.startsWith('hello') || !only || only.has(key)) results.set(key, await run());
  const runs = rows.filter(([key]) => results.has(key)).map(([key, name]) => [name, results.get(key)!] as [string, Result]);
  const rps = (key: string) => results.get(key)?.requests.average ?? NaN;
  const helloRps = (rps('hello') + rps('hello-again')) / 2;
  const feedRatio = rps('feed') / helloRps;
  const postRatio = rps('post') / helloRps;
  const signedFeedRatio = rps('feed-signed') / helloRps;
  const signedPostRatio = rps('post-signed') / helloRps;
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
    console.log(
      `\n!!!!! WARNING: ${name}: ${r.non2xx} non-2xx responses, ${r.errors} errors, ${r.timeouts} timeouts — the figures above are not valid !!!!!`,
    );
  if (bad.length) process.exitCode = 1;
  const wanted = rows.filter(([key]) => key.startsWith('hello') || !only || only.has(key));
  smoke('bench:api', {
    // Each row's label up to its counts (`×50`).
    rows: wanted.map(([, name]) => name.split(' ×')[0]!),
    measured: Object.fromEntries(runs.map(([name, r]) => [`${name}: requests answered`, r.requests.total])),
    failures: Object.fromEntries(runs.map(([name, r]) => [`${name}: non-2xx, errors and timeouts`, r.non2xx + r.errors + r.timeouts])),
  });
}

runBench(main, 15 * 60_000 + 4 * (seconds + WARMUP_SECONDS) * 1000);
