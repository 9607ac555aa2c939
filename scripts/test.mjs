// npm test: typecheck, lint (import boundaries included), the prettier check, the migration check
// (schema = migrations, none edited) and the production build with its bundle budget; unit + API
// integration tests on PGlite beside the crash test (when TEST_DATABASE_URL is set) and the demo
// photos for the journeys (npm run demo:photos), all at nice 19, and beside them at normal
// priority the cluster test (two instances behind HAProxy on network namespaces, when the machine
// allows it: root, `ip netns`, HAProxy), then bench:cluster's smoke mode; then, when TEST_DATABASE_URL is set, the integration tests again on PostgreSQL beside
// the release check (the release folder run from a clean directory), every benchmark's smoke mode
// and the Playwright journeys in Chromium (one server on PGlite, one on PostgreSQL).
// Stops at the first failing stage and exits non-zero.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { checkNode } from './check-node.mjs';
import { CHROMIUM, HEADLESS_SHELL, journeyBrowser } from './chromium-path.mjs';
import { DURATIONS_FILE, measuredDurations, reportFile, staleSpecs } from './e2e-durations.mjs';
import { clusterPreflight } from '../tests/cluster/preflight.mjs';
import { cleanCgroups, inCgroup, machineBusy } from './step-cpu.mjs';

checkNode();
/**
 * The journeys spend most of their time waiting (for pages, sockets, the courier simulator), not
 * computing: they run as two Playwright processes side by side, each with one worker against a
 * server of its own (its own port, Google stand-in and data directory), so no journey ever shares
 * a server with one running at the same time, exactly as with one process. The specs are split
 * by their recorded durations (e2e/durations.json), largest first onto the lighter side.
 */
const E2E_SERVERS = 2;
/**
 * A journey that fails is run once more, on the same server, before the run fails: beside the
 * PostgreSQL run the two cores are saturated for twenty minutes, and a page that misses a 10 s
 * wait once in a thousand makes CI fail on nothing the product does. A journey that needed its
 * second try is not hidden: Playwright counts it as flaky, and the run's last lines name it
 * (`[test] flaky:`), whether the run passed or not. `npm run test:e2e` and a plain
 * `npx playwright test` keep no retries, for finding such journeys.
 */
const E2E_RETRIES = 1;
/**
 * Here a journey's Playwright trace is recorded on its second try only, not on every first one:
 * recording a trace (screencast frames and DOM snapshots) is a fifth of the journeys' CPU, and the
 * last stage is CPU-bound. Measured on 2026-11-29, chat + offers (14 journeys), one process on an
 * idle machine: the whole machine's busy CPU 175 s → 145 s and the wall time 104–106 s → 92–96 s.
 * A journey that fails twice keeps the trace of its second try; the first failure keeps its
 * screenshot, its error and its `[diag]` lines. `npm run test:e2e` and `npx playwright test` keep a
 * trace of every failure (playwright.config.ts).
 */
