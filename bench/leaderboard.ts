// npm run bench:leaderboard [-- --members N] [-- --reps N] [-- --reuse] [-- --explain] [-- --smoke]
//
// Generates N members (default 1,000,000) on PostgreSQL with COPY, their points totals for the
// three periods (all time, this week, this month) with a skewed, marketplace-like distribution
// and the rank histogram built from them, plus listings for the baseline. Then measures
// single-client p50/p95 wall time (app.inject) of GET /api/v1/leaderboard as a signed-in member
// ranked near the bottom of the board (the top 50 and their own rank), as a guest (the top 50
// only), of the own-rank part alone (memberRank), and of one award. The baseline, in the same run:
// the home feed's first page (GET /api/v1/posts?limit=20).
//
// --reuse keeps the generated database (swapu_bench_leaderboard_<N>) for the next run.
// --explain prints EXPLAIN ANALYZE of the leaderboard statement and of the own-rank statement.
// --smoke (decision 0046): 1,000 members, 2,000 listings, 5 requests a row.

import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { periodKey } from '../packages/shared/src/engagement';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database } from '../apps/server/src/db/client';
import { signAccessToken } from '../apps/server/src/lib/tokens';
import { awardPoints } from '../apps/server/src/modules/points/award';
import { memberRank } from '../apps/server/src/modules/points/points.service';
import { benchDbUrl, benchServerEnv, smoke, SMOKE, fmtRatio, onCleanup, parseArgs, printTable, runBench, tempDir } from './lib';
import { generatedBenchDatabase } from './bench-database';
import { copyInto, copyListings, copyMembers, execute, placesFrom } from './db-load';
import { copyLine, createRandom } from './search-data';

const { values, flags } = parseArgs();
const MEMBERS = Number(values.get('members') ?? (SMOKE ? 1000 : 1_000_000));
const REPS = Number(values.get('reps') ?? (SMOKE ? 5 : 200));
const REUSE = flags.has('reuse');
const EXPLAIN = flags.has('explain');
if (!Number.isInteger(MEMBERS) || MEMBERS < 1000 || MEMBERS > 5_000_000) throw new Error('--members must be 1000..5000000');
if (!Number.isInteger(REPS) || REPS < (SMOKE ? 1 : 20)) throw new Error('--reps must be at least 20');

const NOW = new Date();
const DB_NAME = `swapu_bench_leaderboard_${MEMBERS}_v1`;
/** Listings for the baseline feed: one for every 20 members, at least 20,000. */
const LISTINGS = SMOKE ? 2_000 : Math.max(20_000, Math.round(MEMBERS / 20));
const JWT_SECRET = 'bench-leaderboard-secret-0123456789abcdef';
const log = (m: string) => console.log(`[bench:leaderboard] ${m}`);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const memberId = (i: number) => `lb${i.toString(36).padStart(7, '0')}`;

/**
 * Points as a marketplace has them: every award is a multiple of 5 (listing 10, swap 50, review 5,
 * 5-star 10, streaks 5–25); most members have a little, a few a lot (log-normal). Of all members,
 * 70 % have points of all time, 20 % this month and 8 % this week.
 */
const PERIODS = [
  { period: 'all', share: 0.7, mu: 2.6, sigma: 1.3, max: 200_000 },
  { period: 'month', share: 0.2, mu: 2.0, sigma: 1.1, max: 20_000 },
  { period: 'week', share: 0.08, mu: 1.4, sigma: 1.0, max: 5_000 },
] as const;

