// What the cluster test needs from the machine, asked before anything is built: root (network
// namespaces), iproute2's `ip` with netns support, HAProxy, PostgreSQL's server binaries and a
// non-root account to run them as (initdb refuses root). Plain JavaScript: scripts/test.mjs asks
// it too, to say plainly why the stage did not run (and to fail instead on CI).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The newest PostgreSQL server binaries installed the Debian way (/usr/lib/postgresql/<major>/bin). */
export function postgresBin() {
  if (process.env.CLUSTER_PG_BIN) return process.env.CLUSTER_PG_BIN;
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((d) => /^\d+$/.test(d) && fs.existsSync(path.join(root, d, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return majors.length ? path.join(root, majors[0], 'bin') : null;
}

const found = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).status === 0;

/** The account PostgreSQL runs as: Debian's `postgres` (its uid and gid), or null. */
export function postgresUser() {
  const r = spawnSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  const [, , uid, gid] = r.stdout.trim().split(':');
  return { name: 'postgres', uid: Number(uid), gid: Number(gid) };
}

/** The reasons the cluster test cannot run on this machine; empty when it can. */
export function clusterPreflight() {
  const missing = [];
  if (process.platform !== 'linux') missing.push(`network namespaces need Linux (this is ${process.platform})`);
  if (process.getuid?.() !== 0) missing.push('it must run as root (it creates network namespaces with `ip netns`)');
  if (!found('ip')) missing.push('`ip` (iproute2) is not installed');
  else if (spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' }).status !== 0) missing.push('`ip netns` does not work here');
  if (!found('haproxy')) missing.push('HAProxy is not installed (apt-get install -y haproxy)');
  if (!postgresBin()) missing.push('PostgreSQL server binaries are not installed (/usr/lib/postgresql/<major>/bin/initdb)');
  if (!found('runuser')) missing.push('`runuser` (util-linux) is not installed');
  if (!postgresUser()) missing.push('there is no `postgres` account to run PostgreSQL as (apt-get install -y postgresql creates it)');
  return missing;
}
