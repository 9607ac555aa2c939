// CPU seconds per step of `npm test` (decision 0047): on a two-core machine every stage is
// CPU-bound, so a step's wall time says little about its cost beside others; its CPU does. Each
// step runs in a cgroup of its own (cgroup v1 cpuacct or v2), which counts every process it starts,
// Chromium's and the journey servers' included, but not the PostgreSQL server's backends (started
// by the machine, not by the step). Where the machine gives no writable cgroup (not root, a
// container without one) the steps run as before and only the wall time is printed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const V1 = '/sys/fs/cgroup/cpuacct';
const V2 = '/sys/fs/cgroup';

/** Removes what an interrupted run left (Ctrl-C ends the runner before its exit handler). */
function sweepStale(dir) {
  let entries = [];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    const pid = /^swapu-test-(\d+)$/.exec(entry)?.[1];
    if (!pid || fs.existsSync(`/proc/${pid}`)) continue;
    const base = path.join(dir, entry);
    try {
      for (const step of fs.readdirSync(base, { withFileTypes: true })) if (step.isDirectory()) fs.rmdirSync(path.join(base, step.name));
      fs.rmdirSync(base);
    } catch {
      /* a process is still in it */
    }
  }
}

function root() {
  const tries = [
    { dir: V1, usage: (d) => Number(fs.readFileSync(path.join(d, 'cpuacct.usage'), 'utf8')) / 1e9 },
    {
      dir: V2,
      usage: (d) => Number(/usage_usec (\d+)/.exec(fs.readFileSync(path.join(d, 'cpu.stat'), 'utf8'))?.[1] ?? NaN) / 1e6,
    },
  ];
  for (const t of tries) {
    sweepStale(t.dir);
    const base = path.join(t.dir, `swapu-test-${process.pid}`);
    try {
      fs.mkdirSync(base);
      const probe = path.join(base, 'probe');
      fs.mkdirSync(probe);
      // A process must be able to move itself in (a container may let us make a cgroup, not use it).
      const moved = spawnSync('sh', ['-c', 'echo $$ > "$0/cgroup.procs"', probe]).status === 0;
      const ok = moved && Number.isFinite(t.usage(probe));
      fs.rmdirSync(probe);
      if (ok) return { base, usage: t.usage };
      fs.rmdirSync(base);
    } catch {
      try {
        fs.rmdirSync(base);
      } catch {
        /* not made */
      }
    }
  }
  return null;
}

const cg = process.platform === 'linux' ? root() : null;
const made = [];

/**
 * The command and arguments that start `cmd args` inside a fresh cgroup for `name` (the shell moves
 * itself there before it execs the command, so no child escapes the count), and a function that
 * reads the cgroup's CPU seconds so far; without cgroups, the command as it was and `null`.
 */
export function inCgroup(name, cmd, args) {
  if (!cg) return { cmd, args, cpu: () => null };
  const dir = path.join(cg.base, name.replace(/[^\w.-]+/g, '_').slice(0, 60) + `-${made.length}`);
  fs.mkdirSync(dir);
  made.push(dir);
  return {
    cmd: 'sh',
    // Were the move refused after all, the step still runs (its CPU then reads as the cgroup's 0).
    args: ['-c', 'echo $$ > "$0/cgroup.procs" 2>/dev/null; exec "$@"', dir, cmd, ...args],
    cpu: () => {
      try {
        return cg.usage(dir);
      } catch {
        return null;
      }
    },
  };
}

/** The machine's busy CPU seconds since boot (every process, PostgreSQL's included), from /proc/stat. */
export function machineBusy() {
  try {
    const [, ...f] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = f[3] + (f[4] ?? 0);
    return (f.reduce((a, b) => a + b, 0) - idle) / 100;
  } catch {
    return null;
  }
}

/** Removes the cgroups once their processes are gone (a cgroup with a process left stays). */
export function cleanCgroups() {
  for (const dir of [...made, cg?.base].filter(Boolean)) {
    try {
      fs.rmdirSync(dir);
    } catch {
      /* a process is still in it, or it is gone */
    }
  }
}
