// CPU per process during a benchmark run (Linux /proc): this Node process, the PostgreSQL
// backends serving the bench's database, and the whole machine, so a run can say where its limit
// is (this process's one core, PostgreSQL, or other work on the machine) instead of guessing.
import fs from 'node:fs';
import os from 'node:os';

/** Clock ticks per second of /proc's CPU counters (USER_HZ: 100 on every Linux we run). */
const TICKS = 100;

/** utime + stime of a process, in seconds; null when it is gone (or /proc is unreadable). */
function processSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state (field 3).
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) / TICKS;
  } catch {
    return null;
  }
}

/** Busy and total CPU seconds of the whole machine, summed over its cores. */
function machineSeconds(): { busy: number; total: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (v[3] ?? 0) + (v[4] ?? 0); // idle + iowait
    const total = v.slice(0, 8).reduce((a, b) => a + b, 0); // user … steal (guest is inside user)
    return { busy: (total - idle) / TICKS, total: total / TICKS };
  } catch {
    return null;
  }
}

export interface CpuUse {
  seconds: number;
  /** Cores this process (or group) kept busy on average: 1.00 is one core. */
  node: number;
  /** PostgreSQL backends of the bench database (sampled; a short-lived parallel worker is counted under other). */
  postgres: number | null;
  /** The whole machine, every core. */
  machine: number | null;
  /** The machine minus this process and the sampled backends: other work sharing the cores. */
  other: number | null;
  cores: number;
}

/**
 * Starts measuring. `backendPids` lists the PostgreSQL backends to follow (asked again every
 * `everyMs`, as a pool opens connections); their CPU is sampled so a backend that closes during
 * the run keeps what it used up to its last sample.
 */
export function cpuMeter(backendPids: () => Promise<number[]>, everyMs = 200) {
  const t0 = process.hrtime.bigint();
  const node0 = process.cpuUsage();
  const machine0 = machineSeconds();
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let readable = fs.existsSync('/proc/self/stat');
  const sample = async () => {
    if (!readable) return;
    let pids: number[];
    try {
      pids = await backendPids();
    } catch {
      return;
    }
    for (const pid of pids) {
      const s = processSeconds(pid);
      if (s === null) continue;
      // A backend first seen now began during the run unless it was seen at the start.
      if (!first.has(pid)) first.set(pid, started ? 0 : s);
      last.set(pid, s);
    }
  };
  let started = false;
  const ready = sample().then(() => {
    started = true;
  });
  const timer = setInterval(() => void sample(), everyMs);
  timer.unref();
  return {
    ready,
    async stop(): Promise<CpuUse> {
      clearInterval(timer);
      await sample();
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      const n = process.cpuUsage(node0);
      const node = (n.user + n.system) / 1e6 / seconds;
      let pgSeconds = 0;
      for (const [pid, s] of last) pgSeconds += s - (first.get(pid) ?? 0);
      const postgres = readable ? pgSeconds / seconds : null;
      const m1 = machineSeconds();
      const machine = machine0 && m1 ? (m1.busy - machine0.busy) / seconds : null;
      readable = false;
      return {
        seconds,
        node,
        postgres,
        machine,
        other: machine !== null && postgres !== null ? Math.max(0, machine - node - postgres) : null,
        cores: os.availableParallelism(),
      };
    },
  };
}

/** "0.93" cores as a percentage of one core ("93%"). */
export const pctCore = (x: number | null) => (x === null ? '-' : `${Math.round(x * 100)}%`);
