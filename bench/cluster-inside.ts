// The inner half of npm run bench:cluster (started by bench/cluster.ts inside the "client" host):
// starts the cluster's services, loads generated listings into its PostgreSQL, and measures each
// target through HAProxy with app2 taken out of the balancer (one instance) and put back (two),
// back to back. CPU is read from /proc before and after each phase, per host: every process in a
// host's network namespace, with the children it reaped (PostgreSQL's backends), so nothing that
// ran and exited during a phase is lost. The load generator is this process (autocannon in a
// worker thread). Exits non-zero when a request failed, a phase measured nothing, or the
// balancer did not send the requests where it was told to.
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openPostgres, type Database } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { refreshSearchTerms } from '../apps/server/src/modules/search/search-terms';
import { signAccessToken } from '../apps/server/src/lib/tokens';
import { type AppName, APPS, Cluster, DATABASE_URL, LB_URL, type RunInfo, until } from '../tests/cluster/cluster';
import { guardInner } from '../tests/cluster/inner';
import { nsName, type HostName } from '../tests/cluster/topology';
import { warmUp } from '../tests/cluster/warm-up';
import { copySearchMarketplace, execute } from './db-load';
import { benchServerEnv, fmtRatio, parseArgs, printTable, smoke, SMOKE } from './lib';

const TAG = '[bench:cluster]';
const log = (m: string) => console.log(`${TAG} ${m}`);
const info = JSON.parse(process.argv[2]!) as RunInfo;
const { values } = parseArgs(process.argv.slice(3));
const num = (key: string, smokeValue: number, full: number, min: number, max: number) => {
  const v = Number(values.get(key) ?? (SMOKE ? smokeValue : full));
  if (!Number.isInteger(v) || v < min || v > max) throw new Error(`--${key} must be an integer from ${min} to ${max}`);
  return v;
};
const ROWS = num('rows', 2000, 100_000, 1000, 2_000_000);
const SECONDS = num('seconds', 2, 15, 1, 600);
const WARMUP_SECONDS = SMOKE ? 1 : 3;
const CONNECTIONS = num('connections', 16, 32, 1, 1000);
const MEMBERS = 40;
const POST_IDS = 50;
const NOW = new Date();

// ---------------------------------------------------------------------------------------------
// CPU from /proc

/** Clock ticks per second of /proc's CPU counters (USER_HZ: 100 on every Linux we run). */
const TICKS = 100;
const CORES = os.availableParallelism();

/** utime + stime (+ cutime + cstime: the children it waited for), in seconds; null when gone. */
function procSeconds(pid: number | 'self', withChildren: boolean): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state (field 3).
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return (f[11]! + f[12]! + (withChildren ? f[13]! + f[14]! : 0)) / TICKS;
  } catch {
    return null;
  }
}

/** The processes whose network namespace is the host's (what `ip netns pids` answers). */
function pidsOfHost(host: HostName): number[] {
  const ns = fs.statSync(`/run/netns/${nsName(info.pid, host)}`);
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const s = fs.statSync(`/proc/${name}/ns/net`);
      if (s.ino === ns.ino && s.dev === ns.dev) out.push(Number(name));
    } catch {
      // gone, or a kernel thread
    }
  }
  return out;
}

/** CPU seconds a host's processes have used so far, with the children they reaped (a PostgreSQL backend that exited). */
const hostSeconds = (host: HostName) =>
  pidsOfHost(host)
    .filter((p) => p !== process.pid)
    .reduce((sum, p) => sum + (procSeconds(p, true) ?? 0), 0);

/**
 * Busy CPU seconds of the whole machine, over every core, and of them the kernel's interrupt work
 * (irq + softirq: packets through the veths and the bridge), which no process is charged with.
 */
function machineSeconds(): { busy: number; irq: number } {
  const v = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0); // user … steal (guest is inside user)
  return { busy: (total - (v[3] ?? 0) - (v[4] ?? 0)) / TICKS, irq: ((v[5] ?? 0) + (v[6] ?? 0)) / TICKS }; // busy: minus idle and iowait
}

