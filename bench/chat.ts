// npm run bench:chat [-- --clients N] [-- --rate MSGS_PER_S] [-- --seconds N] [-- --no-warmup] [-- --smoke]
// 1,000 WebSocket clients on loopback in pairs, each pair in a chat room, sending through the
// real server (WebSocket send, stored in PostgreSQL, announced through LISTEN/NOTIFY, WebSocket
// receive): p50/p99 send→receive latency and messages/s; then broadcasts of a notification to every
// client. The baseline, in the same run: a raw `ws` relay doing the same routing in memory.
// Each SwapU pair first exchanges one untimed warm-up message (see chat-clients.mjs), so the
// figures are the steady state. --smoke: 20 clients, 100 msg/s for 1 s, 3 broadcasts (decision 0046).

import { randomUUID } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/client';
import { roomReads, rooms, users } from '../apps/server/src/db/schema/index';
import { signAccessToken } from '../apps/server/src/lib/tokens';
import {
  benchServerEnv,
  createBenchDatabase,
  fmtRatio,
  onCleanup,
  parseArgs,
  printTable,
  runBench,
  sleep,
  smoke,
  SMOKE,
  tempDir,
  chatClients,
} from './lib';

const { values, flags } = parseArgs();
const CLIENTS = Number(values.get('clients') ?? (SMOKE ? 20 : 1000));
const RATE = Number(values.get('rate') ?? (SMOKE ? 100 : 1000));
const SECONDS = Number(values.get('seconds') ?? (SMOKE ? 1 : 10));
const WARMUP = !flags.has('no-warmup');
const BROADCASTS = SMOKE ? 3 : 20;
if (CLIENTS % 2 || CLIENTS < 2 || CLIENTS > 5000) throw new Error('--clients must be an even number up to 5000');

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

interface Ran {
  sent: number;
  received: number;
  errors: number;
  elapsed: number;
  latencies: number[];
}

/** Runs the clients in a worker; `broadcast` publishes one broadcast and returns its id. */
async function drive(url: string, mode: 'raw' | 'swapu', clients: object[], broadcast: (id: string) => Promise<number>) {
  const { worker, next } = chatClients({
    url,
    mode,
    clients,
    rate: RATE,
    seconds: SECONDS,
    warmup: WARMUP,
    ...(SMOKE ? { settle: { warmup: 500, end: 500 } } : {}),
  });
  await next('connected');
  process.stdout.write(`${mode}: ${clients.length} clients connected; ${RATE} msg/s for ${SECONDS} s… `);
  worker.postMessage({ type: 'run' });
  const ran = (await next('ran')) as unknown as Ran;
  console.log(`${(ran.received / ran.elapsed).toFixed(0)} msg/s received`);
  for (let b = 0; b < BROADCASTS; b++) {
    const id = `bench-${b}`;
    // The worker learns the publish time first, then the broadcast goes out.
    const at = performance.timeOrigin + performance.now();
    worker.postMessage({ type: 'broadcast-at', id, at });
    await sleep(20);
    const sentAt = await broadcast(id);
    worker.postMessage({ type: 'broadcast-at', id, at: sentAt });
    await sleep(150);
  }
  await sleep(500);
  worker.postMessage({ type: 'broadcast-results' });
  const bc = (await next('broadcasts')) as { latencies: number[] };
  worker.postMessage({ type: 'close' });
  await next('closed');
  await worker.terminate();
  return { ran, broadcast: bc.latencies };
}

async function rawBaseline() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  onCleanup(() => wss.close());
  const byIndex = new Map<number, WebSocket>();
  wss.on('connection', (ws) => {
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw));
      if (m.kind === 'chat') byIndex.get(m.to)?.send(JSON.stringify({ kind: 'chat', t: m.t }));
      else if (m.type === 'register') {
        byIndex.set(m.index, ws);
        ws.send(JSON.stringify({ type: 'registered' }));
      }
    });
  });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as { port: number }).port;
  const clients = Array.from({ length: CLIENTS }, (_, i) => ({ partner: i % 2 ? i - 1 : i + 1 }));
  return drive(`ws://127.0.0.1:${port}`, 'raw', clients, async (id) => {
    const t = performance.timeOrigin + performance.now();
    const payload = JSON.stringify({ kind: 'broadcast', id, t });
    for (const ws of byIndex.values()) ws.send(payload);
    return t;
  });
}