const E2E_TRACE = 'on-first-retry';
function splitSpecs(files, durations, n) {
  const weight = (f) => durations.specs[f] ?? durations.default;
  const shards = Array.from({ length: n }, () => ({ files: [], total: 0 }));
  for (const f of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((a, b) => (b.total < a.total ? b : a));
    lightest.files.push(f);
    lightest.total += weight(f);
  }
  return shards;
}
function e2eSteps(n) {
  const files = fs.readdirSync('e2e').filter((f) => f.endsWith('.spec.ts'));
  const durations = JSON.parse(fs.readFileSync(DURATIONS_FILE, 'utf8'));
  const port = Number(process.env.E2E_PORT ?? 3100);
  const oauthPort = Number(process.env.E2E_OAUTH_PORT ?? 3199);
  return splitSpecs(files, durations, n).map((shard, i) => [
    `e2e (Chromium) ${i + 1}/${n}`,
    'npx',
    ['playwright', 'test', `--retries=${E2E_RETRIES}`, '--output', `test-results/e2e-${i + 1}`, ...shard.files.map((f) => `e2e/${f}`)],
    {
      E2E_PORT: String(port + i),
      E2E_OAUTH_PORT: String(oauthPort - i),
      E2E_DATA_DIR: `.e2e-data-${i + 1}`,
      // The second server runs on a fresh PostgreSQL database when there is one, the first on the
      // embedded default: every run takes journeys through both engines (scripts/e2e-server.mjs).
      ...(i === 1 && process.env.TEST_DATABASE_URL ? { E2E_DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      E2E_SLOW: '2',
      E2E_TRACE,
      E2E_JSON: reportFile(i + 1),
    },
  ]);
}

/**
 * A stage is one step, or several run side by side. The machine has two cores: the static checks
 * and the production build share the first stage (each is mostly one process); the PGlite run
 * (CPU-bound, two workers) shares the second with the crash test and the cluster test's lane; the
 * PostgreSQL run (two workers, much of it waiting on the database server) shares the last with the
 * release check, the benchmarks' smoke runs and the journeys' two Playwright processes (decision
 * 0047).
 */
/**
 * The niceness of the second stage's CPU-bound steps (the PGlite run, the crash test): the cluster
 * test runs beside them, and its checks time promises of a second. At nice 19 a batch process
 * weighs 15 against a normal process's 1,024 in the kernel's scheduler, so the cluster's servers,
 * balancer and database take a core the moment they need one, and the batch steps use every cycle
 * they leave (alone, the cluster test and its bench kept the machine 15-30 % busy for about 170 s).
 */
const BATCH_NICE = 19;
const stages = [
  [
    ['typecheck', 'npm', ['run', 'typecheck']],
    ['lint', 'npm', ['run', 'lint']],
    ['format (prettier)', 'npm', ['run', 'format:check']],
    ['migrations', 'node', ['scripts/check-migrations.mjs']],
    ['build', 'npm', ['run', 'build']],
  ],
  [['unit + integration (PGlite)', 'npx', ['vitest', 'run', '--maxWorkers=2'], { TEST_DB: 'pglite' }, { nice: BATCH_NICE }]],
];
/**
 * The crash test (decision 0045): the bundled server on a PostgreSQL database of its own under a
 * scripted workload, killed with SIGKILL 50 times; after each kill every invariant and every
 * acknowledged write is checked. Almost all of it is 50 server starts, which are CPU-bound: beside
 * the last stage (load average 17-21) a start took 22 s and 50 kills would take 20 minutes; beside
 * the PGlite run (two workers) they take a few seconds each, and the stage is seven minutes anyway.
 */
if (process.env.TEST_DATABASE_URL) stages[1].push(['crash (kill -9, PostgreSQL)', 'npm', ['run', 'test:crash'], {}, { nice: BATCH_NICE }]);
/**
 * The demo marketplace's photos, every size, into the picture cache (npm run demo:photos): the
 * journeys' two servers start at once in the last stage on fresh data directories, and on a clean
 * clone each rendered all 545 photos itself (about 40 CPU-s each) on the stage that is CPU-bound.
 * Here it is done once (43 CPU-s, 9 when the cache is already full), at nice 19 beside the PGlite
 * run, and the servers copy the files (decision 0047, 2026-12-06).
 */
stages[1].push(['demo photos (picture cache)', 'npm', ['run', 'demo:photos'], {}, { nice: BATCH_NICE }]);

/**
 * The cluster test (tests/cluster, docs/deploying.md): hosts as network namespaces, two instances
 * behind HAProxy, about two minutes, most of it waiting (timers, HAProxy's health checks a second
 * apart): alone it kept the machine 15-30 % busy. Its checks time promises of a second (a ban, a
 * role change), so it runs beside the PGlite run and the crash test at normal priority while those
 * run at nice 19 (BATCH_NICE): it takes a core whenever it needs one, they take the rest. It needs
 * root, `ip netns` and HAProxy: without them it does not run, and says why; on CI (CI=true, set by
 * .ci/run) that fails the run instead.
 */
const CLUSTER = 'cluster (network namespaces)';
const onCI = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const wantCluster = !process.argv.slice(2).length || process.argv.slice(2).some((o) => CLUSTER.startsWith(o));
const clusterMissing = wantCluster ? clusterPreflight() : [];
/**
 * bench:cluster's smoke mode (decision 0046): the same hosts, one and two instances behind the
 * balancer for two seconds a phase, failing when it measured nothing. It needs what the cluster
 * test needs, and runs after it in the same lane (one after the other: each builds the same
 * namespaces), beside the second stage's batch steps for the same reason (about a minute).
 */
const CLUSTER_BENCH = 'benchmark through the balancer (smoke)';
if (!wantCluster || clusterMissing.length === 0) {
  stages[1].push({
    lane: [
      [CLUSTER, 'npm', ['run', 'test:cluster']],
      [CLUSTER_BENCH, 'npm', ['run', 'bench:cluster', '--', '--smoke']],
    ],
  });
} else if (onCI) {
  console.error(`[test] FAIL: the cluster test cannot run on this CI machine: ${clusterMissing.join('; ')}.`);
  process.exit(1);
} else console.log(`[test] the cluster test (npm run test:cluster) did NOT run: ${clusterMissing.join('; ')}.`);
const lastStage = [];
if (process.env.TEST_DATABASE_URL) {
  lastStage.push(['integration (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server*', '--maxWorkers=2'], { TEST_DB: 'pg' }]);
} else {
  console.log('[test] TEST_DATABASE_URL is not set: the PostgreSQL run of the integration tests is not part of this run.');
}
/**
 * The release check (scripts/check-release.mjs, README "Shipping it"): the release folder the
 * Dockerfile ships, built from the first stage's web app (--reuse-build), moved out of the
 * repository and run on a fresh PostgreSQL database until a member has signed in and SIGTERM ended
 * it with 0. In the last stage because it mostly waits (npm ci, the server's start on PostgreSQL)
 * and needs TEST_DATABASE_URL like the PostgreSQL run; about a minute beside twenty of journeys.
 */
lastStage.push(['release (clean directory)', 'npm', ['run', 'test:release', '--', '--reuse-build']]);
/**
 * Every benchmark's smoke mode (decision 0046): each fails when it measured nothing, met an error
 * or lost a row of its table; figures are never checked, so the saturated cores of this stage do
 * not matter. Needs the first stage's build and PostgreSQL on 127.0.0.1:5432 (bench/lib.ts), so it
 * runs when TEST_DATABASE_URL says there is one. About three minutes alone.
 */
if (process.env.TEST_DATABASE_URL) lastStage.push(['benchmarks (smoke)', 'npm', ['run', 'bench:smoke']]);
else
  console.log(
    "[test] TEST_DATABASE_URL is not set: the benchmarks' smoke runs and the crash test (they need PostgreSQL) are not part of this run.",
  );
lastStage.push(...e2eSteps(E2E_SERVERS));
stages.push(lastStage);

const only = process.argv.slice(2);
const results = [];
// Said again in the run's last lines: a stage that did not run is not a stage that passed.
if (clusterMissing.length) results.push(`NOT RUN ${CLUSTER}: ${clusterMissing.join('; ')}`);

/**
 * The journeys need Debian's Chromium. Find out before the first step, not minutes into the run:
 * install it the way .ci/run does when we may (root with apt-get), otherwise stop with the one
 * command to run.
 */
function ensureChromium() {
  const chromium = journeyBrowser();
  // The headless shell costs about 30 % less CPU per journey than the full browser (decision 0047):
  // install it beside Chromium where we may, as .ci/run does.
  const wanted = process.env.CHROMIUM_PATH ? [] : ['chromium', 'chromium-headless-shell'];
  const missing = process.env.CHROMIUM_PATH ? !fs.existsSync(chromium) : !fs.existsSync(CHROMIUM) || !fs.existsSync(HEADLESS_SHELL);
  if (!missing) return;
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get') && wanted.length > 0;
  if (canInstall) {
    console.log(`[test] installing Debian's Chromium and its headless shell (apt-get install ${wanted.join(' ')})…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install =
      update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', ...wanted, 'fonts-dejavu-core'], { stdio: 'inherit', env });
    if (install && install.status === 0 && fs.existsSync(journeyBrowser())) return;
  }
  if (fs.existsSync(journeyBrowser())) return;
  console.error(
    `[test] The journeys need Debian's Chromium at ${chromium}, which is missing.\n` +
      '       Install it with: sudo apt-get install -y chromium chromium-headless-shell   (or set CHROMIUM_PATH), then run npm test again.',
  );
  process.exit(1);
}
const withJourneys = !only.length || only.some((o) => 'e2e (Chromium)'.startsWith(o) || o.startsWith('e2e'));
if (withJourneys) ensureChromium();
/** Which browser the journeys ran in, for the run's last lines (a journey may behave differently in another). */
const browserLine = () => {
  if (!withJourneys) return '';
  const out = spawnSync(journeyBrowser(), ['--version'], { encoding: 'utf8' });
  return `\n[test] the journeys ran in ${(out.stdout || 'an unknown Chromium').trim()}`;
};

/**
 * What a failed step said about its failures, repeated as the run's last lines: a CI log is often
 * read from its tail, and steps side by side interleave their output. For each failed step: the
 * failing tests (Playwright's ✘, Vitest's × and FAIL lines) and the first error lines.
 */
// `×` only at a line's start (Vitest's failed test): a benchmark's table prints ratios such as 1.00×.
// A count of failures only when it is not 0: bench:soak's windows each say "0 failed", and once
// filled the summary's lines before the bench's own "FAILED" line could be kept.
const FAILED_TEST = /✘|^\s*×|^\s*FAIL |\b[1-9]\d* failed|FAILED/;
/** `[diag]`: a journey's own account of the page when it failed (kept longer than other lines). */
const ERROR_LINE = /Error:|Locator:|Expected|Received|Timeout|timed out|\[diag\]/;
const said = new Map();
/** Playwright's "N flaky" heading, then one line per flaky journey ("[desktop] › e2e/…"). */
const flaky = [];
const inFlakyList = new Set();
function keepFlaky(name, line) {
  if (/^\s*\d+ flaky\s*$/.test(line)) return void inFlakyList.add(name);
  if (!inFlakyList.has(name)) return;
  if (line.includes(' › ')) flaky.push(`${name}: ${line.trim().replace(/\s*─+$/, '')}`);
  else inFlakyList.delete(name);
}
function keep(name, line) {
  keepFlaky(name, line);
  if (line.includes('[WebServer]')) return;
  const kind = FAILED_TEST.test(line) ? 'tests' : ERROR_LINE.test(line) ? 'errors' : null;
  if (!kind) return;
  const entry = said.get(name) ?? { tests: [], errors: [] };
  const text = line.trim().slice(0, line.includes('[diag]') ? 2000 : 240);
  if (entry[kind].length < 8 && !entry[kind].includes(text)) entry[kind].push(text);
  said.set(name, entry);
}
function failureSummary() {
  const parts = [];
  for (const result of results.filter((r) => r.startsWith('FAIL'))) {
    const name = result.replace(/^FAIL (.*) \([\d.]+ s(, \d+ CPU-s)?\)$/, '$1');
    const entry = said.get(name);
    if (entry) parts.push(`[test] ${name}:`, ...[...entry.tests, ...entry.errors].map((l) => `  ${l}`));
  }
  return parts.length ? `\n${parts.join('\n')}` : '';
}
const flakySummary = () =>
  flaky.length ? `\n[test] flaky (failed, then passed on their second try):\n${flaky.map((l) => `  ${l}`).join('\n')}` : '';

/** Runs one step; beside others, its output lines are prefixed with its name and colours are off. */
function run([name, cmd, args, env, opts], alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    const niced = opts?.nice ? ['nice', ['-n', String(opts.nice), cmd, ...args]] : [cmd, args];
    const counted = inCgroup(name, ...niced);
    const child = spawn(counted.cmd, counted.args, {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env, ...(alone ? {} : { FORCE_COLOR: '0', NO_COLOR: '1' }) },
    });
    if (!alone) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) {
            console.log(`[${name}] ${line}`);
            keep(name, line);
          }
        });
        stream.on('end', () => {
          if (!rest) return;
          console.log(`[${name}] ${rest}`);
          keep(name, rest);
        });
      }
    }
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      const cpu = counted.cpu();
      results.push(`${code === 0 ? 'ok  ' : 'FAIL'} ${name} (${secs} s${cpu === null ? '' : `, ${cpu.toFixed(0)} CPU-s`})`);
      resolve(code ?? 1);
    });
  });
}