const GROUPS = ['app1', 'app2', 'PostgreSQL', 'HAProxy', 'load generator'] as const;
type Group = (typeof GROUPS)[number];
interface CpuSnapshot {
  at: number;
  groups: Record<Group, number>;
  machine: { busy: number; irq: number };
}
function cpuSnapshot(): CpuSnapshot {
  return {
    at: performance.now(),
    groups: {
      app1: hostSeconds('app1'),
      app2: hostSeconds('app2'),
      PostgreSQL: hostSeconds('db'),
      HAProxy: hostSeconds('lb'),
      // This process only: its children (the instances, HAProxy) are counted on their hosts.
      'load generator': procSeconds('self', false) ?? 0,
    },
    machine: machineSeconds(),
  };
}
/** Cores each group kept busy between two snapshots (1.00 = one core), and the rest of the machine. */
function cpuBetween(a: CpuSnapshot, b: CpuSnapshot) {
  const secs = (b.at - a.at) / 1000;
  const groups = Object.fromEntries(GROUPS.map((g) => [g, (b.groups[g] - a.groups[g]) / secs])) as Record<Group, number>;
  const machine = (b.machine.busy - a.machine.busy) / secs;
  const irq = (b.machine.irq - a.machine.irq) / secs;
  const ours = GROUPS.reduce((s, g) => s + groups[g], 0);
  return { groups, machine, irq, other: Math.max(0, machine - ours - irq), secs };
}
type Cpu = ReturnType<typeof cpuBetween>;
const pct = (cores: number) => `${Math.round(cores * 100)}%`;
const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

// ---------------------------------------------------------------------------------------------
// Data: the listings bench:search generates (search-data.ts), straight into the cluster's database

