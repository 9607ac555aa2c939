// The cluster's services, each started inside its host's network namespace (`ip netns exec`):
// PostgreSQL (its own cluster from the machine's binaries), the S3-compatible server, an SMTP
// sink, two SwapU instances (the bundled server, as `npm start` runs it) and HAProxy in front.
// Runs inside the "client" namespace: everything it talks to is a namespace address.
// The addresses and helpers are in cluster-common.ts, an instance in instance.ts, HAProxy's
// configuration in haproxy.ts; all are exported from here too.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  type AppName,
  APPS,
  BUCKET,
  DATABASE_URL,
  LB_URL,
  ROOT,
  type RunInfo,
  S3_PORT,
  SMTP_PORT,
  APP_PORT,
  tcpOpen,
  until,
} from './cluster-common';
import { haproxyCommand, haproxyConfig } from './haproxy';
import { Instance } from './instance';
import { HOSTS, nsName, SUBNET, type HostName } from './topology';

export {
  APP_PORT,
  type AppName,
  APPS,
  appUrl,
  BUCKET,
  DATABASE_URL,
  LB_PORT,
  LB_URL,
  ROOT,
  type RunInfo,
  sleep,
  until,
} from './cluster-common';
export { Instance, type LogLine } from './instance';

export class Cluster {
  readonly logDir: string;
  readonly secrets = { jwt: randomBytes(36).toString('base64url'), key: randomBytes(36).toString('base64url') };
  readonly apps: Record<AppName, Instance>;
  /** Log messages (prefixes) the instances keep in memory for the checks. */
  readonly keepMessages: string[] = [
    'swap chain search (full)',
    'swap chains proposed',
    'offers expired',
    'campaign mails queued',
    'Swap Assist weekly emails queued',
  ];
  /** Mails the SMTP sink received. */
  readonly mails: Array<{ at: number; to: string[]; subject: string | null; messageId: string | null }> = [];
  /** Added to (or overriding) every instance's environment: bench:cluster turns load shedding and request logs off. */
  readonly appEnvExtra: Record<string, string> = {};
  private readonly procs: ChildProcess[] = [];
  private pgStarted = false;
  /** Environment variables for the S3 adapter, as the instances get them. */
  readonly storageEnv: Record<string, string> = {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://${HOSTS.s3}:${S3_PORT}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };

  constructor(readonly info: RunInfo) {
    this.logDir = path.join(info.dir, 'logs');
    fs.mkdirSync(this.logDir, { recursive: true });
    this.apps = { app1: new Instance('app1', this), app2: new Instance('app2', this) };
  }

  /** The environment every child starts from: this process's, without anything that would change the servers' behaviour. */
  baseEnv(): NodeJS.ProcessEnv {
    const env = { ...process.env };
    for (const k of Object.keys(env)) {
      if (/^(DATABASE_|TEST_DATABASE_URL|PUBLIC_URL|HOST$|PORT$|DATA_DIR|SWAPU_|S3_|STORAGE_|SMTP_|E2E_|TEST_DB)/.test(k)) delete env[k];
    }
    return env;
  }

  /** An instance's configuration: the same secrets, database, bucket and balancer for both. */
  appEnv(name: AppName): Record<string, string> {
    return {
      NODE_ENV: 'production',
      PORT: String(APP_PORT),
      HOST: '0.0.0.0',
      PUBLIC_URL: LB_URL,
      TRUST_PROXY: HOSTS.lb,
      DATA_DIR: path.join(this.info.dir, `${name}-data`),
      DATABASE_URL,
      JWT_SECRET: this.secrets.jwt,
      ENCRYPTION_KEY: this.secrets.key,
      // A staging site: the local payment provider and courier simulator, said on every page.
      TEST_MODE: 'true',
      SMTP_URL: `smtp://${HOSTS.mail}:${SMTP_PORT}`,
      LOG_LEVEL: 'info',
      // Every account of the test signs up from the client host's one address.
      SIGNUP_LIMIT_PER_HOUR: '5000',
      // Parcels move one tracking step every 2 s (the local courier simulator).
      DELIVERY_SIM_STEP_SECONDS: '2',
      ...this.storageEnv,
      ...this.appEnvExtra,
    };
  }

  private spawnIn(host: HostName, cmd: string, args: string[], logName: string, opts: { env?: NodeJS.ProcessEnv; stdin?: 'pipe' } = {}) {
    const log = fs.createWriteStream(path.join(this.logDir, `${logName}.log`), { flags: 'a' });
    const proc = spawn('ip', ['netns', 'exec', nsName(this.info.pid, host), cmd, ...args], {
      cwd: ROOT,
      env: opts.env ?? this.baseEnv(),
      stdio: [opts.stdin ?? 'ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.pipe(log, { end: false });
    proc.stderr!.pipe(log, { end: false });
    this.procs.push(proc);
    return proc;
  }

  /** PostgreSQL: initdb into the run's directory as the postgres account, listening on the db host only. */
  async startDatabase() {
    const { pgBin, pgUser, dir } = this.info;
    const data = path.join(dir, 'pg');
    const sock = path.join(dir, 'pg-socket');
    for (const d of [data, sock]) {
      fs.mkdirSync(d, { recursive: true });
      fs.chownSync(d, pgUser.uid, pgUser.gid);
    }
    fs.chmodSync(data, 0o700);
    // pg_ctl writes the server's log as the postgres account.
    const dbLog = path.join(this.logDir, 'db.log');
    fs.writeFileSync(dbLog, '');
    fs.chownSync(dbLog, pgUser.uid, pgUser.gid);
    const as = (args: string[]) => ['-u', pgUser.name, '--', ...args];
    execFileSync('runuser', as([path.join(pgBin, 'initdb'), '-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']), {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    fs.appendFileSync(path.join(data, 'pg_hba.conf'), `\n# the cluster's hosts\nhost all all ${SUBNET} trust\n`);
    const options = [
      `-c listen_addresses=${HOSTS.db}`,
      `-c unix_socket_directories=${sock}`,
      '-c max_connections=200',
      // A throwaway cluster: durability is not what is tested here.
      '-c fsync=off',
      '-c full_page_writes=off',
    ].join(' ');
    execFileSync(
      'ip',
      [
        'netns',
        'exec',
        nsName(this.info.pid, 'db'),
        'runuser',
        ...as([path.join(pgBin, 'pg_ctl'), '-D', data, '-l', dbLog, '-w', '-t', '60', '-o', options, 'start']),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    this.pgStarted = true;
    const admin = new pg.Client({ connectionString: `postgres://postgres@${HOSTS.db}:5432/postgres` });
    await admin.connect();
    await admin.query('create database swapu');
    await admin.end();
  }

  async stopDatabase() {
    if (!this.pgStarted) return;
    this.pgStarted = false;
    const { pgBin, pgUser, dir } = this.info;
    try {
      execFileSync(
        'runuser',
        ['-u', pgUser.name, '--', path.join(pgBin, 'pg_ctl'), '-D', path.join(dir, 'pg'), '-m', 'immediate', '-w', 'stop'],
        {
          stdio: 'ignore',
        },
      );
    } catch {
      // the namespace teardown kills what is left
    }
  }

  /** s3rver on the s3 host (scripts/s3-server.mjs, as the storage tests start it), with the bucket made at start. */
  async startS3() {
    const store = path.join(this.info.dir, 's3');
    fs.mkdirSync(store, { recursive: true });
    const script = path.join(ROOT, 'scripts/s3-server.mjs');
    const args = [
      '--openssl-legacy-provider',
      script,
      '--dir',
      store,
      '--address',
      HOSTS.s3,
      '--port',
      String(S3_PORT),
      '--bucket',
      BUCKET,
    ];
    // Its standard input stays open: the server stops when it closes (when this process is gone).
    this.spawnIn('s3', process.execPath, args, 's3', { stdin: 'pipe' });
    if (!(await until(() => tcpOpen(HOSTS.s3, S3_PORT), 30_000, 100))) throw new Error('s3rver did not start: see logs/s3.log');
  }

  /** The SMTP sink on the mail host; every message it receives is kept in `mails`. */
  async startMail() {
    const proc = this.spawnIn(
      'mail',
      process.execPath,
      [path.join(import.meta.dirname, 'mail-sink.mjs'), HOSTS.mail, String(SMTP_PORT)],
      'mail',
    );
    let rest = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        try {
          const m = JSON.parse(line) as { to?: string[]; subject?: string; messageId?: string; at: number };
          if (m.to) this.mails.push({ at: m.at, to: m.to, subject: m.subject ?? null, messageId: m.messageId ?? null });
        } catch {
          // not a mail line
        }
      }
    });
    if (!(await until(() => tcpOpen(HOSTS.mail, SMTP_PORT), 30_000, 100)))
      throw new Error('the mail sink did not start: see logs/mail.log');
  }

  /** HAProxy on the lb host: round robin, no stickiness, health checks on /api/ready every second. */
  async startBalancer() {
    const cfg = path.join(this.info.dir, 'haproxy.cfg');
    fs.writeFileSync(cfg, haproxyConfig(this.statsSocket));
    this.spawnIn('lb', 'haproxy', ['-f', cfg, '-db'], 'lb');
    const up = await until(
      async () => {
        const states = await this.balancerStates().catch(() => ({}) as Record<string, string>);
        return APPS.every((a) => states[a] === 'UP');
      },
      30_000,
      200,
    );
    if (!up) throw new Error(`HAProxy did not see both instances UP: ${JSON.stringify(await this.balancerStates().catch(() => null))}`);
  }

  get statsSocket() {
    return path.join(this.info.dir, 'haproxy.sock');
  }

  /** What the balancer thinks of each instance (HAProxy's stats socket: UP, DOWN, MAINT, …). */
  async balancerStates(): Promise<Record<string, string>> {
    const stats = await this.balancerStats();
    return Object.fromEntries(Object.entries(stats).map(([a, s]) => [a, s.status ?? '']));
  }

  /** HAProxy's statistics of each instance ("show stat": status, stot, hrsp_2xx, …), by column name. */
  async balancerStats(): Promise<Record<string, Record<string, string>>> {
    const csv = await haproxyCommand(this.statsSocket, 'show stat');
    const lines = csv.split('\n');
    const names = (lines[0] ?? '').replace(/^# /, '').split(',');
    const out: Record<string, Record<string, string>> = {};
    for (const line of lines.slice(1)) {
      const f = line.split(',');
      if (f[0] === 'apps' && f[1] && f[1] !== 'BACKEND' && f[1] !== 'FRONTEND')
        out[f[1]] = Object.fromEntries(names.map((n, i) => [n, f[i] ?? '']));
    }
    return out;
  }

  /** Takes an instance out of the balancer (maintenance: it stays up, gets no requests) or puts it back. */
  async setBalanced(app: AppName, on: boolean) {
    await haproxyCommand(this.statsSocket, `${on ? 'enable' : 'disable'} server apps/${app}`);
  }

  /** Both instances started together (their first start runs the migrations at the same moment). */
  async startApps() {
    for (const a of APPS) this.apps[a].start();
    await Promise.all(APPS.map((a) => this.apps[a].waitReady()));
  }

  /** Stops everything this process started (the outer process kills whatever is left in the namespaces). */
  async stop() {
    await Promise.all(APPS.map((a) => this.apps[a].stop('SIGTERM', 5000)));
    for (const a of APPS) this.apps[a].proc?.kill('SIGKILL');
    for (const p of this.procs) if (p.exitCode === null) p.kill('SIGTERM');
    await this.stopDatabase();
  }

  /** A client on the cluster's database (the operator's view: reads what the instances wrote). */
  async db() {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    return client;
  }
}
