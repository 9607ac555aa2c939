// The inner half's guard (inside.ts, bench/cluster-inside.ts): whatever ends the run — its end,
// Ctrl-C or SIGTERM from the outer process, or the outer process gone (killed with -9) — the
// services this process started are stopped once, and then it exits.
import type { Cluster, RunInfo } from './cluster';

/** Installs the guard; returns finish(code), which stops the services and exits. */
export function guardInner(cluster: Cluster, info: RunInfo, tag: string): (code: number) => Promise<void> {
  let stopping = false;
  async function finish(code: number) {
    if (stopping) return;
    stopping = true;
    await cluster.stop().catch((err: unknown) => console.error(`${tag} stopping the services:`, err));
    process.exit(code);
  }
  process.once('SIGINT', () => void finish(130));
  process.once('SIGTERM', () => void finish(143));
  // The outer process killed with -9: stop the services now; the next run removes the namespaces.
  const orphaned = setInterval(() => {
    try {
      process.kill(info.pid, 0);
    } catch {
      clearInterval(orphaned);
      console.error(`${tag} the outer process is gone: stopping`);
      void finish(1);
    }
  }, 1000).unref();
  return finish;
}
