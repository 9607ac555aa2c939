// The release check (npm test's "release" stage, docs: README "Shipping it"): builds a release
// folder with scripts/build-release.sh, moves it to a clean directory outside the repository (the
// folder it was built in is gone), and runs it as an operator would: NODE_ENV=production,
// its own secrets, a fresh PostgreSQL database (made on TEST_DATABASE_URL's server, dropped after;
// the embedded database when TEST_DATABASE_URL is not set, except on CI where that fails). Then:
// /api/ready, /api/health's version, the home page rendered by the server, a member's sign-up,
// sign-in and a photo upload (sharp and the moderation model) served back, and a SIGTERM that must
// end the process with 0. Anything missing from the release fails it, with the server's last lines.
//
//   node scripts/check-release.mjs [--reuse-build]   (--reuse-build: passed to build-release.sh)
//   node scripts/check-release.mjs --release DIR     (a folder built earlier, checked where it is)
/* global fetch, FormData, Blob, AbortSignal */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { checkNode } from './check-node.mjs';

checkNode();
const root = path.resolve(import.meta.dirname, '..');
const started = Date.now();
const secs = () => ((Date.now() - started) / 1000).toFixed(1);
const say = (m) => console.log(`[release-check] ${m} (${secs()} s)`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-release-'));
const built = path.join(work, 'built');
// --release DIR: check a folder built earlier, where it is (it is neither moved nor removed).
const given = process.argv.includes('--release') ? path.resolve(process.argv[process.argv.indexOf('--release') + 1] ?? '') : null;
const clean = given ?? path.join(work, 'clean', 'swapu');
let server = null;
let log = '';
let database = null;
let adminUrl = null;

function fail(message) {
  console.error(`[release-check] FAIL. Error: ${message}`);
  const last = log
    .split('\n')
    .slice(-30)
    .map((l) => (l.length > 500 ? `${l.slice(0, 500)}…` : l));
  if (log) console.error(`[release-check] the server's last lines:\n${last.join('\n')}`);
  return cleanup().finally(() => process.exit(1));
}
async function cleanup() {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  if (database) {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await c.end();
  }
  // 870 MB of node_modules take half a minute to delete on a loaded machine: removed by a
  // process of its own, which the run does not wait for.
  spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref();
}
process.on('SIGINT', () => void fail('interrupted'));

try {
  // 1. Build, then move the folder away from where it was built: only the copy exists when it runs.
  if (!given) {
    const args = ['scripts/build-release.sh', built, ...process.argv.slice(2).filter((a) => a === '--reuse-build')];
    const b = spawnSync('bash', args, { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) await fail(`build-release.sh exited with ${b.status}`);
    say('built');
    // Moved, not copied (a copy of 870 MB costs seconds of disk for the same proof): it runs from a
    // path it was not built at, and the folder it was built in no longer exists.
    fs.mkdirSync(path.dirname(clean), { recursive: true });
    fs.renameSync(built, clean);
  } else if (!fs.existsSync(path.join(clean, 'RELEASE'))) await fail(`${clean} is not a release folder (no RELEASE file)`);
  // Nothing in it may point back at the repository (a symlink would make it work here only).
  for (const entry of fs.readdirSync(clean, { recursive: true })) {
    const p = path.join(clean, entry);
    if (!fs.lstatSync(p).isSymbolicLink()) continue;
    const target = path.resolve(path.dirname(p), fs.readlinkSync(p));
    if (!target.startsWith(clean + path.sep)) await fail(`${entry} links outside the release (${target})`);
  }
  for (const file of [
    'apps/server/dist/main.mjs',
    'apps/server/dist/chain-engine.mjs',
    'apps/server/dist/moderation.mjs',
    'apps/server/dist/docs/testing.json',
    'docs/site/en-US/index.md',
    'docs/site/pt-PT/index.md',
    'CHANGELOG.md',
    'package-lock.json',
  ]) {
    if (!fs.existsSync(path.join(clean, file))) await fail(`the release has no ${file}`);
  }
  const version = JSON.parse(fs.readFileSync(path.join(clean, 'package.json'), 'utf8')).version;
  const size = spawnSync('du', ['-sm', clean], { encoding: 'utf8' }).stdout.split('\t')[0];

  // 2. A database of its own.
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, 'data'),
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
    SHUTDOWN_DRAIN_MS: '500',
    LOG_LEVEL: 'info',
    // As on a public server: no demo marketplace (on the embedded database it would seed one).
    SEED_DEMO: 'false',
  };
  const onCI = /^(1|true|yes)$/i.test(process.env.CI ?? '');
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = process.env.TEST_DATABASE_URL;
    const name = `swapu_release_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    database = name;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  } else if (onCI) await fail('TEST_DATABASE_URL is not set: on CI the release runs on PostgreSQL');
  else say('TEST_DATABASE_URL is not set: the release runs on the embedded database');

  // 3. Start it as an operator would: plain node, from its own directory, nothing of the repository's.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  Object.assign(env, { PORT: String(port), PUBLIC_URL: base });
  server = spawn(process.execPath, ['apps/server/dist/main.mjs'], { cwd: clean, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const s of [server.stdout, server.stderr]) s.on('data', (d) => (log += d));
  const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));

  // Beside the journeys, the PostgreSQL run and the benchmarks' smoke runs on two cores, a start that
  // migrates a fresh database has taken over a minute (load average 17-21).
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) await fail(`the server exited with ${server.exitCode} before it was ready`);
    const r = await call(base, 'GET', '/api/ready').catch(() => null);
    if (r?.status === 200) break;
    if (Date.now() > deadline) await fail('/api/ready did not answer 200 within 180 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  say(`ready on ${env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database'}`);

  const health = await call(base, 'GET', '/api/health');
  if (health.body?.version !== version) await fail(`/api/health says ${JSON.stringify(health.body)}, the release is ${version}`);
  // As a browser: a busy server's page (503, Retry-After, decision 0042) reloads itself, so this
  // tries again after the time it asks, for up to two minutes. Right after its start the server's
  // event loop is still catching up, and beside the journeys it once refused the first page.
  let home;
  let html;
  for (const until = Date.now() + 120_000; ;) {
    home = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
    html = await home.text();
    const wait = Number(home.headers.get('retry-after')) * 1000;
    if (home.status !== 503 || !(wait > 0) || Date.now() + wait > until) break;
    await new Promise((r) => setTimeout(r, wait));
  }
  if (home.status !== 200 || !html.includes('id="root"') || !/<script[^>]+src="\/assets\//.test(html))
    await fail(`the home page: ${home.status} ${html.slice(0, 200)}`);

  // 4. A member: sign up (terms accepted), sign in, a name, a listing with a photo served back.
  const email = `release-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = 'release-check-1';
  const up = await call(base, 'POST', '/identity/v1/accounts:signUp', {
    body: { email, password, acceptTerms: true, returnSecureToken: true },
  });
  if (up.status !== 200) await fail(`sign-up: ${up.status} ${JSON.stringify(up.body)}`);
  const signIn = await call(base, 'POST', '/identity/v1/accounts:signInWithPassword', {
    body: { email, password, returnSecureToken: true },
  });
  if (signIn.status !== 200 || !signIn.body?.idToken) await fail(`sign-in: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  const token = signIn.body.idToken;
  const me = await call(base, 'GET', '/api/v1/me', { token });
  if (me.status !== 200 || me.body?.email !== email) await fail(`GET /api/v1/me: ${me.status} ${JSON.stringify(me.body)}`);
  const named = await call(base, 'PATCH', '/api/v1/me', { token, body: { displayName: 'Release check' } });
  if (named.status !== 200) await fail(`display name: ${named.status} ${JSON.stringify(named.body)}`);
  const post = await call(base, 'POST', '/api/v1/posts', { token, body: { title: 'Release check bike' } });
  if (post.status !== 201) await fail(`new listing: ${post.status} ${JSON.stringify(post.body)}`);
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(path.join(root, 'e2e/fixtures/bike.jpg'))], { type: 'image/jpeg' }), 'bike.jpg');
  const photo = await call(base, 'POST', `/api/v1/posts/${post.body.id}/images`, { token, form, timeoutMs: 60_000 });
  if (photo.status !== 201) await fail(`photo upload (sharp, the moderation model): ${photo.status} ${JSON.stringify(photo.body)}`);
  const url = new URL(photo.body.images[0].url, base);
  const served = await call(url.origin, 'GET', url.pathname + url.search);
  if (served.status !== 200 || !served.type.startsWith('image/') || served.bytes < 1000)
    await fail(
      `the uploaded photo ${url.pathname}: ${served.status} ${served.type} ${served.bytes} bytes ${served.type.includes('json') ? JSON.stringify(served.body) : ''}`,
    );
  say(`a member signed up and in, listed an item with a photo (${email})`);

  // 5. SIGTERM: drain, close, exit 0.
  server.kill('SIGTERM');
  const end = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 30_000).unref())]);
  if (!end) await fail('the server did not exit within 30 s of SIGTERM');
  if (end.code !== 0) await fail(`the server exited with ${end.code ?? end.signal} after SIGTERM`);
  if (/moderation model warm-up failed|"level":(50|60)/.test(log)) await fail('the server logged an error');
  say(`the release (SwapU ${version}, ${size} MB) ran from ${clean} and stopped with 0 on SIGTERM`);
  await cleanup();
  say(given ? 'passed (database dropped)' : 'passed (database dropped; the folder is being removed)');
  process.exit(0);
} catch (err) {
  await fail(err?.stack ?? String(err));
}

/**
 * One request, as the web app makes it: a 503 with Retry-After (the server shedding load on a busy
 * machine, decision 0042) is tried again after the time it asks, for up to 30 s.
 */
async function call(base, method, p, opts = {}) {
  // A busy answer (load shedding, decision 0042) is retried as the web app does, after its
  // Retry-After: beside the journeys and the PostgreSQL run the server has shed for over 30 s.
  const until = Date.now() + 120_000;
  for (;;) {
    const answer = await callOnce(base, method, p, opts);
    const wait = Number(answer.retryAfter) * 1000;
    const e = answer.body?.error;
    const busy = answer.status === 503 && [e?.code, e?.message].some((v) => /^busy$/i.test(String(v)));
    if (!busy || !(wait >= 0) || Date.now() + wait > until) return answer;
    await new Promise((r) => setTimeout(r, Math.max(wait, 250)));
  }
}

async function callOnce(base, method, p, opts) {
  const headers = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body;
  if (opts.form) body = opts.form;
  else if (opts.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(base + p, { method, headers, body, signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000) });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, body: parsed, bytes: bytes.length, type, retryAfter: res.headers.get('retry-after') };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}
