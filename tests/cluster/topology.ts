// The cluster's hosts: one network namespace per host, each with a veth pair whose other end is
// a port of a bridge inside a namespace of its own ("net"), so nothing is added to the machine's
// own network: two runs at once each have their own bridge and the same addresses, and a run that
// dies leaves namespaces that the next run recognises by their dead pid and removes.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Every host of the cluster, with its address on 10.77.0.0/24. */
export const HOSTS = {
  db: '10.77.0.10',
  s3: '10.77.0.11',
  mail: '10.77.0.12',
  app1: '10.77.0.21',
  app2: '10.77.0.22',
  lb: '10.77.0.30',
  client: '10.77.0.100',
} as const;
export type HostName = keyof typeof HOSTS;
export const SUBNET = '10.77.0.0/24';

const PREFIX = 'swapu-cl';
/** The namespace of a host in the run of process `pid`: swapu-cl<pid>-<host>. */
export const nsName = (pid: number, host: HostName | 'net') => `${PREFIX}${pid}-${host}`;

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/** The namespaces on this machine (`ip netns list`: "name" or "name (id: n)"). */
export function listNamespaces(): string[] {
  const out = spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' }).stdout ?? '';
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);
}

/** Builds the run's namespaces: the bridge in "net", and one veth per host to it; loopback up everywhere. */
export function createTopology(pid: number): void {
  const net = nsName(pid, 'net');
  ip('netns', 'add', net);
  ip('-n', net, 'link', 'set', 'lo', 'up');
  ip('-n', net, 'link', 'add', 'br0', 'type', 'bridge');
  ip('-n', net, 'link', 'set', 'br0', 'up');
  for (const [host, address] of Object.entries(HOSTS) as Array<[HostName, string]>) {
    const ns = nsName(pid, host);
    ip('netns', 'add', ns);
    ip('-n', ns, 'link', 'set', 'lo', 'up');
    // Both ends are made inside the namespaces (the host's end is eth0 there): no interface
    // name in the machine's own namespace, so concurrent runs cannot collide.
    ip('-n', net, 'link', 'add', `v-${host}`, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns);
    ip('-n', net, 'link', 'set', `v-${host}`, 'master', 'br0');
    ip('-n', net, 'link', 'set', `v-${host}`, 'up');
    ip('-n', ns, 'addr', 'add', `${address}/24`, 'dev', 'eth0');
    ip('-n', ns, 'link', 'set', 'eth0', 'up');
  }
}

/** The processes running inside a namespace (by pid). */
export function pidsIn(ns: string): number[] {
  const out = spawnSync('ip', ['netns', 'pids', ns], { encoding: 'utf8' }).stdout ?? '';
  return out
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Stops every process left in the run's namespaces (TERM, then KILL after up to 3 s), then
 * deletes the namespaces: deleting a host's namespace destroys its veth end and with it the peer
 * on the bridge; deleting "net" destroys the bridge. Synchronous, so it also runs from an exit handler.
 */
export function destroyTopology(pid: number): string[] {
  const ours = listNamespaces().filter((n) => n.startsWith(`${PREFIX}${pid}-`));
  const left = () => ours.flatMap(pidsIn).filter((p) => p !== process.pid);
  for (const p of left()) {
    try {
      process.kill(p, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  for (let i = 0; i < 30 && left().some(alive); i++) sleepSync(100);
  for (const p of left()) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (let i = 0; i < 20 && left().some(alive); i++) sleepSync(100);
  const failed: string[] = [];
  for (const ns of ours) {
    const r = spawnSync('ip', ['netns', 'del', ns], { encoding: 'utf8' });
    if (r.status !== 0) failed.push(`${ns}: ${r.stderr.trim()}`);
  }
  return failed;
}

/** Namespaces, temp dirs and bundles of earlier runs whose process is gone (a run killed with -9). */
export function removeStale(tmpRoot: string, bundleRoot: string): string[] {
  const removed: string[] = [];
  const runPids = new Set<number>();
  for (const ns of listNamespaces()) {
    const m = new RegExp(`^${PREFIX}(\\d+)-`).exec(ns);
    if (m) runPids.add(Number(m[1]));
  }
  for (const dir of [tmpRoot, bundleRoot]) {
    for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const m = /^swapu-cluster-(\d+)$/.exec(name) ?? /^cluster-(\d+)$/.exec(name);
      if (m) runPids.add(Number(m[1]));
    }
  }
  for (const pid of runPids) {
    if (pid === process.pid || alive(pid)) continue;
    destroyTopology(pid);
    fs.rmSync(`${tmpRoot}/swapu-cluster-${pid}`, { recursive: true, force: true });
    fs.rmSync(`${bundleRoot}/cluster-${pid}`, { recursive: true, force: true });
    removed.push(String(pid));
  }
  return removed;
}