/**
 * After a stage of several steps, the stage's wall time and the whole machine's busy CPU in it
 * (PostgreSQL's backends included): on two cores, a stage whose CPU is well under twice its wall
 * time left a core idle (decision 0047).
 */
function stageLine(n, started, busyBefore) {
  const busy = machineBusy();
  if (n < 2 || busy === null || busyBefore === null) return;
  const secs = (Date.now() - started) / 1000;
  results.push(`     the ${n} steps above: ${secs.toFixed(1)} s, the machine busy ${(busy - busyBefore).toFixed(0)} CPU-s`);
}
process.on('exit', cleanCgroups);

/**
 * A stage's parts run side by side: a part is a step, or a lane of steps run one after the other
 * (the next only when the one before passed).
 */
const wanted = ([name]) => !only.length || only.some((o) => name.startsWith(o));
const stepsOf = (part) => (Array.isArray(part) ? [part] : part.lane);
async function runLane(steps, alone) {
  for (const step of steps) {
    const code = await run(step, alone);
    if (code !== 0) return code;
  }
  return 0;
}
for (const stage of stages) {
  const parts = stage.map((part) => stepsOf(part).filter(wanted)).filter((steps) => steps.length);
  const names = parts.map((steps) => steps.map(([n]) => n).join(', then '));
  const count = parts.flat().length;
  if (!count) continue;
  console.log(`\n[test] ── ${names.join(' + ')} ──`);
  const [stageStarted, busyBefore] = [Date.now(), machineBusy()];
  const codes = await Promise.all(parts.map((steps) => runLane(steps, count === 1)));
  stageLine(count, stageStarted, busyBefore);
  const failed = codes.find((c) => c !== 0);
  if (failed !== undefined) {
    console.error(`\n[test] ${names.join(' + ')} failed\n${results.join('\n')}${browserLine()}${flakySummary()}${failureSummary()}`);
    process.exit(failed);
  }
}
/**
 * When the journeys ran: the specs whose recorded duration (the split between the two servers) is
 * well off what they took this time, and the command that records this run's figures. Read only
 * after every step passed, so each server has just rewritten its report.
 */
function durationsLine() {
  if (!withJourneys) return '';
  let stale;
  try {
    const measured = measuredDurations(Array.from({ length: E2E_SERVERS }, (_, i) => reportFile(i + 1)));
    stale = staleSpecs(JSON.parse(fs.readFileSync(DURATIONS_FILE, 'utf8')), measured);
  } catch (err) {
    // A report that cannot be read says so; it does not fail a run whose steps passed.
    return `\n[test] the journeys' durations could not be compared with e2e/durations.json: ${err.message}`;
  }
  if (!stale.length) return '';
  const list = stale.map((s) => `${s.spec} ${s.was ?? 'none'} → ${s.now} s`).join(', ');
  return `\n[test] e2e/durations.json is off for ${stale.length} spec(s) (${list}): node scripts/e2e-durations.mjs --write records this run's figures`;
}
console.log(`\n[test] all steps passed\n${results.join('\n')}${browserLine()}${flakySummary()}${durationsLine()}`);
