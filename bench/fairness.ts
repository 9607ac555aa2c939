// npm run bench:fairness [-- --rows N] [-- --offers N] [-- --reps N] [-- --reuse] [-- --explain] [-- --smoke]
//
// The fair-swap meter (issue 41 item 1, decision 0051) at N listings (default 1,000,000): the same
// generated marketplace as bench:search (bench/search-data.ts), then offers between its members,
// each on a live listing with 1 to 5 of the offerer's live listings. Measured, single client, on
// PostgreSQL: the one statement that computes an offer's meter (offerFairness, timed around the
// call), by the number of items, then GET /api/v1/offers/:id/fairness and a draft's
// GET /api/v1/posts/:id/fairness through the app. The baseline, in the same run: the offer page's
// own read, GET /api/v1/offers/:id. The goal: the statement's p95 ≤ 20 ms at 1,000,000 listings.
//
// --reuse keeps the generated database (swapu_bench_fairness_<N>_v1) for the next run.
// --explain prints EXPLAIN ANALYZE of one offer's statement with five items.
// --smoke (decision 0046): 10,000 listings (20 a member, so offers of five items exist), 20 offers, 3 reads of each.

import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database } from '../apps/server/src/db/client';
import { signAccessToken } from '../apps/server/src/lib/tokens';
import { offerFairness } from '../apps/server/src/modules/offers/fairness.service';
import { FAIRNESS_MIN_COMPARABLES, FAIRNESS_SAMPLE_MAX } from '../packages/shared/src/fairness-rules';
import { benchDbUrl, benchServerEnv, fmtRatio, onCleanup, parseArgs, printTable, runBench, smoke, SMOKE, tempDir } from './lib';
import { generatedBenchDatabase } from './bench-database';
import { copySearchMarketplace, execute } from './db-load';
import { createRandom } from './search-data';

const { values, flags } = parseArgs();
const ROWS = Number(values.get('rows') ?? (SMOKE ? 10_000 : 1_000_000));
const OFFERS = Number(values.get('offers') ?? (SMOKE ? 20 : 300));
const REPS = Number(values.get('reps') ?? (SMOKE ? 3 : 5));
const REUSE = flags.has('reuse');
const EXPLAIN = flags.has('explain');
if (!Number.isInteger(ROWS) || ROWS < 1000 || ROWS > 5_000_000) throw new Error('--rows must be 1000..5000000');
if (!Number.isInteger(OFFERS) || OFFERS < 5) throw new Error('--offers must be at least 5');

const NAME = `swapu_bench_fairness_${ROWS}_v1`;
const NOW = new Date();
const log = (m: string) => console.log(`[bench:fairness] ${m}`);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