async function generate(database: Database) {
  const r = createRandom(18);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - r.next())) * Math.cos(2 * Math.PI * r.next());
  const place = await placesFrom(database, r);

  let t = performance.now();
  await copyMembers(database, MEMBERS, memberId, place, NOW);
  log(`${MEMBERS.toLocaleString()} members copied in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  t = performance.now();
  const owners = Array.from({ length: Math.min(MEMBERS, Math.max(1000, Math.round(LISTINGS / 3))) }, (_, i) => memberId(i));
  await copyListings(database, LISTINGS, { r, owners, place, now: NOW });
  log(`${LISTINGS.toLocaleString()} listings copied in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  // The totals' rank index is built after the load (as a restore does), with its own definition.
  const [ix] = await execute<{ indexdef: string }>(
    database,
    sql`select indexdef from pg_indexes where indexname = 'points_totals_rank_idx'`,
  );
  await database.db.execute(sql`drop index points_totals_rank_idx`);
  t = performance.now();
  const keys = { all: 'all', week: periodKey('week', NOW), month: periodKey('month', NOW) };
  await copyInto(
    database,
    'points_totals',
    ['period', 'user_id', 'points'],
    (function* () {
      for (const p of PERIODS)
        for (let i = 0; i < MEMBERS; i++) {
          if (r.next() >= p.share) continue;
          const points = 5 * Math.max(1, Math.min(p.max / 5, Math.round(Math.exp(p.mu + p.sigma * gauss()))));
          yield copyLine([keys[p.period], memberId(i), points]);
        }
    })(),
  );
  await database.db.execute(
    sql`insert into points_histogram (period, points, members) select period, points, count(*)::int from points_totals group by period, points`,
  );
  await database.db.execute(sql`set maintenance_work_mem = '512MB'`);
  await database.db.execute(sql.raw(ix!.indexdef));
  await database.db.execute(sql`analyze`);
  log(`points totals, histogram and rank index in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

async function openBenchDatabase(): Promise<Database> {
  return generatedBenchDatabase({
    name: DB_NAME,
    reuse: REUSE,
    connections: 10,
    log,
    holds: async (database) => {
      const [{ n }] = (await execute<{ n: number }>(database, sql`select count(*)::int as n from users`)) as [{ n: number }];
      const [{ week }] = (await execute<{ week: number }>(
        database,
        sql`select count(*)::int as week from points_totals where period = ${periodKey('week', NOW)}`,
      )) as [{ week: number }];
      // The week's board is empty once the week has turned: generate afresh.
      return n === MEMBERS && week > 0 ? `${n.toLocaleString()} members` : null;
    },
    generate,
  });
}

async function main() {
  const database = await openBenchDatabase();
  onCleanup(() => database.close());
  const config = loadConfig(
    benchServerEnv({ DATA_DIR: tempDir('leaderboard-data'), SEED_DEMO: 'false', SHARED_CACHE_MS: '0', JWT_SECRET }),
    { databaseUrl: benchDbUrl(DB_NAME) },
  );
  const app = await buildApp({ config, database, serveWeb: false });
  onCleanup(() => app.close());
  await app.ready();

  const weekKey = periodKey('week', NOW);
  const counts = await execute<{ period: string; members: number; totals: number; top: number }>(
    database,
    sql`select period, sum(members)::int as members, count(*)::int as totals, max(points)::int as top from points_histogram group by period order by period`,
  );
  // Signed in as a member at the bottom of this week's board, one in the middle, one at the top.
  const at = async (q: SQL) => (await execute<{ user_id: string }>(database, q))[0]!.user_id;
  const low = await at(sql`select user_id from points_totals where period = ${weekKey} order by points, user_id limit 1`);
  const mid = await at(
    sql`select user_id from points_totals where period = ${weekKey} order by points desc, user_id offset (select count(*) / 2 from points_totals where period = ${weekKey}) limit 1`,
  );
  const top = await at(sql`select user_id from points_totals where period = ${weekKey} order by points desc, user_id limit 1`);
  const headers = async (id: string) => ({ authorization: `Bearer ${await signAccessToken(JWT_SECRET, id, new Date(), 0)}` });
  const lowHeaders = await headers(low);
  const midHeaders = await headers(mid);

  const time = async (fn: () => Promise<unknown>) => {
    for (let i = 0; i < 10; i++) await fn();
    const xs: number[] = [];
    for (let i = 0; i < REPS; i++) {
      const t = performance.now();
      await fn();
      xs.push(performance.now() - t);
    }
    return xs;
  };
  const get =
    (url: string, h: Record<string, string> = {}) =>
    async () => {
      const res = await app.inject({ method: 'GET', url, headers: h });
      if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
      return res;
    };

  const lowBoard = (await get('/api/v1/leaderboard?period=week', lowHeaders)()).json() as { me: { rank: number; points: number } };
  log(`PostgreSQL: ${MEMBERS.toLocaleString()} members; ${REPS} requests per row`);
  for (const c of counts)
    log(`  ${c.period}: ${Number(c.members).toLocaleString()} members with points, ${c.totals} distinct totals, top ${c.top}`);
  log(`  signed in as ${low}: week rank ${lowBoard.me.rank.toLocaleString()} with ${lowBoard.me.points} points`);

  const baseline = await time(get('/api/v1/posts?limit=20'));
  const base95 = pct(baseline, 95);
  const measured: Array<[string, number[]]> = [
    ['leaderboard week, signed in, ranked low', await time(get('/api/v1/leaderboard?period=week', lowHeaders))],
    ['leaderboard week, signed in, mid-table', await time(get('/api/v1/leaderboard?period=week', midHeaders))],
    ['leaderboard month, signed in, ranked low', await time(get('/api/v1/leaderboard?period=month', lowHeaders))],
    ['leaderboard all time, signed in, ranked low', await time(get('/api/v1/leaderboard?period=all', lowHeaders))],
    ['leaderboard week, guest (top 50 only)', await time(get('/api/v1/leaderboard?period=week'))],
    ['own rank alone (memberRank), week, ranked low', await time(() => memberRank(database.db, weekKey, low))],
    ['own rank alone (memberRank), all time, ranked low', await time(() => memberRank(database.db, 'all', low))],
    ['own rank alone (memberRank), week, top', await time(() => memberRank(database.db, weekKey, top))],
    [
      'one award (ledger, 3 totals, histogram, streak check)',
      await time(() =>
        database.db.transaction((tx) =>
          awardPoints(tx, { userId: mid, points: 5, reason: 'review', sourceId: `bench-${randomUUID()}`, now: new Date() }),
        ),
      ),
    ],
  ];
  console.log('');
  printTable(
    ['request', 'p50 ms', 'p95 ms', 'p95 vs baseline'],
    [
      ['baseline: home feed page (GET /api/v1/posts?limit=20)', pct(baseline, 50).toFixed(2), base95.toFixed(2), '1.00×'],
      ...measured.map(([name, xs]) => [name, pct(xs, 50).toFixed(2), pct(xs, 95).toFixed(2), fmtRatio(pct(xs, 95) / base95)]),
    ],
  );
  const worst = Math.max(...measured.slice(0, 8).map(([, xs]) => pct(xs, 95)));
  console.log(`\nworst leaderboard or own-rank p95: ${worst.toFixed(2)} ms (goal ≤ 20 ms on PostgreSQL at 1,000,000 members)`);
  // The award row wrote real points: the next --reuse run starts from different totals, which is fine.
  smoke('bench:leaderboard', {
    rows: [
      'baseline: home feed page',
      'leaderboard week, signed in, ranked low',
      'leaderboard week, signed in, mid-table',
      'leaderboard month, signed in, ranked low',
      'leaderboard all time, signed in, ranked low',
      'leaderboard week, guest (top 50 only)',
      'own rank alone (memberRank), week, ranked low',
      'own rank alone (memberRank), all time, ranked low',
      'own rank alone (memberRank), week, top',
      'one award',
    ],
    measured: {
      ...Object.fromEntries(counts.map((c) => [`${c.period}: members with points`, Number(c.members)])),
      'periods with points': counts.length,
      "the low-ranked member's week rank": lowBoard.me.rank,
      'baseline requests timed': baseline.length,
      ...Object.fromEntries(measured.map(([name, xs]) => [`${name}: requests timed`, xs.length])),
    },
  });

  if (EXPLAIN) {
    const original = database.db.execute.bind(database.db);
    let captured: SQL[] = [];
    (database.db as unknown as { execute: (q: SQL) => unknown }).execute = (q: SQL) => {
      captured.push(q);
      return original(q);
    };
    await app.inject({ method: 'GET', url: '/api/v1/leaderboard?period=all', headers: lowHeaders });
    const statements = captured.filter((q) => JSON.stringify(q).includes('points_'));
    captured = [];
    for (const q of statements) {
      const plan = (await original(sql`explain (analyze, costs off, buffers on, summary on) ${q}`)) as unknown as {
        rows: Record<string, string>[];
      };
      console.log(`\n${plan.rows.map((r) => `  ${Object.values(r)[0]}`).join('\n')}`);
    }
  }
}

runBench(main, 60 * 60_000);
