// Shared helpers for the benchmarks: ports, temp dirs, throwaway PostgreSQL databases, tables.
// Benchmarks only ever talk to 127.0.0.1 and print ratios against a baseline of the same run.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const benchDbName = () => `swapu_bench_${process.pid}`;
export const benchDbUrl = (name: string) => `postgres://postgres@127.0.0.1:5432/${name}`;

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A free TCP port on 127.0.0.1 (asked from the OS, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function parseArgs(argv = process.argv.slice(2)) {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) continue;
    const [k, v] = a.slice(2).split('=', 2) as [string, string | undefined];
    if (v !== undefined) values.set(k, v);
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) values.set(k, argv[++i]!);
    else flags.add(k);
  }
  return { flags, values };
}

/** Temp dirs and databases to remove at exit, even on Ctrl-C or the watchdog. */
const tempDirs: string[] = [];
const databases: string[] = [];

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `swapu-bench-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function createBenchDatabase(name = benchDbName()): Promise<string> {
  if (!/^swapu_bench_[0-9a-z_]+$/.test(name)) throw new Error(`refusing database name ${name}`);
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  databases.push(name);
  return benchDbUrl(name);
}

let cleanedUp = false;
const cleanupHooks: Array<() => Promise<void> | void> = [];
/** Registers work to do before the databases are dropped (closing pools, killing children). */
export const onCleanup = (fn: () => Promise<void> | void) => cleanupHooks.push(fn);

export async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const fn of cleanupHooks.reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error('cleanup step failed:', err);
    }
  }
  for (const name of databases) {
    try {
      await adminQuery(`drop database if exists ${name} with (force)`);
    } catch (err) {
      console.error(`could not drop database ${name}:`, err);
    }
  }
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Runs a benchmark's main function bounded in time: cleans up and exits on success, failure,
 * Ctrl-C/SIGTERM or when the watchdog fires.
 */
export function runBench(main: () => Promise<void>, limitMs: number) {
  const finish = async (code: number) => {
    await cleanup();
    process.exit(code);
  };
  const watchdog = setTimeout(() => {
    console.error(`benchmark exceeded its ${Math.round(limitMs / 1000)} s limit: stopping`);
    void finish(2);
  }, limitMs);
  watchdog.unref();
  process.once('SIGINT', () => void finish(130));
  process.once('SIGTERM', () => void finish(143));
  main().then(
    () => finish(Number(process.exitCode ?? 0)),
    (err) => {
      console.error(err);
      return finish(1);
    },
  );
}

/** The first cell of every row printed so far (printTable and noteRows): what `smoke` checks. */
const printedRows: string[] = [];
/** Records row labels printed without printTable (bench:chains prints its own table). */
export const noteRows = (labels: string[]) => printedRows.push(...labels);

/** Prints rows as an aligned plain-text table (first column left-aligned, the rest right-aligned). */
export function printTable(header: string[], rows: Array<Array<string | number>>) {
  noteRows(rows.map((r) => String(r[0] ?? '')));
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

export const fmtRatio = (x: number) => `${x.toFixed(2)}×`;

/** Keeps a database made by createBenchDatabase after the run (bench:search --reuse). */
export function unregisterBenchDatabase(name: string) {
  const i = databases.indexOf(name);
  if (i >= 0) databases.splice(i, 1);
}

/**
 * `--smoke` (decision 0046): tiny sizes and a second or two a phase, to prove the bench still
 * measures something; `npm run bench:smoke` runs every bench so. Its figures mean nothing.
 */
export const SMOKE = process.argv.slice(2).includes('--smoke');

/**
 * The server's environment in a throughput bench: production, quiet, on 127.0.0.1, and no load
 * shedding (0 turns each bound off, lib/load-shedding.ts): a bench measures what the app answers,
 * and a request refused as busy (503) is neither an answer nor a failure of the app. Only
 * bench:overload, which measures the shedding, sets the bounds itself.
 */
export function benchServerEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { NODE_ENV: 'production', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', ...NO_SHEDDING, ...extra };
}

/** Both load-shedding bounds turned off (0), for a server a bench spawns as `npm start` does. */
export const NO_SHEDDING = { OVERLOAD_MAX_IN_FLIGHT: '0', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' } as const;

export interface SmokeChecks {
  /**
   * Rows the output must hold: each the start of a first cell printed by printTable (or noted by
   * noteRows), so a label ending in a count (`post ×50`) is named without its count.
   */
  rows?: string[];
  /** What the bench measured, each of which must be above zero: requests, messages, rows. */
  measured?: Record<string, number>;
  /** What must be zero: errors, timeouts, answers with an unexpected status. */
  failures?: Record<string, number>;
}

/**
 * The checks every bench makes at its end (decision 0046), in every mode: a bench that measured
 * nothing, met an error or lost a row of its table fails (exit code 1) and says why. The figures
 * themselves are never checked: they belong to the machine, not to the code.
 */
export function smoke(bench: string, checks: SmokeChecks): boolean {
  const problems: string[] = [];
  for (const label of checks.rows ?? [])
    if (!printedRows.some((r) => r.startsWith(label))) problems.push(`row missing from the output: "${label}"`);
  for (const [what, n] of Object.entries(checks.measured ?? {}))
    if (!(Number.isFinite(n) && n > 0)) problems.push(`measured nothing: ${what} = ${n}`);
  for (const [what, n] of Object.entries(checks.failures ?? {})) if (n !== 0) problems.push(`${what}: ${n} (should be 0)`);
  if (problems.length) {
    console.error(`\n${bench}: CHECK FAILED${SMOKE ? ' (smoke)' : ''}\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exitCode = 1;
    return false;
  }
  const n = (checks.rows?.length ?? 0) + Object.keys(checks.measured ?? {}).length + Object.keys(checks.failures ?? {}).length;
  console.log(`\n${bench}: ${n} checks passed${SMOKE ? ' (smoke)' : ''}: every row printed, something measured, no errors`);
  return true;
}

/**
 * The chat load's worker (bench/chat-clients.mjs) with `workerData`, ended at cleanup, and `next`:
 * the worker's next message of a type (`connected`, `ran`), for bench:chat and bench:memory.
 */
export function chatClients(workerData: Record<string, unknown>) {
  const worker = new Worker(new URL('./chat-clients.mjs', import.meta.url), { workerData });
  onCleanup(() => void worker.terminate());
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const on = (m: Record<string, unknown>) => {
        if (m.type === type) {
          worker.off('message', on);
          resolve(m);
        }
      };
      worker.on('message', on);
      worker.once('error', reject);
    });
  return { worker, next };
}
