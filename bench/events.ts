// npm run bench:events [-- --seconds N] [-- --smoke]
// Issue 20: analytics ingestion into PostgreSQL. Three runs against the real app on a throwaway
// PostgreSQL database (swapu_bench_<pid>, seeded with the demo marketplace without photos):
//  1. the home feed alone at a steady 100 req/s: its p99 is the baseline;
//  2. event batches (50 events each, 1,000 browser sessions) as fast as the server takes them:
//     the sustained events/s (goal ≥ 5,000);
//  3. the feed at the same 100 req/s while batches arrive at 5,000 events/s: the feed's p99 as a
//     ratio of run 1's (goal: unchanged, i.e. close to 1×; the machine has 2 cores shared by the
//     server, PostgreSQL and the load generator).
// The load generators run in worker threads so they do not share the server's event loop.
// --smoke (decision 0046): 1 s a run, no warm-up.
import { randomUUID } from 'node:crypto';
import autocannon, { type Result } from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { EVENTS_PER_BATCH } from '@swapu/shared/analytics';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { localStorage } from '../apps/server/src/lib/storage';
import { rowsOf } from '../apps/server/src/lib/sql-rows';
import { benchServerEnv, createBenchDatabase, fmtRatio, onCleanup, parseArgs, printTable, runBench, smoke, SMOKE, tempDir } from './lib';

const { values } = parseArgs();
const seconds = Number(values.get('seconds') ?? (SMOKE ? 1 : 10));
if (!Number.isFinite(seconds) || seconds < (SMOKE ? 1 : 3) || seconds > 600) throw new Error('--seconds must be between 3 and 600');
const FEED_RATE = 100;
const TARGET_EVENTS = 5_000;
const SESSIONS = 1_000;

const portOf = (app: FastifyInstance) => {
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('server is not listening on TCP');
  return addr.port;
};

/** One batch per session: EVENTS_PER_BATCH events of the kinds a page sends most. */
function batches(): Array<{ method: string; path: string; headers: Record<string, string>; body: string }> {
  const at = new Date(Date.now() - 60_000).toISOString();
  return Array.from({ length: SESSIONS }, () => ({
    method: 'POST',
    path: '/api/v1/events',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      sessionId: randomUUID(),
      events: Array.from({ length: EVENTS_PER_BATCH }, (_, k) =>
        k % 5 === 0
          ? { name: 'funnel_step', at, path: '/create-post', props: { funnel: 'listing_creation', step: 'details', step_index: 1 } }
          : k % 5 === 1
            ? { name: 'user_engagement', at, path: '/search', props: { engaged_seconds: 42 } }
            : { name: 'page_view', at, path: `/view-post/${k}`, props: { title: 'A road bike · SwapU' } },
      ),
    }),
  }));
}

const run = (label: string, opts: Parameters<typeof autocannon>[0]): Promise<Result> => {
  process.stdout.write(`${label}… `);
  return autocannon({ workers: 1, timeout: 10, duration: seconds, ...opts }).then((r) => {
    console.log(`${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms`);
    return r;
  });
};

async function main() {
  const dataDir = tempDir('events');
  const databaseUrl = await createBenchDatabase();
  const database = await openPostgres(databaseUrl);
  onCleanup(() => database.close());
  const config = loadConfig(benchServerEnv({ DATA_DIR: dataDir }), { databaseUrl });
  const t0 = performance.now();
  await database.migrate();
  await ensureReferenceData(database.db);
  await seedDemo(database.db, localStorage(config.uploadsDir), new Date(), () => {}, { renderImages: false });
  console.log(`PostgreSQL: migrated and seeded (no photos) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const app = await buildApp({ config, database });
  onCleanup(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${portOf(app)}`;
  const feed = { url, connections: 10, overallRate: FEED_RATE, requests: [{ method: 'GET', path: '/api/v1/posts' }] };
  if (!SMOKE) await autocannon({ ...feed, duration: 2, workers: 1 });

  const alone = await run(`feed alone, ${FEED_RATE} req/s`, feed);
  const before = await countEvents();
  const flood = await run('event batches, as fast as taken', { url, connections: 20, requests: batches() });
  const stored = (await countEvents()) - before;
  const accepted = (flood.statusCodeStats['202']?.count ?? 0) * EVENTS_PER_BATCH;
  const [together, steady] = await Promise.all([
    run(`feed, ${FEED_RATE} req/s, beside events`, feed),
    run(`event batches at ${TARGET_EVENTS} events/s`, {
      url,
      connections: 20,
      overallRate: TARGET_EVENTS / EVENTS_PER_BATCH,
      requests: batches(),
    }),
  ]);

  async function countEvents() {
    const [r] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from analytics_events`);
    return r!.n;
  }

  const eventsPerSecond = accepted / flood.duration;
  console.log('');
  printTable(
    ['run', 'req/s', 'events/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
    [
      ['feed alone (baseline)', alone, 0],
      ['event batches, flat out', flood, EVENTS_PER_BATCH],
      ['feed beside 5,000 events/s', together, 0],
      ['event batches at 5,000 events/s', steady, EVENTS_PER_BATCH],
    ].map(([name, r, per]) => {
      const res = r as Result;
      return [
        name as string,
        res.requests.average.toFixed(0),
        per ? (((res.statusCodeStats['202']?.count ?? 0) * (per as number)) / res.duration).toFixed(0) : '–',
        res.latency.p50.toFixed(1),
        res.latency.p99.toFixed(1),
        res.non2xx,
        res.errors + res.timeouts,
      ];
    }),
  );
  console.log('');
  console.log(`events stored during the flat-out run: ${stored} (answered 202: ${accepted})`);
  console.log(`sustained ingestion: ${eventsPerSecond.toFixed(0)} events/s (goal ≥ ${TARGET_EVENTS})`);
  console.log(
    `feed p99 beside ${TARGET_EVENTS} events/s: ${together.latency.p99} ms vs ${alone.latency.p99} ms alone = ${fmtRatio(together.latency.p99 / alone.latency.p99)} the baseline`,
  );
  const bad = [alone, flood, together, steady].filter((r) => r.non2xx > 0 || r.errors > 0 || r.timeouts > 0);
  if (bad.length) {
    console.log('\n!!!!! WARNING: some requests failed (non-2xx, errors or timeouts): the figures above are not valid !!!!!');
    process.exitCode = 1;
  }
  const runs: Array<[string, Result]> = [
    ['feed alone', alone],
    ['event batches, flat out', flood],
    ['feed beside events', together],
    ['event batches at 5,000 events/s', steady],
  ];
  smoke('bench:events', {
    rows: ['feed alone (baseline)', 'event batches, flat out', 'feed beside 5,000 events/s', 'event batches at 5,000 events/s'],
    measured: {
      ...Object.fromEntries(runs.map(([name, r]) => [`${name}: requests answered`, r.requests.total])),
      'events stored during the flat-out run': stored,
    },
    failures: Object.fromEntries(runs.map(([name, r]) => [`${name}: non-2xx, errors and timeouts`, r.non2xx + r.errors + r.timeouts])),
  });
}

runBench(main, 10 * 60_000 + 5 * seconds * 1000);
