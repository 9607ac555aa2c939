import net from 'node:net';
import path from 'node:path';
import { HOSTS } from './topology';

// The cluster's addresses, ports and small helpers, shared by cluster.ts, instance.ts and the checks
// (through cluster.ts).

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** What the outer process hands the inner one (run.ts → inside.ts). */
export interface RunInfo {
  pid: number;
  dir: string;
  bundleDir: string;
  pgBin: string;
  pgUser: { name: string; uid: number; gid: number };
}

export const APP_PORT = 3000;
export const LB_PORT = 80;
export const S3_PORT = 4568;
export const SMTP_PORT = 2525;
export const BUCKET = 'swapu-cluster';
export const LB_URL = `http://${HOSTS.lb}:${LB_PORT}`;
export const appUrl = (name: AppName) => `http://${HOSTS[name]}:${APP_PORT}`;
export type AppName = 'app1' | 'app2';
export const APPS: AppName[] = ['app1', 'app2'];
export const DATABASE_URL = `postgres://postgres@${HOSTS.db}:5432/swapu`;

/** Waits for `ok()` to turn true, polling every `everyMs`, at most `limitMs`; false if it never did. */
export async function until(ok: () => boolean | Promise<boolean>, limitMs: number, everyMs = 50): Promise<boolean> {
  const end = Date.now() + limitMs;
  for (let i = 0; i < Math.ceil(limitMs / everyMs) + 1; i++) {
    if (await ok()) return true;
    if (Date.now() >= end) break;
    await sleep(everyMs);
  }
  return false;
}

export function tcpOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 1000 });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}
