// Checks 6 and 7: an instance goes away under a steady mixed load (load.ts). `kill -9`: once the
// balancer's health checks have taken it out, no request fails, and its members' realtime clients
// reconnect to the other instance and hand on every message sent meanwhile. A rolling restart
// (SIGTERM one instance, start it again, then the other): no request fails at all; each instance
// drains (/api/ready 503 while it still serves), closes its sockets with 1012 and exits 0
// (decision 0041).
import { type AppName, type Cluster, sleep, until } from './cluster';
import type { Check } from './checks';
import { type LoadMaterial, loadMaterial, MixedLoad } from './load';

let material: LoadMaterial | null = null;
const materialOnce = async (cluster: Cluster) => (material ??= await loadMaterial(cluster));

/** Polls the balancer until `app` is in `state` (UP or DOWN); the time it was seen so, or null. */
async function balancerSays(cluster: Cluster, app: AppName, state: 'UP' | 'DOWN', limitMs: number): Promise<number | null> {
  let at: number | null = null;
  await until(
    async () => {
      const s = (await cluster.balancerStates().catch(() => ({}) as Record<string, string>))[app];
      if (s === state) at = Date.now();
      return at !== null;
    },
    limitMs,
    50,
  );
  return at;
}

/** Starts `app` again and waits until it answers /api/ready and the balancer has it UP; seconds taken. */
async function restart(cluster: Cluster, app: AppName) {
  const t = Date.now();
  cluster.apps[app].start();
  await cluster.apps[app].waitReady(90_000);
  const up = await balancerSays(cluster, app, 'UP', 30_000);
  if (up === null) throw new Error(`the balancer did not take ${app} back within 30 s`);
  return ((up - t) / 1000).toFixed(1);
}

const ms = (from: number, to: number | null) => (to === null ? 'never' : `${to - from} ms`);

export const killCheck: Check = {
  id: 'kill',
  name: 'kill -9 of an instance under load: once the balancer takes it out no request fails, its clients reconnect and miss nothing',
  async prepare(cluster) {
    await materialOnce(cluster);
  },
  async run(cluster) {
    const load = new MixedLoad(await materialOnce(cluster));
    await load.start();
    await sleep(3000);
    const victim = cluster.apps.app2;
    const killedAt = Date.now();
    victim.proc?.kill('SIGKILL');
    const downAt = await balancerSays(cluster, 'app2', 'DOWN', 15_000);
    await sleep(6000);
    const db = await cluster.db();
    const messages = await load.stop(db).finally(() => db.end());
    const pinnedThere = load.followers.filter((f) => f.on === 'app2');
    const movedOver = pinnedThere.filter((f) => f.landedOn.includes('app2') && f.servedBy === 'app1').length;
    const after = load.failures(downAt ?? Infinity);
    const backIn = await restart(cluster, 'app2');
    const ok = downAt !== null && after.length === 0 && movedOver === pinnedThere.length && messages.ok;
    return {
      ok,
      figures: [
        `app2 killed (SIGKILL) under load; the balancer marked it DOWN ${ms(killedAt, downAt)} later`,
        `before it was out: ${load.summary(load.startedAt, downAt ?? load.stoppedAt)}`,
        `after it was out: ${load.summary(downAt ?? load.stoppedAt, load.stoppedAt)}`,
        `realtime clients that were on app2: ${movedOver} of ${pinnedThere.length} reconnected to app1 (close codes ${[...new Set(pinnedThere.flatMap((f) => f.closes))].join(', ') || 'none'})`,
        `messages handed on ${messages.handedOn} of ${messages.expected} stored: twice ${messages.twice}, missing ${messages.missing}, out of order ${messages.outOfOrder}`,
        `app2 started again and UP in the balancer after ${backIn} s`,
      ],
    };
  },
};

export const rollingCheck: Check = {
  id: 'rolling',
  name: 'a rolling restart under load (SIGTERM, start, then the other) fails no request',
  async prepare(cluster) {
    await materialOnce(cluster);
  },
  async run(cluster) {
    const load = new MixedLoad(await materialOnce(cluster));
    await load.start();
    await sleep(3000);
    const steps: string[] = [];
    let exitsOk = true;
    for (const app of ['app1', 'app2'] as const) {
      const inst = cluster.apps[app];
      const t = Date.now();
      const down = balancerSays(cluster, app, 'DOWN', 30_000);
      const stopped = await inst.stop('SIGTERM', 40_000);
      const exit = inst.exits.at(-1);
      exitsOk &&= stopped && exit?.code === 0;
      const downAt = await down;
      const backIn = await restart(cluster, app);
      steps.push(
        `${app}: SIGTERM → out of the balancer ${ms(t, downAt)} later, exited ${exit ? `${exit.code ?? exit.signal} after ${exit.at - t} ms` : 'NOT within 40 s'}; started again and UP after ${backIn} s`,
      );
    }
    await sleep(3000);
    const db = await cluster.db();
    const messages = await load.stop(db).finally(() => db.end());
    const restarts = load.followers.filter((f) => f.closes.includes(1012)).length;
    const failed = load.failures();
    const ok = exitsOk && failed.length === 0 && messages.ok && restarts === load.followers.length;
    return {
      ok,
      figures: [
        ...steps,
        `load: ${load.summary()}`,
        `realtime clients closed with 1012 (restart) and reconnected: ${restarts} of ${load.followers.length}`,
        `messages handed on ${messages.handedOn} of ${messages.expected} stored: twice ${messages.twice}, missing ${messages.missing}, out of order ${messages.outOfOrder}`,
      ],
    };
  },
};
