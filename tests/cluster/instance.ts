import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Cluster } from './cluster';
import { type AppName, appUrl, ROOT, sleep, until } from './cluster-common';
import { nsName } from './topology';

/** One line of an instance's log (pino JSON), as far as the checks read it. */
export interface LogLine {
  at: number;
  msg?: string;
  level?: number;
  [k: string]: unknown;
}

/** A SwapU instance: its process (restartable), its log and the lines the checks look for. */
export class Instance {
  proc: ChildProcess | null = null;
  /** Lines whose message a check asked to keep (every line goes to the log file). */
  readonly kept: Array<LogLine & { instance: AppName }> = [];
  starts = 0;
  /** When it last answered /api/ready after a start (its periodic work counts from about then). */
  readyAt = 0;
  exits: Array<{ code: number | null; signal: NodeJS.Signals | null; at: number }> = [];
  constructor(
    readonly name: AppName,
    private readonly cluster: Cluster,
  ) {}

  get url() {
    return appUrl(this.name);
  }

  start() {
    const c = this.cluster;
    const log = fs.createWriteStream(path.join(c.logDir, `${this.name}.log`), { flags: 'a' });
    const proc = spawn('ip', ['netns', 'exec', nsName(c.info.pid, this.name), process.execPath, path.join(c.info.bundleDir, 'main.mjs')], {
      cwd: ROOT,
      env: { ...c.baseEnv(), ...c.appEnv(this.name) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.starts++;
    this.proc = proc;
    let rest = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      log.write(chunk);
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        let parsed: LogLine;
        try {
          parsed = JSON.parse(line) as LogLine;
        } catch {
          continue;
        }
        if (parsed.msg && c.keepMessages.some((k) => parsed.msg!.startsWith(k)))
          this.kept.push({ ...parsed, at: Date.now(), instance: this.name });
      }
    });
    proc.stderr!.on('data', (chunk: Buffer) => log.write(chunk));
    proc.on('exit', (code, signal) => {
      this.exits.push({ code, signal, at: Date.now() });
      if (this.proc === proc) this.proc = null;
      log.end();
    });
    return proc;
  }

  /** Answers 200 on /api/ready (asked directly, not through the balancer). */
  async ready(): Promise<boolean> {
    try {
      const res = await fetch(`${this.url}/api/ready`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return res.status === 200;
    } catch {
      return false;
    }
  }

  async waitReady(limitMs = 90_000): Promise<void> {
    const ok = await until(
      async () => {
        if (!this.proc)
          throw new Error(
            `${this.name} exited before it was ready (${JSON.stringify(this.exits.at(-1))}): see ${this.cluster.logDir}/${this.name}.log`,
          );
        return this.ready();
      },
      limitMs,
      250,
    );
    if (!ok) throw new Error(`${this.name} was not ready within ${limitMs / 1000} s: see ${this.cluster.logDir}/${this.name}.log`);
    this.readyAt = Date.now();
  }

  /** Sends a signal; resolves once the process has exited (or after `limitMs`). */
  async stop(signal: NodeJS.Signals, limitMs = 15_000): Promise<boolean> {
    const proc = this.proc;
    if (!proc) return true;
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.kill(signal);
    return Promise.race([exited.then(() => true), sleep(limitMs).then(() => false)]);
  }

  keptSince(msg: string, since: number) {
    return this.kept.filter((l) => l.msg?.startsWith(msg) && l.at >= since);
  }
}
