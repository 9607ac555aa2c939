import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../apps/server/src/config';
import { type Database, openDatabase, type Tx } from '../../apps/server/src/db/client';
import { startStripeStandIn, type StripeStandIn } from '../../apps/server/src/test/stripe-stand-in';
import { DB_KIND, PG_URL, ROOT, sleep, WEBHOOK_SECRET } from './options';

// What the crash test runs (tests/crash/run.ts): its own database, bundle, SMTP sink and Stripe
// stand-in, and the servers it starts and kills.

// ---------------------------------------------------------------------------------------------
// The run's own database, bundle, SMTP sink and Stripe stand-in

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-crash-'));
export const dbName = `swapu_crash_${process.pid}`;
export const bundleDir = path.join(ROOT, 'apps/server/dist', `crash-${process.pid}`);
let serverLog: fs.WriteStream | null = null;
export let standIn: StripeStandIn | null = null;
let sink: SMTPServer | null = null;

function pgUrlFor(name: string) {
  const u = new URL(PG_URL!);
  u.pathname = `/${name}`;
  return u.toString();
}
export async function adminSql(text: string) {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

export async function cleanup() {
  for (const i of instances) i.child.kill('SIGKILL');
  await shared?.close().catch(() => {});
  serverLog?.end();
  await standIn?.close().catch(() => {});
  await new Promise<void>((r) => (sink ? sink.close(() => r()) : r()));
  if (DB_KIND === 'pg') await adminSql(`drop database if exists ${dbName} with (force)`).catch(() => {});
  fs.rmSync(bundleDir, { recursive: true, force: true });
  if (!process.exitCode) fs.rmSync(work, { recursive: true, force: true });
  else console.log(`server log kept: ${path.join(work, 'server.log')}`);
}

/** Every mail the SMTP sink received: the outbox id from its Message-ID (<id@…>), and when. */
export const delivered: Array<{ id: string; at: number }> = [];
/** When each kill was sent. */
export const killedAt: number[] = [];
export const runStart = Date.now();
/**
 * How long after the SMTP server accepted a mail the sender may die without having recorded it
 * (nodemailer's answer, then the update of sent_at): a mail accepted this close before a kill is
 * sent again after the restart, with the same Message-ID. SMTP has no way to make that exactly
 * once (decision 0045); a repeat without such a kill is a mail sent twice.
 */
export const SEND_WINDOW_MS = 2000;
export function mailRepeats() {
  const byId = new Map<string, number[]>();
  for (const d of delivered) byId.set(d.id, [...(byId.get(d.id) ?? []), d.at]);
  const resentAfterKill: string[] = [];
  const twice: string[] = [];
  for (const [id, times] of byId) {
    if (times.length < 2) continue;
    // Every delivery but the last must have been cut off by a kill within the window.
    const explained = times.slice(0, -1).every((at) => killedAt.some((k) => k >= at && k - at <= SEND_WINDOW_MS));
    (explained ? resentAfterKill : twice).push(id);
  }
  return { resentAfterKill, twice };
}
function startSink(port: number) {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const head = Buffer.concat(chunks)
          .toString('utf8')
          .split(/\r?\n\r?\n/, 1)[0]!
          .replace(/\r?\n[ \t]+/g, ' ');
        const id = /^Message-ID:\s*<([^@>]+)@/im.exec(head)?.[1];
        if (id) delivered.push({ id, at: Date.now() });
        done();
      });
    },
  });
  // A connection the kill cut is no error of the sink's.
  sink.on('error', () => {});
  return new Promise<void>((resolve) => sink!.listen(port, '127.0.0.1', () => resolve()));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The SMTP sink, the Stripe stand-in, the servers' environment and log, and on PostgreSQL the
 * run's own database.
 */
