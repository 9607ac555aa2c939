// Checks 6 and 7: an instance goes away under a steady mixed load (load.ts). `kill -9`: once the
// balancer's health checks have taken it out, no request fails, and its members' realtime clients
// reconnect to the other instance and hand on every message sent meanwhile. A rolling restart
// (SIGTERM one instance, start it again, then the other): no request fails at all; each instance
// drains (/api/ready 503 while it still serves), closes its sockets with 1012 and exits 0
// (decision 0041). The instance killed is the one leading the chain finder (lib/leader.ts): the
// other takes the lead and searches (decision 0028).
import { type AppName, type Cluster, sleep, until } from './cluster';
import type { Check } from './checks';
import { type LoadMaterial, loadMaterial, MixedLoad } from './load';
import { HOSTS } from './topology';
import { ring } from './work-setup';

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

/** The instance whose session holds the chain finder's leader lock (pg_locks → its client address), or null. */
export async function chainLeader(cluster: Cluster): Promise<{ holders: AppName[] }> {
  const db = await cluster.db();
  try {
    const rows = await db.query<{ addr: string }>(
      `select host(s.client_addr) as addr from pg_locks l join pg_stat_activity s on s.pid = l.pid
       where l.locktype = 'advisory' and l.granted and s.application_name = 'swapu-leader:swapu:chain-finder'`,
    );
    return { holders: rows.rows.map((r) => (r.addr === HOSTS.app1 ? 'app1' : r.addr === HOSTS.app2 ? 'app2' : (r.addr as AppName))) };
  } finally {
    await db.end();
  }
}

/**
 * The kill scenario, run once for the two checks that read it: under the steady load, the
 * instance leading the chain finder is killed (`kill -9`); the balancer's view, the load's
 * failures, the realtime clients and the chain finder's takeover (who holds the lock, a full search
 * by the survivor, a ring liked after the kill) are recorded; the killed instance starts again.
 */
async function killScenario(cluster: Cluster) {
  const load = new MixedLoad(await materialOnce(cluster));
  await load.start();
  await sleep(3000);
  const before = await chainLeader(cluster);
  const victimName: AppName = before.holders[0] ?? 'app2';
  const survivor: AppName = victimName === 'app1' ? 'app2' : 'app1';
  const killedAt = Date.now();
  cluster.apps[victimName].proc?.kill('SIGKILL');
  // The chain finder's takeover: who holds the lock, polled while the balancer notices.
  let tookOverAt: number | null = null;
  const watchLock = (async () => {
    for (let i = 0; i < 300 && tookOverAt === null; i++) {
      if ((await chainLeader(cluster).catch(() => ({ holders: [] as AppName[] }))).holders.includes(survivor)) tookOverAt = Date.now();
      else await sleep(50);
    }
  })();
  const downAt = await balancerSays(cluster, victimName, 'DOWN', 15_000);
  // A ring liked through the balancer (so by the survivor) after the kill: the new leader must propose it.
  const db = await cluster.db();
  const liked = await ring(db);
  await sleep(6000);
  const messages = await load.stop(db);
  await watchLock;
  const proposed = await until(
    async () =>
      Number((await db.query(`select count(*) as n from swap_chain_members where gives_post_id = any($1)`, [liked.items])).rows[0]?.n) ===
      3,
    30_000,
    250,
  );
  const chains = Number(
    (await db.query(`select count(distinct chain_id) as n from swap_chain_members where gives_post_id = any($1)`, [liked.items])).rows[0]
      ?.n,
  );
  await db.end();
  const fullBySurvivor = cluster.apps[survivor].kept.filter((l) => l.msg === 'swap chain search (full)' && l.at >= killedAt).length;
  const backIn = await restart(cluster, victimName);
  await sleep(1500); // the restarted instance has tried to lead a few times
  const after = await chainLeader(cluster);
  return { load, victimName, survivor, killedAt, downAt, messages, backIn, before, after, tookOverAt, proposed, chains, fullBySurvivor };
}
let scenario: ReturnType<typeof killScenario> | null = null;
const scenarioOnce = (cluster: Cluster) => (scenario ??= killScenario(cluster));

export const killCheck: Check = {
  id: 'kill',
  name: 'kill -9 of an instance under load: once the balancer takes it out no request fails, its clients reconnect and miss nothing',
  async prepare(cluster) {
    await materialOnce(cluster);
  },
  async run(cluster) {
    const { load, victimName, survivor, killedAt, downAt, messages, backIn } = await scenarioOnce(cluster);
    const pinnedThere = load.followers.filter((f) => f.on === victimName);
    const movedOver = pinnedThere.filter((f) => f.landedOn.includes(victimName) && f.servedBy === survivor).length;
    const after = load.failures(downAt ?? Infinity);
    const ok = downAt !== null && after.length === 0 && movedOver === pinnedThere.length && messages.ok;
    return {
      ok,
      figures: [
        `${victimName} killed (SIGKILL) under load; the balancer marked it DOWN ${ms(killedAt, downAt)} later`,
        `before it was out: ${load.summary(load.startedAt, downAt ?? load.stoppedAt)}`,
        `after it was out: ${load.summary(downAt ?? load.stoppedAt, load.stoppedAt)}`,
        `realtime clients that were on ${victimName}: ${movedOver} of ${pinnedThere.length} reconnected to ${survivor} (close codes ${[...new Set(pinnedThere.flatMap((f) => f.closes))].join(', ') || 'none'})`,
        `messages handed on ${messages.handedOn} of ${messages.expected} stored: twice ${messages.twice}, missing ${messages.missing}, out of order ${messages.outOfOrder}`,
        `${victimName} started again and UP in the balancer after ${backIn} s`,
      ],
    };
  },
};

export const chainLeaderCheck: Check = {
  id: 'chain-leader',
  name: 'one chain finder leader at a time, taken over when its instance dies',
  async prepare(cluster) {
    await materialOnce(cluster);
  },
  async run(cluster) {
    const { victimName, survivor, killedAt, before, after, tookOverAt, proposed, chains, fullBySurvivor } = await scenarioOnce(cluster);
    const ok =
      before.holders.length === 1 &&
      before.holders[0] === victimName &&
      tookOverAt !== null &&
      fullBySurvivor > 0 &&
      proposed &&
      chains === 1 &&
      after.holders.length === 1 &&
      after.holders[0] === survivor;
    return {
      ok,
      figures: [
        `before: leader lock held by ${before.holders.join(', ') || 'nobody'}; ${victimName} killed`,
        `${survivor} took the lead ${ms(killedAt, tookOverAt)} after the kill and ran ${fullBySurvivor} full search(es) since`,
        `a ring liked after the kill: ${proposed ? `proposed, ${chains} chain` : 'NOT proposed within 30 s'}`,
        `after ${victimName} started again: lock held by ${after.holders.join(', ') || 'nobody'}`,
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