/** The listings (as bench:search generates them, indexes built after the load) and their members. */
async function generate(database: Database) {
  // Exactly bench:search's members and listings (the same draws in the same order).
  let t = performance.now();
  const { owners, indexes } = await copySearchMarketplace(database, ROWS, NOW);
  log(
    `${ROWS.toLocaleString()} listings of ${owners.length.toLocaleString()} members copied in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  t = performance.now();
  await database.db.execute(sql`set maintenance_work_mem = '512MB'`);
  for (const ix of indexes) {
    const started = performance.now();
    await database.db.execute(sql.raw(ix.indexdef));
    if (ix.indexname === 'posts_fair_idx') log(`posts_fair_idx built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  await database.db.execute(sql`vacuum analyze`);
  log(`${indexes.length} indexes built, vacuumed and analysed in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

/**
 * Offers between the generated members: each on a random live listing out of its early access, by
 * a member giving 1 to 5 of their own live listings (in turn), a third of them with cash on top.
 */
async function makeOffers(database: Database) {
  await database.db.execute(sql`delete from offer_items where offer_id like 'bo%'`);
  await database.db.execute(sql`delete from offers where id like 'bo%'`);
  const r = createRandom(7);
  const made: { id: string; offererId: string; postId: string; items: string[] }[] = [];
  for (let n = 0; made.length < OFFERS && n < OFFERS * 20; n++) {
    const [target] = await execute<{ id: string; owner_id: string }>(
      database,
      sql`select id, owner_id from posts where id >= ${`b${r.int(ROWS).toString(36).padStart(7, '0')}`} and state = 'published'
        and published_at < ${new Date(NOW.getTime() - 2 * 86_400_000).toISOString()}::timestamptz order by id limit 1`,
    );
    const [giver] = await execute<{ owner_id: string }>(
      database,
      sql`select owner_id from posts where id >= ${`b${r.int(ROWS).toString(36).padStart(7, '0')}`} and state = 'published' order by id limit 1`,
    );
    if (!target || !giver || giver.owner_id === target.owner_id) continue;
    const want = 1 + (made.length % 5);
    const items = await execute<{ id: string }>(
      database,
      sql`select id from posts where owner_id = ${giver.owner_id} and state = 'published' and id <> ${target.id} order by id limit ${want}`,
    );
    if (items.length < want) continue;
    const id = `bo${made.length.toString(36).padStart(6, '0')}`;
    await database.db
      .execute(sql`insert into offers (id, post_id, offerer_id, owner_id, proposed_by, state, cash_kind, cash_cents, expires_at, created_at, updated_at)
      values (${id}, ${target.id}, ${giver.owner_id}, ${target.owner_id}, 'offerer', 'pending', ${made.length % 3 ? 'none' : 'add'},
        ${made.length % 3 ? 0 : 2500}, ${new Date(NOW.getTime() + 7 * 86_400_000).toISOString()}::timestamptz, ${NOW.toISOString()}::timestamptz, ${NOW.toISOString()}::timestamptz)`);
    for (const [position, item] of items.entries())
      await database.db.execute(sql`insert into offer_items (offer_id, post_id, position) values (${id}, ${item.id}, ${position})`);
    made.push({ id, offererId: giver.owner_id, postId: target.id, items: items.map((i) => i.id) });
  }
  return made;
}

async function openBenchDatabase(): Promise<Database> {
  return generatedBenchDatabase({
    name: NAME,
    reuse: REUSE,
    connections: 4,
    log,
    holds: async (database) => {
      const [{ n }] = (await execute<{ n: number }>(database, sql`select count(*)::int as n from posts`)) as [{ n: number }];
      return n === ROWS ? `${n.toLocaleString()} listings` : null;
    },
    generate,
  });
}

async function main() {
  const database = await openBenchDatabase();
  onCleanup(() => database.close());
  const offers = await makeOffers(database);
  const config = loadConfig(benchServerEnv({ DATA_DIR: tempDir('fairness-data'), SEED_DEMO: 'false' }), { databaseUrl: benchDbUrl(NAME) });
  const app = await buildApp({ config, database, serveWeb: false });
  onCleanup(() => app.close());
  await app.ready();
  const headers = new Map<string, Record<string, string>>();
  for (const o of offers)
    headers.set(o.offererId, { authorization: `Bearer ${await signAccessToken(config.jwtSecret, o.offererId, new Date(), 0)}` });
  const get = async (url: string, who: string) => {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: headers.get(who) });
    const ms = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
    return { ms, body: res.json() as { yours?: { items: { comparables: number }[] }; theirs?: { items: { comparables: number }[] } } };
  };

  const [{ live }] = (await execute<{ live: number }>(
    database,
    sql`select count(*)::int as live from posts where state in ('published', 'swapped')`,
  )) as [{ live: number }];
  log(
    `PostgreSQL: ${ROWS.toLocaleString()} listings (${live.toLocaleString()} published or swapped), ${offers.length} offers, ${REPS} reads of each`,
  );

  // Warm-up: every offer once each way (the pool's connections compile the PL/pgSQL once).
  for (const o of offers) {
    await get(`/api/v1/offers/${o.id}`, o.offererId);
    await get(`/api/v1/offers/${o.id}/fairness`, o.offererId);
  }
  const baseline: number[] = [];
  const statement = new Map<number, number[]>();
  const all: number[] = [];
  const page: number[] = [];
  const draft: number[] = [];
  let comparables = 0;
  let estimated = 0;
  let items = 0;
  for (let rep = 0; rep < REPS; rep++) {
    for (const o of offers) {
      baseline.push((await get(`/api/v1/offers/${o.id}`, o.offererId)).ms);
      const viewer = { userId: o.offererId, role: 'user' as const, subscriber: false };
      const t = performance.now();
      const f = await offerFairness(database.db, viewer, o.id, {});
      const ms = performance.now() - t;
      all.push(ms);
      statement.set(o.items.length, [...(statement.get(o.items.length) ?? []), ms]);
      for (const i of [...f.yours.items, ...f.theirs.items]) {
        items++;
        comparables += i.comparables;
        if (i.estimateCents !== null) estimated++;
      }
      page.push((await get(`/api/v1/offers/${o.id}/fairness`, o.offererId)).ms);
      draft.push((await get(`/api/v1/posts/${o.postId}/fairness?items=${o.items.join(',')}&cashKind=add&cashCents=1000`, o.offererId)).ms);
    }
  }
  const base95 = pct(baseline, 95);
  const row = (name: string, xs: number[]) => [
    name,
    xs.length,
    pct(xs, 50).toFixed(1),
    pct(xs, 95).toFixed(1),
    fmtRatio(pct(xs, 95) / base95),
  ];
  console.log('');
  printTable(
    ['measured', 'reads', 'p50 ms', 'p95 ms', 'p95 vs baseline'],
    [
      row('baseline: the offer page (GET /api/v1/offers/:id)', baseline),
      row('fairness statement, every offer', all),
      ...[...statement.keys()].sort().map((k) => row(`fairness statement, ${k} item${k > 1 ? 's' : ''} + target`, statement.get(k)!)),
      row('GET /api/v1/offers/:id/fairness', page),
      row('GET /api/v1/posts/:id/fairness (a draft)', draft),
    ],
  );
  console.log(
    `\n${items / REPS} items weighed each pass: ${((100 * estimated) / Math.max(1, items)).toFixed(0)}% with an estimate (${FAIRNESS_MIN_COMPARABLES}+ comparables), ${(comparables / Math.max(1, items)).toFixed(1)} comparables each on average (at most ${FAIRNESS_SAMPLE_MAX})`,
  );
  console.log(`fairness statement p95: ${pct(all, 95).toFixed(1)} ms (goal ≤ 20 ms on PostgreSQL at 1,000,000 listings)`);

  if (EXPLAIN) await explainOne(database, offers.find((o) => o.items.length === 5) ?? offers[0]!);

  smoke('bench:fairness', {
    rows: [
      'baseline: the offer page',
      'fairness statement, every offer',
      'GET /api/v1/offers/:id/fairness',
      'GET /api/v1/posts/:id/fairness',
    ],
    measured: {
      'offers made': offers.length,
      'statements timed': all.length,
      'offer pages timed': baseline.length,
      'comparables read': comparables,
    },
  });
}

/** EXPLAIN ANALYZE of the statement one offer's meter runs. */
async function explainOne(database: Database, o: { id: string; offererId: string }) {
  const original = database.db.execute.bind(database.db);
  const captured: SQL[] = [];
  (database.db as unknown as { execute: (q: SQL) => unknown }).execute = (q: SQL) => {
    captured.push(q);
    return original(q);
  };
  await offerFairness(database.db, { userId: o.offererId, role: 'user', subscriber: false }, o.id, {});
  (database.db as unknown as { execute: typeof original }).execute = original;
  const plan = (await original(sql`explain (analyze, buffers, costs off) ${captured[0]!}`)) as unknown as {
    rows: Record<string, string>[];
  };
  console.log(`\n=== EXPLAIN ANALYZE, offer ${o.id}\n${plan.rows.map((r) => `  ${Object.values(r)[0]}`).join('\n')}`);
}

runBench(main, 60 * 60_000);