export async function startSideServices() {
  const smtpPort = await freePort();
  await startSink(smtpPort);
  standIn = await startStripeStandIn();
  env = serverEnv(smtpPort, standIn.url);
  serverLog = fs.createWriteStream(path.join(work, 'server.log'));
  if (DB_KIND === 'pg') {
    await adminSql(`drop database if exists ${dbName} with (force)`);
    await adminSql(`create database ${dbName}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The server: start, kill -9, and the database opened in this process between the two

let env: NodeJS.ProcessEnv = {};
function serverEnv(smtpPort: number, stripeBase: string): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // Node's compile cache, written by each server once ready (main.ts): every start but the first
    // reads the compiled server instead of compiling it again (~0.3 s of CPU a start, 50 starts).
    NODE_COMPILE_CACHE: path.join(work, 'compile-cache'),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SHUTDOWN_DRAIN_MS: '0',
    OVERLOAD_MAX_IN_FLIGHT: '0',
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    SIGNUP_LIMIT_PER_HOUR: '10000',
    STRIPE_SECRET_KEY: 'sk_test_crash',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripeBase,
  };
  if (DB_KIND === 'pg') e.DATABASE_URL = pgUrlFor(dbName);
  return e;
}

export interface Instance {
  child: ChildProcess;
  base: string;
  provider: 'local' | 'stripe';
  /** Resolves when /api/ready answers 200 (rejects if the process exits first). */
  ready: Promise<void>;
}
const instances = new Set<Instance>();
export const startTimes: number[] = [];

/**
 * Spawns a server on a port of its own (PUBLIC_URL too); every instance shares the database and
 * DATA_DIR, as instances of one site do (decision 0043).
 */
export async function spawnServer(provider: 'local' | 'stripe'): Promise<Instance> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(bundleDir, 'main.mjs')], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), PUBLIC_URL: base, PAYMENTS_PROVIDER: provider },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(serverLog!, { end: false });
  child.stderr!.pipe(serverLog!, { end: false });
  const ready = (async () => {
    for (let i = 0; i < 1200; i++) {
      if (child.exitCode !== null || child.signalCode)
        throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready`);
      const answer = await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(1000) }).catch(() => null);
      if (answer?.status === 200) {
        startTimes.push(performance.now() - t0);
        return;
      }
      await sleep(25);
    }
    throw new Error('the server was not ready within 30 s');
  })();
  ready.catch(() => {});
  const instance = { child, base, provider, ready };
  instances.add(instance);
  return instance;
}

export async function killServer(instance: Instance, signal: 'SIGKILL' | 'SIGTERM' = 'SIGKILL') {
  instances.delete(instance);
  const { child } = instance;
  if (child.exitCode !== null || child.signalCode) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  if (signal === 'SIGKILL') killedAt.push(Date.now());
  child.kill(signal);
  await exited;
}

/**
 * The database, opened in this process: on PostgreSQL one pool for the whole run (the check may
 * run while the server restarts); PGlite is one process's, so it is opened only while the server
 * is down, and closed again before the server starts.
 */
let shared: Database | null = null;
export async function withDatabase<T>(fn: (db: Tx) => Promise<T>): Promise<T> {
  if (DB_KIND === 'pg') {
    shared ??= await openDatabase({ ...loadConfig({ ...env, LOG_LEVEL: 'silent' }), databasePoolSize: 2 });
    return fn(shared.db);
  }
  const database = await openDatabase(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

/** --patch: this run's bundle changed as the file says (never the sources, never apps/server/dist/main.mjs). */
export function patchBundle(file: string) {
  const main = path.join(bundleDir, 'main.mjs');
  let text = fs.readFileSync(main, 'utf8');
  for (const { from, to } of JSON.parse(fs.readFileSync(file, 'utf8')) as Array<{ from: string; to: string }>) {
    const n = text.split(from).length - 1;
    if (n !== 1) throw new Error(`--patch: ${JSON.stringify(from.slice(0, 80))} matches ${n} times in the bundle, not once`);
    text = text.replace(from, () => to);
  }
  fs.writeFileSync(main, text);
  console.log(`bundle patched as ${file} says`);
}
