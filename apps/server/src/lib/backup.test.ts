import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject as provided, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openPglite, openPostgres } from '../db/client';
import { DEMO_PASSWORD } from './deployment';
import { seedDemo } from '../db/seed/demo';
import { fixedClock } from './clock';
import { rowsOf } from './sql-rows';
import { signUpMember, type TestMember } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/app';
import { TEST_DB_KIND } from '../test/database';
import { fakeModerator } from '../test/moderator';
import { applicationTables, backup, type BackupManifest, type DatabaseTarget, readBackup, restore, sha256Of } from './backup';
import { localStorage } from './storage';

/**
 * The restore drill (issue 39, decision 0044): a marketplace with activity of every kind, backed
 * up, restored into fresh targets and served again, on the engine of this run (TEST_DB).
 */
const NOW = '2026-11-20T00:00:00.000Z';
const HOUR = 3600_000;
const JWT_SECRET = 'restore-drill-jwt-secret-0123456789abcdef';
const ENCRYPTION_KEY = 'restore-drill-data-key-0123456789abcdef';
const PASSWORD = 'drill-password-1';
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);

let src: TestApp;
let work: string;
let backupDir: string;
let manifest: BackupManifest;
/** Every table's row count and contents' md5 at the moment of the backup. */
let before: Map<string, string>;
let member: TestMember;
/** The site restored by the drill, served by an app (closed after the file). */
let restored: Awaited<ReturnType<typeof startApp>> & { database: Database };
let deliveryId: string;
let demoSender: Record<string, string>;
const labelBefore = new Map<string, string>();
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const created: string[] = [];

const sessionKeys = { jwtSecret: JWT_SECRET, encryptionKey: ENCRYPTION_KEY };

async function inject(
  t: { app: TestApp['app'] },
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  const res = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as never }) });
  return res;
}

async function signIn(app: TestApp['app'], email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/identity/v1/accounts:signInWithPassword',
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
    payload: { email, password, returnSecureToken: true },
  });
}

/** count and md5 of every row (as text, sorted) of every application table. */
async function tableDigests(database: Database): Promise<Map<string, string>> {
  const q = <T>(text: string) => rowsOf<T>(database.db, sql.raw(text));
  const tables = await applicationTables({ query: q });
  const out = new Map<string, string>();
  for (const t of tables) {
    const [row] = await q<{ n: number; h: string | null }>(
      `select count(*)::int as n, md5(string_agg(x::text, E'\\n' order by x::text)) as h from ${t} x`,
    );
    out.set(t, `${row!.n} ${row!.h ?? '-'}`);
  }
  return out;
}