async function loadData(database: Database) {
  const t = performance.now();
  // Indexes are built after the load, as a restore does.
  const { owners, indexes } = await copySearchMarketplace(database, ROWS, NOW);
  await database.db.execute(sql`set maintenance_work_mem = '256MB'`);
  for (const ix of indexes) await database.db.execute(sql.raw(ix.indexdef));
  await database.db.execute(sql`vacuum analyze`);
  await refreshSearchTerms(database.db);
  const [{ live }] = (await execute<{ live: number }>(
    database,
    sql`select count(*)::int as live from posts where state = 'published'`,
  )) as [{ live: number }];
  log(
    `${ROWS.toLocaleString('en-AU')} listings (${live.toLocaleString('en-AU')} live) of ${owners.length.toLocaleString('en-AU')} members loaded, indexed and vacuumed in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  return owners;
}

/** Searches of several shapes (bench:search's, fewer): a word, two words, a typo, a category near a postcode, distance only, most recent. */
const SEARCHES = [
  'q=vintage',
  'q=guitar',
  'q=helmet',
  'q=condition',
  'q=leather%20jacket',
  'q=electric%20guitar',
  'q=vintge',
  'q=guitr',
  'q=sofa&category=furniture&near=4000&radiusKm=100',
  'q=drill&category=tools&near=6000&radiusKm=50',
  'category=bicycles',
  'near=3000&radiusKm=10',
  'q=helmet&sort=recent',
].map((q) => `/api/v1/search?${q}&limit=20`);

// ---------------------------------------------------------------------------------------------

type Result = Awaited<ReturnType<typeof autocannon>>;

interface Target {
  key: string;
  name: string;
  requests: Array<{ method: 'GET'; path: string; headers: Record<string, string> }>;
}

interface Phase {
  target: Target;
  instances: 1 | 2;
  result: Result;
  cpu: Cpu;
  /** Answers each instance gave in the phase (HAProxy's counters). */
  served: Record<AppName, number>;
}

const cluster = new Cluster(info);
const finish = guardInner(cluster, info, TAG);

async function getJson<T>(path: string, token: string): Promise<T> {
  const res = await fetch(LB_URL + path, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(15_000) });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

/** Puts app2 in or out of the balancer and waits until HAProxy says so. */
async function instances(n: 1 | 2) {
  await cluster.setBalanced('app2', n === 2);
  const want = n === 2 ? 'UP' : 'MAINT';
  const ok = await until(async () => (await cluster.balancerStates()).app2 === want, 15_000, 100);
  if (!ok) throw new Error(`HAProxy does not show app2 ${want}: ${JSON.stringify(await cluster.balancerStates())}`);
  const states = await cluster.balancerStates();
  if (states.app1 !== 'UP') throw new Error(`HAProxy does not show app1 UP: ${JSON.stringify(states)}`);
}

async function served(): Promise<Record<AppName, number>> {
  const stats = await cluster.balancerStats();
  return Object.fromEntries(APPS.map((a) => [a, Number(stats[a]?.stot ?? NaN)])) as Record<AppName, number>;
}

async function measure(target: Target, n: 1 | 2): Promise<Phase> {
  await instances(n);
  process.stdout.write(`${TAG} ${target.key}, ${n} instance${n === 2 ? 's' : ''}: ${WARMUP_SECONDS} s warm-up + ${SECONDS} s… `);
  const opts = { url: LB_URL, connections: CONNECTIONS, workers: 1, timeout: 10, requests: target.requests };
  const warm = await autocannon({ ...opts, duration: WARMUP_SECONDS });
  const s0 = await served();
  const c0 = cpuSnapshot();
  const result = await autocannon({ ...opts, duration: SECONDS });
  const c1 = cpuSnapshot();
  const s1 = await served();
  const failedWarm = warm.errors + warm.timeouts + warm.non2xx;
  if (failedWarm) console.log(`(warm-up: ${failedWarm} failed) `);
  console.log(`${Math.round(result.requests.average)} req/s`);
  return {
    target,
    instances: n,
    result,
    cpu: cpuBetween(c0, c1),
    served: { app1: s1.app1 - s0.app1, app2: s1.app2 - s0.app2 },
  };
}

/** Where a phase's limit was, from the CPU it took: the machine's cores, one instance's event loop, or neither. */
function limitOf(p: Phase): string {
  const { groups, machine, other } = p.cpu;
  const shares = [
    ...GROUPS.map((g) => [g, groups[g]] as const),
    ['kernel irq/softirq', p.cpu.irq] as const,
    ['other processes', other] as const,
  ]
    .filter(([, v]) => v >= 0.005)
    .sort((a, b) => b[1] - a[1])
    .map(([g, v]) => `${g} ${pct(v)}`)
    .join(', ');
  const busiestApp = APPS.map((a) => [a, groups[a]] as const).sort((a, b) => b[1] - a[1])[0]!;
  const where =
    machine >= 0.9 * CORES
      ? `the machine's ${CORES} cores (${pct(machine)} of ${CORES * 100}% busy)`
      : busiestApp[1] >= 0.9
        ? `${busiestApp[0]}'s one core: its event loop (${pct(busiestApp[1])}; the machine ${pct(machine)} of ${CORES * 100}% busy)`
        : `not the CPU (${pct(machine)} of ${CORES * 100}% busy, no process at a full core): waiting on the network path or the connections (${CONNECTIONS})`;
  return `${p.target.key}, ${p.instances} instance${p.instances === 2 ? 's' : ''}: ${where}; ${shares}`;
}

async function main() {
  const t0 = performance.now();
  const secs = () => ((performance.now() - t0) / 1000).toFixed(1);
  log(`load average at start (uptime): ${loadavg()}; ${CORES} cores${SMOKE ? '; --smoke: tiny data, a few seconds a phase' : ''}`);
  // Load shedding off (the bench convention, lib.ts: 0 turns each bound off): a request refused
  // as busy is neither an answer nor the app's failure, and this bench wants the instances' limit.
  // Request logs off: at info each request writes two JSON lines to a pipe this process reads.
  const { OVERLOAD_MAX_IN_FLIGHT, OVERLOAD_MAX_EVENT_LOOP_DELAY_MS } = benchServerEnv();
  Object.assign(cluster.appEnvExtra, { OVERLOAD_MAX_IN_FLIGHT, OVERLOAD_MAX_EVENT_LOOP_DELAY_MS, LOG_LEVEL: 'warn' });

  await Promise.all([cluster.startDatabase(), cluster.startS3(), cluster.startMail()]);
  log(`db, s3 and mail hosts up in ${secs()} s`);
  // The schema and the data before the instances start, as on a deployment that has data.
  const database = await openPostgres(DATABASE_URL, 4);
  let owners: string[];
  try {
    await database.migrate();
    await ensureReferenceData(database.db);
    owners = await loadData(database);
  } finally {
    await database.close();
  }
  await cluster.startApps();
  await cluster.startBalancer();
  log(`app1 and app2 ready behind the balancer (${secs()} s since start)`);
  // Each instance loads its photo-moderation model once (a second or more of a held event loop):
  // an upload to each loads it now, before any measurement.
  await warmUp(cluster);
  log(`moderation model loaded on both instances (${secs()} s since start)`);

  // Signed-in members (tokens minted with the instances' shared key, as a sign-in would), each
  // request from the next one, so a per-member cache cannot make one member look fast.
  const tokens = await Promise.all(owners.slice(0, MEMBERS).map((id) => signAccessToken(cluster.secrets.jwt, id, NOW, 0)));
  const feed = await getJson<{ items: Array<{ id: string }> }>(`/api/v1/posts?limit=${POST_IDS}`, tokens[0]!);
  const ids = feed.items.map((p) => p.id).slice(0, POST_IDS);
  if (ids.length < 10) throw new Error(`the feed shows only ${ids.length} listings`);
  for (const id of ids) await getJson(`/api/v1/posts/${id}`, tokens[1]!);
  for (const s of SEARCHES) await getJson(s, tokens[2]!);
  const signedIn = (paths: string[]) =>
    paths.flatMap((path, i) =>
      tokens.map((_, j) => ({ method: 'GET' as const, path, headers: { authorization: `Bearer ${tokens[(i + j) % tokens.length]!}` } })),
    );
  const targets: Target[] = [
    { key: 'feed', name: 'signed-in feed', requests: signedIn(['/api/v1/posts']) },
    { key: 'post', name: `post page ×${ids.length}`, requests: signedIn(ids.map((id) => `/api/v1/posts/${id}`)) },
    { key: 'search', name: `search ×${SEARCHES.length} shapes`, requests: signedIn(SEARCHES) },
  ];

  // Each target with one instance, then two, back to back: the ratio compares neighbours in time.
  const phases: Phase[] = [];
  for (const target of targets) for (const n of [1, 2] as const) phases.push(await measure(target, n));
  await instances(2);

  const rps = (p: Phase) => p.result.requests.average;
  const failed = (p: Phase) => p.result.errors + p.result.timeouts + p.result.non2xx;
  const one = (key: string) => phases.find((p) => p.target.key === key && p.instances === 1)!;
  console.log('');
  log(
    `${ROWS.toLocaleString('en-AU')} listings; ${tokens.length} signed-in members; ${CONNECTIONS} connections through HAProxy (round robin); ${SECONDS} s per phase after ${WARMUP_SECONDS} s warm-up; load shedding off`,
  );
  printTable(
    ['target', 'instances', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'served app1 / app2', 'two / one'],
    phases.map((p) => [
      p.target.name,
      p.instances,
      rps(p).toFixed(0),
      p.result.latency.p50.toFixed(1),
      p.result.latency.p99.toFixed(1),
      failed(p),
      `${p.served.app1} / ${p.served.app2}`,
      p.instances === 2 ? fmtRatio(rps(p) / rps(one(p.target.key))) : '',
    ]),
  );
  console.log('');
  console.log(`CPU in each phase, as a share of one core (this machine: ${CORES} cores = ${CORES * 100}%):`);
  printTable(
    [
      'phase',
      'app1',
      'app2',
      'PostgreSQL',
      'HAProxy',
      'load generator',
      'kernel irq',
      'other processes',
      'machine busy',
      'apps ms/req',
      'PG ms/req',
      'HAProxy ms/req',
    ],
    phases.map((p) => {
      const done = rps(p);
      const perReq = (cores: number) => (done > 0 ? ((cores * 1000) / done).toFixed(2) : '-');
      const g = p.cpu.groups;
      return [
        `${p.target.key}, ${p.instances}`,
        pct(g.app1),
        pct(g.app2),
        pct(g.PostgreSQL),
        pct(g.HAProxy),
        pct(g['load generator']),
        pct(p.cpu.irq),
        pct(p.cpu.other),
        `${pct(p.cpu.machine)} of ${CORES * 100}%`,
        perReq(g.app1 + g.app2),
        perReq(g.PostgreSQL),
        perReq(g.HAProxy),
      ];
    }),
  );
  console.log(
    '(each host: every process in its network namespace with the children it reaped; load generator: this process, autocannon in a worker thread; kernel irq: the irq and softirq time of /proc/stat, the packets through the veths and the bridge, charged to no process; other processes: the machine busy minus all of these — other work on the machine, s3rver and the mail sink.)',
  );
  console.log('');
  console.log('Where the limit was:');
  for (const p of phases) console.log(`  ${limitOf(p)}`);
  // What a second instance could have: the cores left once everything but the one instance had its share.
  console.log('');
  console.log('Room for a second instance (from each one-instance phase):');
  for (const t of targets) {
    const p = one(t.key);
    const two = phases.find((x) => x.target.key === t.key && x.instances === 2)!;
    const app = p.cpu.groups.app1;
    const rest = p.cpu.machine - app;
    console.log(
      `  ${t.key}: app1 took ${pct(app)}, everything else ${pct(rest)} (PostgreSQL ${pct(p.cpu.groups.PostgreSQL)}, HAProxy ${pct(p.cpu.groups.HAProxy)}, load generator ${pct(p.cpu.groups['load generator'])}, kernel irq ${pct(p.cpu.irq)}, other processes ${pct(p.cpu.other)}) of ${CORES * 100}%: ${pct(Math.max(0, CORES - p.cpu.machine))} idle; two instances gave ${fmtRatio(rps(two) / rps(p))}`,
    );
  }
  log(`load average at end (uptime): ${loadavg()}`);

  // The checks (lib.ts's convention): a phase that measured nothing, a failed request, or a
  // balancer that did not send the requests where it was told fails the run.
  const measured: Record<string, number> = {};
  const failures: Record<string, number> = {};
  for (const p of phases) {
    const at = `${p.target.key} with ${p.instances}`;
    measured[`${at}: req/s`] = rps(p);
    measured[`${at}: app1's answers`] = p.served.app1;
    measured[`${at}: app1's CPU`] = p.cpu.groups.app1;
    failures[`${at}: failed requests (errors, timeouts, non-2xx)`] = failed(p);
    if (p.instances === 2) {
      measured[`${at}: app2's answers`] = p.served.app2;
      measured[`${at}: app2's CPU`] = p.cpu.groups.app2;
    } else failures[`${at}: answers from app2 while out of the balancer`] = p.served.app2;
  }
  smoke('bench:cluster', { rows: targets.map((t) => t.name.replace(/ ×.*/, '')), measured, failures });
}

try {
  await main();
} catch (err) {
  console.error(`${TAG} FAIL:`, err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
}
await finish(Number(process.exitCode ?? 0));
