// npm run bench:media [-- --seconds N] [-- --connections N] [-- --photos N] [-- --smoke]
// How photos are served with STORAGE_DRIVER=s3 (decision 0040), against the local folder measured
// in the same run: req/s and latency of GET /media/<key> for
//   local     the local folder through @fastify/static (today's default: the baseline);
//   stream    the bucket streamed through /media/ (the app's S3 route: GetObject piped to the reply);
//   redirect  a 302 from the app to the object's bucket address (what a redirect mode would answer);
//   bucket    the object fetched from the bucket itself (what the browser does next after a 302, or
//             with MEDIA_PUBLIC_URL; s3rver here, a CDN in production, which is far faster);
//   304       a browser revalidating a cached photo (If-None-Match) through the stream route.
// The S3-compatible server is s3rver, started by the benchmark in a child process on a port of its
// own. The app is built in-process by buildApp on an empty PGlite database (no photo request reads
// the database); the load generator runs in a worker thread.
// --smoke (decision 0046): 3 photos, 5 connections, 1 s a row, no warm-up.
import fs from 'node:fs';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app';
import { loadConfig, type StorageConfig } from '../apps/server/src/config';
import { openPglite } from '../apps/server/src/db/client';
import { s3Storage } from '../apps/server/src/lib/s3-storage';
import { imageVariantKeys, localStorage } from '../apps/server/src/lib/storage';
import { startS3Server } from '../apps/server/src/test/s3-server';
import { benchServerEnv, fmtRatio, onCleanup, parseArgs, printTable, runBench, smoke, SMOKE, tempDir } from './lib';

const { values } = parseArgs();
const seconds = Number(values.get('seconds') ?? (SMOKE ? 1 : 10));
const CONNECTIONS = Number(values.get('connections') ?? (SMOKE ? 5 : 20));
const PHOTOS = Number(values.get('photos') ?? (SMOKE ? 3 : 40));
if (!Number.isFinite(seconds) || seconds < 1 || seconds > 600) throw new Error('--seconds must be between 1 and 600');
const WARMUP_SECONDS = SMOKE ? 0 : 2;

type App = Awaited<ReturnType<typeof buildApp>>;
const portOf = (app: App) => {
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('server is not listening on TCP');
  return addr.port;
};

/** A photo's card (480 px) and gallery (1280 px) sizes as WebP, with a photo's grain: about 30 and 165 KB. */
async function photoSizes(i: number) {
  const noisy = async (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: { r: (i * 53) % 256, g: (i * 97) % 256, b: (i * 31) % 256 } } })
      .composite([
        {
          input: await sharp({
            create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 32 } },
          })
            .blur(0.8)
            .png()
            .toBuffer(),
          blend: 'overlay',
        },
      ])
      .webp({ quality: 80 })
      .toBuffer();
  return { sm: await noisy(480, 480), lg: await noisy(1280, 960) };
}

/** Answers with another status than the one the target should give (a 404, a 500, a 200 for a 304). */
const unexpected = (r: Result, status: number) =>
  Object.entries(r.statusCodeStats)
    .filter(([code]) => code !== String(status))
    .reduce((n, [, s]) => n + s.count, 0);