/** A fresh, empty target database of this run's engine. */
async function freshTarget(): Promise<{ target: { engine: 'pglite'; dataDir: string } | { engine: 'pg'; url: string }; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(work, 'target-'));
  if (TEST_DB_KIND === 'pglite') return { target: { engine: 'pglite', dataDir: path.join(dataDir, 'pglite') }, dataDir };
  const name = `swapu_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { target: { engine: 'pg', url: url.toString() }, dataDir };
}

const openTarget = (target: { engine: 'pglite'; dataDir: string } | { engine: 'pg'; url: string }) =>
  target.engine === 'pglite' ? openPglite(target.dataDir) : openPostgres(target.url, 4);

/** The app a restored site runs: the same keys, on the restored database and store. */
async function startApp(database: Database, dataDir: string, now: string) {
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      SHARED_CACHE_MS: '0',
      VIEWER_CACHE_MS: '0',
      OVERLOAD_MAX_IN_FLIGHT: '0',
    },
    { devPages: true, testMode: false, ...sessionKeys },
  );
  const clock = fixedClock(now);
  const app = await buildApp({ config, database, clock, moderator: fakeModerator(), serveWeb: false, offerExpiry: false });
  await app.ready();
  return { app, clock, config };
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-drill-'));
  src = await createTestApp({ now: NOW, config: sessionKeys });
  // Members, listings with photos (their first sizes: what a fresh start stores), offers, chats,
  // subscriptions, coupons, a delivery, swap chains, points and blog posts.
  await seedDemo(src.db, src.app.ctx.storage, new Date(NOW), () => {});

  // Money, tokens, a coupon redemption and an admin's audited change, through the API.
  member = await signUpMember(src.app, { password: PASSWORD });
  const pay = async (purchase: unknown) => {
    const res = await inject(src, 'POST', '/api/v1/checkouts', member.headers, { purchase });
    expect(res.statusCode, res.body).toBe(201);
    const paid = await inject(src, 'POST', `/api/v1/checkouts/${res.json().id}/pay`, member.headers, { cardNumber: '4242424242424242' });
    expect(paid.json().status, paid.body).toBe('paid');
  };
  await pay({ kind: 'tokens', amount: 10 });
  await pay({ kind: 'subscription' });
  const coupon = await inject(src, 'POST', '/api/v1/me/coupons', member.headers, { code: 'SWAPSPRING26' });
  expect(coupon.statusCode, coupon.body).toBe(200);
  const admin = await signIn(src.app, 'admin@swapu.au', DEMO_PASSWORD);
  expect(admin.statusCode, admin.body).toBe(200);
  const role = await inject(
    src,
    'PUT',
    `/api/v1/admin/users/${member.id}/role`,
    { authorization: `Bearer ${admin.json().idToken}` },
    { role: 'admin' },
  );
  expect(role.statusCode, role.body).toBe(200);
  // The member's session from before the role change is ended by it: sign in again.
  const again = await signIn(src.app, member.email, PASSWORD);
  expect(again.statusCode, again.body).toBe(200);
  member = {
    ...member,
    token: again.json().idToken,
    refreshToken: again.json().refreshToken,
    headers: { authorization: `Bearer ${again.json().idToken}` },
  };

  // The delivery's label, as its sender downloads it.
  const sender = await signIn(src.app, 'demo@swapu.au', DEMO_PASSWORD);
  demoSender = { authorization: `Bearer ${sender.json().idToken}` };
  const [delivery] = await rowsOf<{ id: string }>(
    src.db,
    sql`select d.id from deliveries d join users u on u.id = d.sender_id where u.email = 'demo@swapu.au'`,
  );
  deliveryId = delivery!.id;
  for (const size of ['a4', '4x6']) {
    const label = await src.app.inject({ method: 'GET', url: `/api/v1/deliveries/${deliveryId}/label?size=${size}`, headers: demoSender });
    expect(label.statusCode, label.body.slice(0, 200)).toBe(200);
    labelBefore.set(size, sha256Of(label.rawPayload));
  }

  // Nothing runs between the digest and the backup (no request, no job: offer expiry is off).
  before = await tableDigests(src.database);
  const database: DatabaseTarget =
    src.database.kind === 'pglite'
      ? { engine: 'pglite', pglite: src.database.raw as never }
      : { engine: 'pg', url: (src.database.raw as pg.Pool).options.connectionString! };
  backupDir = path.join(work, 'backup');
  manifest = await backup({
    out: backupDir,
    database,
    storage: src.app.ctx.storage,
    uploadsDir: src.config.uploadsDir,
    dataDir: src.config.dataDir,
    secrets: { ...sessionKeys, fromEnv: { jwtSecret: true, encryptionKey: true } },
    appVersion: 'test',
  });
}, 180_000);

afterAll(async () => {
  await restored?.app.close();
  await restored?.database.close();
  await src?.close();
  if (created.length) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('the restore drill', () => {
  it('holds activity of every kind, and every object of the store with its checksum', async () => {
    const count = (t: string) => Number(before.get(`public.${t}`)?.split(' ')[0] ?? -1);
    for (const t of [
      'users',
      'posts',
      'post_images',
      'offers',
      'offer_items',
      'rooms',
      'messages',
      'checkouts',
      'payment_events',
      'receipts',
      'token_balances',
      'token_ledger',
      'subscriptions',
      'coupons',
      'coupon_redemptions',
      'deliveries',
      'delivery_events',
      'swap_chains',
      'swap_chain_members',
      'admin_audit',
      'refresh_tokens',
    ])
      expect(count(t), t).toBeGreaterThan(0);
    expect([...before.keys()].some((t) => t.startsWith('public.') && /point/.test(t) && count(t.slice(7)) > 0)).toBe(true);
    expect(manifest.database.engine).toBe(TEST_DB_KIND);
    expect(manifest.database.tables).toBe(before.size);
    const { objects } = await readBackup(backupDir);
    expect(objects.length).toBeGreaterThan(500);
    expect(objects.length).toBe(manifest.storage.objects);
    for (const o of objects.slice(0, 50)) {
      const data = fs.readFileSync(path.join(src.config.uploadsDir, o.key));
      expect([data.length, sha256Of(data)]).toEqual([o.size, o.sha256]);
    }
  });

  it('restores into a new database and store: the same tables row for row, every photo and label served, passwords and sessions kept', async () => {
    const { target, dataDir } = await freshTarget();
    // As an operator does it: a server started once on the new database (migrated, no members).
    const started =
      target.engine === 'pglite'
        ? // The suite's migrated snapshot: what migrating takes, without the wait.
          await openPglite(target.dataDir, { loadDataDir: new Blob([fs.readFileSync(provided('pgliteSnapshot'))]) })
        : await openTarget(target);
    await started.migrate();
    await started.close();
    const store = localStorage(path.join(dataDir, 'uploads'));
    const report = await restore({
      dir: backupDir,
      database: target,
      storage: store,
      uploadsDir: path.join(dataDir, 'uploads'),
      dataDir,
      currentSecrets: () => sessionKeys,
    });
    expect(report.objects).toBe(manifest.storage.objects);
    expect(report.replaced).toEqual([target.engine === 'pg' ? 'the database at DATABASE_URL' : `the database in ${target.dataDir}`]);
    expect(report.warnings).toEqual([]);

    const database = await openTarget(target);
    // Before any server touches it: every table, row for row.
    const after = await tableDigests(database);
    expect([...after.keys()]).toEqual([...before.keys()]);
    const differing = [...before].filter(([t, d]) => after.get(t) !== d).map(([t]) => t);
    expect(differing).toEqual([]);

    restored = { ...(await startApp(database, dataDir, NOW)), database };
    {
      // Every photo over HTTP, byte for byte.
      const { objects } = await readBackup(backupDir);
      for (const o of objects) {
        const res = await restored.app.inject({ method: 'GET', url: `/media/${o.key}` });
        expect([o.key, res.statusCode, sha256Of(res.rawPayload)]).toEqual([o.key, 200, o.sha256]);
      }
      // A listing's photos at the addresses the API gives.
      const feed = await restored.app.inject({ method: 'GET', url: '/api/v1/search?category=furniture' });
      expect(feed.statusCode, feed.body).toBe(200);
      for (const item of (feed.json().items as Array<{ thumbUrl: string | null }>).slice(0, 10)) {
        if (!item.thumbUrl) continue;
        expect((await restored.app.inject({ method: 'GET', url: item.thumbUrl })).statusCode, item.thumbUrl).toBe(200);
      }
      // The label, the same PDF as before.
      const sender = await signIn(restored.app, 'demo@swapu.au', DEMO_PASSWORD);
      expect(sender.statusCode, sender.body).toBe(200);
      for (const [size, sum] of labelBefore) {
        const label = await restored.app.inject({
          method: 'GET',
          url: `/api/v1/deliveries/${deliveryId}/label?size=${size}`,
          headers: { authorization: `Bearer ${sender.json().idToken}` },
        });
        expect([label.statusCode, sha256Of(label.rawPayload)]).toEqual([200, sum]);
      }
      // Passwords: the drill's member and the demo's accounts sign in; a wrong password does not.
      expect((await signIn(restored.app, member.email, PASSWORD)).statusCode).toBe(200);
      expect((await signIn(restored.app, 'subscriber@swapu.au', DEMO_PASSWORD)).statusCode).toBe(200);
      expect((await signIn(restored.app, member.email, 'not-the-password')).statusCode).toBe(400);
      // A session from before the backup: its access token and its refresh token still work.
      const me = await restored.app.inject({ method: 'GET', url: '/api/v1/me', headers: member.headers });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toMatchObject({ id: member.id, role: 'admin' });
      const subscription = await restored.app.inject({ method: 'GET', url: '/api/v1/me/subscription', headers: member.headers });
      expect(subscription.json().status).toBe('active');
    }
  });

  it('refuses only the sessions that had expired by the time the restored site runs', async () => {
    // The restored site of the test above, two hours on: the one-hour access token has expired,
    // the 30-day refresh token has not (and is rotated when used).
    restored.clock.set(new Date(Date.parse(NOW) + 2 * HOUR));
    const refresh = (token: string) => restored.app.inject({ method: 'POST', url: '/identity/v1/token', payload: { refreshToken: token } });
    expect((await restored.app.inject({ method: 'GET', url: '/api/v1/me', headers: member.headers })).statusCode).toBe(401);
    const fresh = await refresh(member.refreshToken);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const me = await restored.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${fresh.json().idToken}` },
    });
    expect(me.statusCode, me.body).toBe(200);
    // 31 days after the backup's sign-in: the session's refresh token has expired too.
    restored.clock.set(new Date(Date.parse(NOW) + 31 * 24 * HOUR));
    const late = await refresh(fresh.json().refreshToken);
    expect([late.statusCode, late.json().error.message]).toEqual([400, 'TOKEN_EXPIRED']);
  });

  it('refuses a target that holds a marketplace (the CLI, nothing changed), and replaces it with --force', async () => {
    const { target, dataDir } = await freshTarget();
    const uploads = path.join(dataDir, 'uploads');
    await restore({ dir: backupDir, database: target, storage: localStorage(uploads), uploadsDir: uploads, dataDir });
    // Something of the target's own, which a refused restore must leave as it is.
    fs.writeFileSync(path.join(uploads, 'marker.txt'), 'mine');
    const database = await openTarget(target);
    await database.db.execute(sql`update users set display_name = 'Changed after restore' where email = 'demo@swapu.au'`);
    const changed = await tableDigests(database);
    await database.close();

    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      JWT_SECRET,
      ENCRYPTION_KEY,
      STORAGE_DRIVER: 'local',
      ...(target.engine === 'pg' ? { DATABASE_URL: target.url } : { DATABASE_URL: '' }),
    };
    if (target.engine === 'pglite') delete (env as Record<string, string | undefined>).DATABASE_URL;
    const refused = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/cli/restore.ts'), backupDir], {
      env,
      cwd: ROOT,
    }).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(refused?.code).toBe(2);
    expect(refused?.stderr).toMatch(
      /Refusing to restore over data: the database .* has 46 members and \d+ listings; the folder .* holds [\d,]+ objects\. Nothing was changed\./,
    );
    const unchanged = await openTarget(target);
    expect(await tableDigests(unchanged)).toEqual(changed);
    await unchanged.close();
    expect(fs.readFileSync(path.join(uploads, 'marker.txt'), 'utf8')).toBe('mine');

    const forced = await restore({
      dir: backupDir,
      database: target,
      storage: localStorage(uploads),
      uploadsDir: uploads,
      dataDir,
      force: true,
      // A site started with another token key: the restore says what that costs.
      currentSecrets: () => ({ ...sessionKeys, jwtSecret: 'another-jwt-secret-0123456789abcdefghij' }),
    });
    expect(forced.replaced.length).toBe(2);
    expect(forced.warnings).toEqual([expect.stringMatching(/^The token-signing key .* every session issued before it will be refused/)]);
    const replaced = await openTarget(target);
    const digests = await tableDigests(replaced);
    await replaced.close();
    expect([...before].filter(([t, d]) => digests.get(t) !== d).map(([t]) => t)).toEqual([]);
  });

  it('fails loudly on a changed or missing object, before changing anything', async () => {
    const { objects } = await readBackup(backupDir);
    const [changed, missing] = [objects[3]!, objects[7]!];
    const changedFile = path.join(backupDir, 'objects', changed.key);
    const missingFile = path.join(backupDir, 'objects', missing.key);
    const original = fs.readFileSync(changedFile);
    const kept = fs.readFileSync(missingFile);
    const flipped = Buffer.from(original);
    flipped[flipped.length >> 1]! ^= 0xff;
    fs.writeFileSync(changedFile, flipped);
    fs.rmSync(missingFile);
    try {
      const { target, dataDir } = await freshTarget();
      const uploads = path.join(dataDir, 'uploads');
      const attempt = restore({ dir: backupDir, database: target, storage: localStorage(uploads), uploadsDir: uploads, dataDir });
      await expect(attempt).rejects.toThrow(
        `is damaged: 2 file(s) do not match the manifest. Nothing was changed.\n  objects/${[changed.key, missing.key].sort()[0]}`,
      );
      await expect(attempt).rejects.toThrow(`objects/${changed.key}: its SHA-256 is not the manifest's`);
      await expect(attempt).rejects.toThrow(`objects/${missing.key}: missing`);
      // Nothing was written: no database folder or tables, no objects.
      expect(fs.existsSync(uploads)).toBe(false);
      if (target.engine === 'pglite') expect(fs.existsSync(target.dataDir)).toBe(false);
      else {
        const client = new pg.Client({ connectionString: target.url });
        await client.connect();
        const { rows } = await client.query(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
        await client.end();
        expect(rows[0].n).toBe(0);
      }
    } finally {
      fs.writeFileSync(changedFile, original);
      fs.writeFileSync(missingFile, kept);
    }
  });

  // The embedded database's folder open in a server (here, this process): the CLI refuses to open
  // it a second time, says why and what to do, and writes nothing.
  it.runIf(TEST_DB_KIND === 'pglite')('refuses to back up the embedded database while a server holds it', async () => {
    const dataDir = fs.mkdtempSync(path.join(work, 'held-'));
    const held = await openPglite(path.join(dataDir, 'pglite'));
    const out = path.join(work, 'held-backup');
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, STORAGE_DRIVER: 'local' };
      delete env.DATABASE_URL;
      const refused = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/cli/backup.ts'), '--out', out], {
        env,
        cwd: ROOT,
      }).then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      );
      expect(refused?.code).toBe(2);
      expect(refused?.stderr).toContain(`Cannot back up: ${path.join(dataDir, 'pglite')} is in use: a SwapU server`);
      expect(refused?.stderr).toContain('Stop the server (SIGTERM, or Ctrl-C for npm start), run this again, then start it.');
      expect(fs.existsSync(out)).toBe(false);
    } finally {
      await held.close();
    }
  });
});