async function swapu() {
  const dataDir = tempDir('chat');
  const databaseUrl = await createBenchDatabase();
  const database = await openPostgres(databaseUrl);
  onCleanup(() => database.close());
  await database.migrate();
  const config = loadConfig(benchServerEnv({ DATA_DIR: dataDir, SEED_DEMO: 'false' }), { databaseUrl });
  const now = new Date();
  const ids = Array.from({ length: CLIENTS }, () => randomUUID());
  // Members as the sign-up form makes them: terms and privacy accepted (a member with them pending
  // may read but not send: the server answers terms_pending).
  await database.db.insert(users).values(
    ids.map((id, i) => ({
      id,
      email: `bench-${i}@example.com`,
      displayName: `Bench ${i}`,
      createdAt: now,
      termsAcceptedAt: now,
      privacyAcceptedAt: now,
    })),
  );
  const clients: Array<{ userId: string; token: string; roomId: string }> = [];
  const roomRows = [];
  const readRows = [];
  for (let i = 0; i < CLIENTS; i += 2) {
    const [a, b] = [ids[i]!, ids[i + 1]!].sort() as [string, string];
    const roomId = randomUUID();
    roomRows.push({ id: roomId, userA: a, userB: b, createdAt: now });
    readRows.push({ roomId, userId: a }, { roomId, userId: b });
    for (const u of [ids[i]!, ids[i + 1]!]) clients.push({ userId: u, token: await signAccessToken(config.jwtSecret, u, now), roomId });
  }
  await database.db.insert(rooms).values(roomRows);
  await database.db.insert(roomReads).values(readRows);
  const app = await buildApp({ config, database, serveWeb: false });
  onCleanup(() => app.close());
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return drive(`${address.replace('http', 'ws')}/api/v1/ws`, 'swapu', clients, async (id) => {
    const t = performance.timeOrigin + performance.now();
    await app.ctx.hub!.publish({ users: [], everyone: true, kind: 'notification', id });
    return t;
  });
}

async function main() {
  console.log(`bench:chat — ${CLIENTS} clients, ${RATE} msg/s, ${SECONDS} s; PostgreSQL on 127.0.0.1`);
  const raw = await rawBaseline();
  const app = await swapu();
  console.log('');
  const row = (name: string, r: Awaited<ReturnType<typeof drive>>) => [
    name,
    (r.ran.received / r.ran.elapsed).toFixed(0),
    `${r.ran.received}/${r.ran.sent}`,
    pct(r.ran.latencies, 50).toFixed(1),
    pct(r.ran.latencies, 99).toFixed(1),
    pct(r.broadcast, 50).toFixed(1),
    pct(r.broadcast, 99).toFixed(1),
    `${r.broadcast.length}/${BROADCASTS * CLIENTS}`,
  ];
  printTable(
    ['target', 'msg/s', 'received/sent', 'p50 ms', 'p99 ms', 'bcast p50', 'bcast p99', 'bcast got'],
    [row('raw ws relay (baseline)', raw), row('SwapU chat', app)],
  );
  const p99 = pct(app.ran.latencies, 99);
  const b99 = pct(app.broadcast, 99);
  console.log('');
  console.log(
    `SwapU send→receive p99 ${p99.toFixed(1)} ms (${fmtRatio(p99 / pct(raw.ran.latencies, 99))} the raw relay's); goal ≤ 25 ms at ${RATE} msg/s`,
  );
  console.log(`SwapU broadcast p99 ${b99.toFixed(1)} ms (${fmtRatio(b99 / pct(raw.broadcast, 99))} the raw relay's); goal ≤ 50 ms`);
  console.log(
    `throughput ${fmtRatio(app.ran.received / app.ran.elapsed / (raw.ran.received / raw.ran.elapsed))} of the raw relay; errors ${app.ran.errors}`,
  );
  smoke('bench:chat', {
    rows: ['raw ws relay (baseline)', 'SwapU chat'],
    measured: {
      'raw relay messages received': raw.ran.received,
      'raw relay broadcasts received': raw.broadcast.length,
      'SwapU messages received': app.ran.received,
      'SwapU broadcasts received': app.broadcast.length,
    },
    failures: { 'SwapU errors answered to a send': app.ran.errors },
  });
}

runBench(main, 10 * 60_000);