/** CPU seconds a process has used (user + system), from /proc. */
function processCpu(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
type Run = { result: Result; ownCpuMs: number; s3CpuMs: number };
let s3Pid = 0;

async function load(label: string, url: string, paths: string[], headers: Record<string, string> = {}): Promise<Run> {
  process.stdout.write(`${label}: ${WARMUP_SECONDS} s warm-up + ${seconds} s, ${CONNECTIONS} connections… `);
  const opts = {
    url,
    connections: CONNECTIONS,
    workers: 1,
    timeout: 10,
    requests: paths.map((p) => ({ method: 'GET', path: p, headers })),
  };
  if (WARMUP_SECONDS) await autocannon({ ...opts, duration: WARMUP_SECONDS });
  // CPU per request while measured: this process (the app, and the load generator's thread) and the S3 server.
  const [own, s3] = [process.cpuUsage(), processCpu(s3Pid)];
  const result = await autocannon({ ...opts, duration: seconds });
  const ownUsage = process.cpuUsage(own);
  const n = Math.max(1, result.requests.total);
  console.log(`${Math.round(result.requests.average)} req/s`);
  return { result, ownCpuMs: (ownUsage.user + ownUsage.system) / 1000 / n, s3CpuMs: ((processCpu(s3Pid) - s3) * 1000) / n };
}

async function main() {
  const s3 = await startS3Server({ bucket: 'swapu-bench' });
  onCleanup(() => s3.stop());
  const dataDir = tempDir('media');
  const local = localStorage(path.join(dataDir, 'uploads'));
  const bucket = await s3Storage(s3.config);
  onCleanup(() => bucket.close());

  // A card (480 px) for most requests, as a feed asks, and one gallery photo (1280 px) in five.
  const keys: string[] = [];
  let bytes = 0;
  for (let i = 0; i < PHOTOS; i++) {
    const base = `posts/bench${String(i).padStart(3, '0')}/img`;
    const v = imageVariantKeys(base);
    const { sm, lg } = await photoSizes(i);
    for (const [key, data] of [
      [v.sm, sm],
      [v.lg, lg],
    ] as const) {
      await local.put(key, data);
      await bucket.put(key, data);
    }
    keys.push(v.sm, v.sm, v.sm, v.sm, v.lg);
    bytes += 4 * sm.length + lg.length;
  }
  console.log(`${PHOTOS} photos in the folder and the bucket; ${(bytes / keys.length / 1024).toFixed(0)} KB a request on average`);

  const database = await openPglite(path.join(dataDir, 'pglite'));
  onCleanup(() => database.close());
  await database.migrate();
  const build = async (storage: StorageConfig) => {
    const config = loadConfig(benchServerEnv({ DATA_DIR: dataDir, SEED_DEMO: 'false' }), { storage });
    const app = await buildApp({ config, database, serveWeb: false });
    onCleanup(() => app.close());
    return app;
  };
  const localApp = await build({ driver: 'local', s3: undefined, mediaPublicUrl: undefined });
  await localApp.listen({ port: 0, host: '127.0.0.1' });
  const s3App = await build({ driver: 's3', s3: s3.config, mediaPublicUrl: undefined });
  // The redirect a redirect mode would answer, through the same hooks as every other request.
  s3App.get('/redirect/*', async (req, reply) =>
    reply.redirect(`${s3.endpoint}/${s3.config.bucket}/${(req.params as { '*': string })['*']}`, 302),
  );
  await s3App.listen({ port: 0, host: '127.0.0.1' });
  const localUrl = `http://127.0.0.1:${portOf(localApp)}`;
  const s3Url = `http://127.0.0.1:${portOf(s3App)}`;

  // Every mode answers the same bytes before it is measured.
  for (const key of keys.slice(0, 5)) {
    const want = (await local.get(key))!;
    for (const url of [
      `${localUrl}/media/${key}`,
      `${s3Url}/media/${key}`,
      `${s3Url}/redirect/${key}`,
      `${s3.endpoint}/${s3.config.bucket}/${key}`,
    ]) {
      const res = await fetch(url);
      const got = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || !got.equals(want)) throw new Error(`${url}: ${res.status}, ${got.length} bytes (want ${want.length})`);
    }
  }
  const etag = (await fetch(`${s3Url}/media/${keys[0]}`)).headers.get('etag')!;

  const media = keys.map((k) => `/media/${k}`);
  s3Pid = s3.pid;
  const runs: Array<{ name: string; status: number } & Run> = [];
  const run = async (name: string, status: number, r: Promise<Run>) => runs.push({ name, status, ...(await r) });
  await run('local  /media/ from the folder (baseline)', 200, load('local', localUrl, media));
  await run('stream /media/ from the bucket', 200, load('stream', s3Url, media));
  await run(
    'redirect 302 to the bucket',
    302,
    load(
      'redirect',
      s3Url,
      keys.map((k) => `/redirect/${k}`),
    ),
  );
  await run(
    'bucket  GET from s3rver directly',
    200,
    load(
      'bucket',
      s3.endpoint,
      keys.map((k) => `/${s3.config.bucket}/${k}`),
    ),
  );
  await run('stream 304 (If-None-Match)', 304, load('304', s3Url, [`/media/${keys[0]}`], { 'if-none-match': etag }));
  await run('local  /media/ again', 200, load('local again', localUrl, media));

  const [first, last] = [runs[0]!, runs.at(-1)!];
  const baseline = (first.result.requests.average + last.result.requests.average) / 2;
  const baseP99 = (first.result.latency.p99 + last.result.latency.p99) / 2;
  const baseCpu = (first.ownCpuMs + last.ownCpuMs) / 2;
  console.log('');
  console.log(
    `${CONNECTIONS} connections, ${seconds} s per target after a ${WARMUP_SECONDS} s warm-up; ${PHOTOS} photos, 4 cards to 1 gallery size`,
  );
  printTable(
    ['target', 'req/s', 'MB/s', 'p50 ms', 'p99 ms', 'errors', 'req/s vs local', 'p99 vs local', 'CPU ms/req here', 'CPU ms/req S3'],
    runs.map(({ name, status, result: r, ownCpuMs, s3CpuMs }) => [
      name,
      r.requests.average.toFixed(0),
      (r.throughput.average / 1024 / 1024).toFixed(1),
      r.latency.p50.toFixed(1),
      r.latency.p99.toFixed(1),
      r.errors + r.timeouts + unexpected(r, status),
      fmtRatio(r.requests.average / baseline),
      fmtRatio(r.latency.p99 / baseP99),
      ownCpuMs.toFixed(2),
      s3CpuMs.toFixed(2),
    ]),
  );
  const [stream, redirect, direct] = [runs[1]!, runs[2]!, runs[3]!];
  console.log('');
  console.log(
    `local baseline (mean of both runs): ${baseline.toFixed(0)} req/s, p99 ${baseP99.toFixed(1)} ms, ${baseCpu.toFixed(2)} ms CPU a request here`,
  );
  console.log(
    `stream/local: ${fmtRatio(stream.result.requests.average / baseline)} req/s, p99 ${fmtRatio(stream.result.latency.p99 / baseP99)}, ` +
      `CPU here ${fmtRatio(stream.ownCpuMs / baseCpu)} (the S3 server's own CPU aside)`,
  );
  console.log(
    `redirect: the app answers ${fmtRatio(redirect.result.requests.average / baseline)} local's req/s, but every photo then costs a second request ` +
      `(p50 ${redirect.result.latency.p50.toFixed(1)} + ${direct.result.latency.p50.toFixed(1)} ms here, one more network round trip on a phone)`,
  );
  console.log('"CPU here" is this process: the app and the load generator\'s thread; the S3 server runs in its own process.');
  const bad = runs.filter(
    ({ result: r, status }) => r.errors + r.timeouts + unexpected(r, status) > 0 || !r.statusCodeStats[String(status)],
  );
  for (const { name, result: r } of bad)
    console.log(
      `\n!!!!! WARNING: ${name}: ${JSON.stringify(r.statusCodeStats)}, ${r.errors} errors, ${r.timeouts} timeouts — not valid !!!!!`,
    );
  if (bad.length) process.exitCode = 1;
  smoke('bench:media', {
    rows: [
      'local  /media/ from the folder (baseline)',
      'stream /media/ from the bucket',
      'redirect 302 to the bucket',
      'bucket  GET from s3rver directly',
      'stream 304 (If-None-Match)',
      'local  /media/ again',
    ],
    measured: Object.fromEntries(
      runs.map(({ name, status, result: r }) => [`${name}: answers ${status}`, r.statusCodeStats[String(status)]?.count ?? 0]),
    ),
    failures: Object.fromEntries(
      runs.map(({ name, status, result: r }) => [
        `${name}: errors, timeouts, other statuses`,
        r.errors + r.timeouts + unexpected(r, status),
      ]),
    ),
  });
}

runBench(main, 10 * 60_000 + 6 * (seconds + WARMUP_SECONDS) * 1000);
