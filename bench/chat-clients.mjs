// The load side of `npm run bench:chat`, in a worker thread so it does not share the server's
// event loop: N WebSocket clients in pairs, each sending at a steady rate to its partner, timing
// send → receive with a clock shared by every client (they all live in this thread), and timing
// broadcasts from the moment the main thread published them (absolute high-resolution time).
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, mode, clients, rate, seconds, warmup } = workerData;
/** How long the warm-up's messages and the last timed ones are given to arrive (shorter with --smoke). */
const settle = workerData.settle ?? { warmup: 2000, end: 1500 };
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const sockets = [];
const latencies = [];
const broadcastLatencies = [];
let received = 0;
let errors = 0;
let runs = 0;
let broadcastAt = new Map();

function onMessage(i, raw) {
  const msg = JSON.parse(String(raw));
  if (mode === 'raw') {
    if (msg.kind === 'chat') {
      latencies.push(now() - msg.t);
      received++;
    } else if (msg.kind === 'broadcast') broadcastLatencies.push(now() - msg.t);
    return;
  }
  if (msg.type === 'message' && msg.message.senderId !== clients[i].userId) {
    const { t } = JSON.parse(msg.message.body);
    if (t === undefined) return; // a warm-up message
    latencies.push(now() - t);
    received++;
  } else if (msg.type === 'notification' && broadcastAt.has(msg.id)) {
    broadcastLatencies.push(now() - broadcastAt.get(msg.id));
  } else if (msg.type === 'error') errors++;
}

function connect(i) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    sockets[i] = ws;
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw));
      if (msg.type === 'ready' && mode === 'swapu') ws.send(JSON.stringify({ type: 'subscribe', roomId: clients[i].roomId }));
      else if (msg.type === 'subscribed' || msg.type === 'registered') {
        ws.removeAllListeners('message');
        ws.on('message', (r) => onMessage(i, r));
        resolve();
      }
    });
    ws.once('open', () =>
      ws.send(JSON.stringify(mode === 'swapu' ? { type: 'auth', token: clients[i].token } : { type: 'register', index: i })),
    );
    ws.once('error', reject);
  });
}

for (let i = 0; i < clients.length; i += 50) {
  await Promise.all(clients.slice(i, i + 50).map((_, k) => connect(i + k)));
}
parentPort.postMessage({ type: 'connected', count: sockets.length });

parentPort.on('message', async (m) => {
  if (m.type === 'broadcast-at') broadcastAt.set(m.id, m.at);
  if (m.type === 'run') {
    // A client id is the server's retry key: unique over every run (bench:soak runs several).
    runs++;
    // Warm-up (SwapU only; the raw relay keeps no state): one untimed message per pair first, so
    // the timed run measures the steady state, not every room's first message (which also
    // creates the recipient's grouped notification, announced by a NOTIFY that PostgreSQL
    // serialises at commit; 500 rooms starting in the same second queue behind each other).
    if (mode === 'swapu' && warmup) {
      for (let i = 0; i < clients.length; i += 2) {
        sockets[i].send(JSON.stringify({ type: 'send', roomId: clients[i].roomId, body: JSON.stringify({ w: 1 }), clientId: `w${i}` }));
        if (i % 100 === 0) await sleep(10);
      }
      await sleep(settle.warmup);
    }
    // Messages go out every 10 ms, round-robin over the clients, as many as are due at `rate`/s.
    let sent = 0;
    const start = now();
    const end = start + seconds * 1000;
    while (now() < end) {
      const due = Math.floor(((now() - start) / 1000) * rate);
      while (sent < due) {
        const i = sent % clients.length;
        const t = now();
        const body = JSON.stringify({ t });
        const ws = sockets[i];
        if (mode === 'swapu') ws.send(JSON.stringify({ type: 'send', roomId: clients[i].roomId, body, clientId: `b${runs}-${i}-${sent}` }));
        else ws.send(JSON.stringify({ kind: 'chat', to: clients[i].partner, t }));
        sent++;
      }
      await sleep(10);
    }
    await sleep(settle.end); // let the last messages arrive
    const elapsed = seconds;
    parentPort.postMessage({ type: 'ran', sent, received, errors, elapsed, latencies });
  }
  if (m.type === 'broadcast-results') {
    parentPort.postMessage({ type: 'broadcasts', latencies: broadcastLatencies });
  }
  if (m.type === 'close') {
    for (const ws of sockets) ws.close();
    parentPort.postMessage({ type: 'closed' });
  }
});
