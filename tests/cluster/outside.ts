// The outer half of a run on the cluster's hosts (npm run test:cluster, npm run bench:cluster):
// checks the machine, bundles the server, builds the namespaces and runs a script in the "client"
// host, which starts the services and does the work. Whatever happens (a failure, an exception,
// Ctrl-C, the time limit), it then kills every process left in the run's namespaces, deletes them
// and removes the run's files.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server.mjs';
import { clusterPreflight, postgresBin, postgresUser } from './preflight.mjs';
import { createTopology, destroyTopology, nsName, removeStale } from './topology';
import type { RunInfo } from './cluster';
import { removalIn } from './without';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface OutsideOptions {
  /** The prefix of every line: "[cluster]", "[bench:cluster]". */
  tag: string;
  /** The script run inside the client host (with tsx), given the RunInfo as JSON and then `args`. */
  inner: string;
  args: string[];
  /** The whole run, setup and teardown included, stops here whatever happens. */
  limitMs: number;
  /** Where the services' logs are copied (under the repository) when the run fails or `keepLogs`. */
  logsOut: string;
  keepLogs: boolean;
  /** The last line's word for a zero exit ("passed", "done"). */
  okWord: string;
}

/** Runs `inner` on a fresh cluster and exits with its code (never returns). */
export async function runOutside(o: OutsideOptions): Promise<never> {
  const { tag } = o;
  const missing = clusterPreflight();
  if (missing.length) {
    console.error(`${tag} did not run: ${missing.join('; ')}.`);
    process.exit(1);
  }

  const started = Date.now();
  const pid = process.pid;
  const bundleRoot = path.join(ROOT, 'apps/server/dist');
  const stale = removeStale(os.tmpdir(), bundleRoot);
  if (stale.length) console.log(`${tag} removed what runs ${stale.join(', ')} left behind (their process is gone)`);

  const dir = path.join(os.tmpdir(), `swapu-cluster-${pid}`);
  const bundleDir = path.join(bundleRoot, `cluster-${pid}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  fs.chmodSync(dir, 0o755);

  let cleaned = false;
  /** Synchronous, so it runs from 'exit' too: processes, namespaces, files. */
  function cleanup(failed: boolean) {
    if (cleaned) return;
    cleaned = true;
    const problems = destroyTopology(pid);
    if (problems.length) console.error(`${tag} could not delete: ${problems.join('; ')}`);
    if (failed || o.keepLogs) {
      // The logs outlive the run's directory (CI keeps test-results/).
      const out = path.join(ROOT, o.logsOut);
      fs.rmSync(out, { recursive: true, force: true });
      if (fs.existsSync(path.join(dir, 'logs'))) fs.cpSync(path.join(dir, 'logs'), out, { recursive: true });
      console.log(`${tag} logs: ${path.relative(ROOT, out)}/`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(bundleDir, { recursive: true, force: true });
  }
  process.on('exit', (code) => cleanup(code !== 0));

  let child: ReturnType<typeof spawn> | null = null;
  const stop = (signal: NodeJS.Signals, code: number) => {
    console.error(`\n${tag} ${signal}: stopping the cluster`);
    child?.kill(signal);
    // The inner process stops its services; whatever is left is killed by cleanup().
    setTimeout(() => process.exit(code), 5000).unref();
    child?.once('exit', () => process.exit(code));
    if (!child) process.exit(code);
  };
  process.once('SIGINT', () => stop('SIGINT', 130));
  process.once('SIGTERM', () => stop('SIGTERM', 143));
  setTimeout(() => {
    console.error(`${tag} FAIL: the run took more than ${o.limitMs / 60_000} minutes: stopping`);
    stop('SIGTERM', 1);
  }, o.limitMs).unref();

  try {
    // The server as `npm start` runs it (one bundled module), from the sources as they are now,
    // in a folder of this run's own (a concurrent `npm start` may rebuild apps/server/dist).
    // `--without` a mechanism that is code: its source edited in this bundle only (without.ts).
    await buildServer(bundleDir, { patches: removalIn(o.args)?.patches ?? [] });
    createTopology(pid);
  } catch (err) {
    console.error(`${tag} FAIL: could not set the cluster up:`, err);
    process.exit(1);
  }
  console.log(`${tag} hosts ready in ${((Date.now() - started) / 1000).toFixed(1)} s (namespaces ${nsName(pid, 'net')}, …)`);

  const info: RunInfo = { pid, dir, bundleDir, pgBin: postgresBin()!, pgUser: postgresUser()! };
  child = spawn(
    'ip',
    ['netns', 'exec', nsName(pid, 'client'), process.execPath, '--import', 'tsx', o.inner, JSON.stringify(info), ...o.args],
    { cwd: ROOT, stdio: 'inherit' },
  );
  const code: number = await new Promise((resolve) => child!.once('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
  console.log(`${tag} ${code === 0 ? o.okWord : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(code);
}
