import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openPglite, openPostgres } from '../db/client';
import { ensureReferenceData } from '../db/reference-data';
import { seedDemo } from '../db/seed/demo';
import { TEST_DB_KIND } from '../test/database';
import { fakeModerator } from '../test/moderator';
import { foreignKeyOrder } from './backup-across';
import { backup, restore } from './backup';
import { fixedClock } from './clock';
import { DEMO_PASSWORD } from './deployment';
import { localStorage } from './storage';

/**
 * An embedded marketplace (PGlite) backed up and restored into PostgreSQL (decision 0044, "Across
 * engines"): the move docs/deploying.md describes. It needs both engines, so it runs in the
 * PostgreSQL run (TEST_DB=pg), with the source on PGlite as `npm start` has it.
 */
const NOW = '2026-11-20T00:00:00.000Z';
const KEYS = { jwtSecret: 'across-jwt-secret-0123456789abcdef01', encryptionKey: 'across-data-key-0123456789abcdef0123' };
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('the order tables are copied in', () => {
  it('puts every table after the tables its foreign keys point at', () => {
    const order = foreignKeyOrder(
      ['public.messages', 'public.rooms', 'public.users', 'public.posts'],
      [
        { child: 'public.messages', parent: 'public.rooms' },
        { child: 'public.messages', parent: 'public.users' },
        { child: 'public.rooms', parent: 'public.posts' },
        { child: 'public.posts', parent: 'public.users' },
        { child: 'public.posts', parent: 'public.elsewhere' },
      ],
    );
    expect(order).toEqual(['public.users', 'public.posts', 'public.rooms', 'public.messages']);
  });

  it('refuses tables that refer to each other in a cycle', () => {
    expect(() =>
      foreignKeyOrder(
        ['public.a', 'public.b', 'public.c'],
        [
          { child: 'public.a', parent: 'public.b' },
          { child: 'public.b', parent: 'public.a' },
        ],
      ),
    ).toThrow(/cycle.*public\.a, public\.b/);
  });
});

/** count and md5 of every row (every column, generated ones too, as text) of every application table. */
async function digests(query: (text: string) => Promise<Array<Record<string, string>>>) {
  await query("set timezone to 'UTC'");
  const tables = await query(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema', 'drizzle', 'pgboss') order by 1`,
  );
  const out = new Map<string, string>();
  for (const { name } of tables) {
    const [row] = await query(`select count(*)::int as n, md5(string_agg(x::text, E'\\n' order by x::text)) as h from ${name} x`);
    out.set(name!, `${row!.n} ${row!.h}`);
  }
  return out;
}

describe.runIf(TEST_DB_KIND === 'pg')('an embedded backup restored into PostgreSQL', () => {
  let work: string;
  let source: Database;
  let backupDir: string;
  let before: Map<string, string>;
  const created: string[] = [];

  const freshDatabase = async () => {
    const name = `swapu_across_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    created.push(name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-across-'));
    source = await openPglite(undefined);
    await source.migrate();
    await ensureReferenceData(source.db);
    const uploads = path.join(work, 'source', 'uploads');
    // The demo marketplace: members, listings, offers, chats, money, deliveries, chains, points, blog.
    await seedDemo(source.db, localStorage(uploads), new Date(NOW), () => {}, { renderImages: false });
    await localStorage(uploads).put('posts/across/photo/lg.webp', Buffer.from('a photo, byte for byte'));
    before = await digests(async (t) => (await (source.raw as { query: (t: string) => Promise<{ rows: [] }> }).query(t)).rows);
    backupDir = path.join(work, 'backup');
    await backup({
      out: backupDir,
      database: { engine: 'pglite', pglite: source.raw as never },
      storage: localStorage(uploads),
      uploadsDir: uploads,
      dataDir: path.join(work, 'source'),
      secrets: { ...KEYS, fromEnv: { jwtSecret: true, encryptionKey: true } },
      appVersion: 'test',
    });
  }, 240_000);

  afterAll(async () => {
    await source?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('copies every table row for row, and the marketplace runs on it: members sign in, listings and photos are there', async () => {
    const url = await freshDatabase();
    const uploads = path.join(work, 'target', 'uploads');
    const report = await restore({
      dir: backupDir,
      database: { engine: 'pg', url },
      storage: localStorage(uploads),
      uploadsDir: uploads,
      dataDir: path.join(work, 'target'),
    });
    expect(report.across!.tables).toBeGreaterThan(40);
    expect(report.across!.rows).toBeGreaterThan(1000);

    const target = await openPostgres(url, 2);
    try {
      const pool = target.raw as pg.Pool;
      const after = await digests(async (t) => (await pool.query(t)).rows as Array<Record<string, string>>);
      expect([...after.keys()]).toEqual([...before.keys()]);
      for (const [table, digest] of before) expect(after.get(table), table).toBe(digest);
      expect(Number(before.get('public.posts')!.split(' ')[0])).toBeGreaterThan(100);

      // Sequences continue past every copied row: at the backup's state, which may be ahead of the
      // live source's (PostgreSQL logs sequence values ahead, and the backup is of what is logged).
      const seqs = await pool.query<{ name: string }>(
        `select format('%I.%I', schemaname, sequencename) as name from pg_sequences where schemaname = 'public'`,
      );
      expect(seqs.rows.length).toBeGreaterThan(0);
      const stateOf = `select last_value::text as v, is_called as called from`;
      for (const { name } of seqs.rows) {
        const [copied] = (await pool.query<{ v: string; called: boolean }>(`${stateOf} ${name}`)).rows;
        const [live] = (
          await (source.raw as { query: (t: string) => Promise<{ rows: Array<{ v: string; called: boolean }> }> }).query(
            `${stateOf} ${name}`,
          )
        ).rows;
        const ahead = BigInt(copied!.v) > BigInt(live!.v) || (copied!.v === live!.v && copied!.called === live!.called);
        expect(ahead, `${name}: copied ${JSON.stringify(copied)}, live ${JSON.stringify(live)}`).toBe(true);
      }

      // The photo, byte for byte, and the marketplace served from the copy.
      expect(fs.readFileSync(path.join(uploads, 'posts/across/photo/lg.webp'), 'utf8')).toBe('a photo, byte for byte');
      const config = loadConfig(
        { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(work, 'target'), SEED_DEMO: 'false', OVERLOAD_MAX_IN_FLIGHT: '0' },
        { devPages: true, testMode: false, ...KEYS },
      );
      const app = await buildApp({
        config,
        database: target,
        clock: fixedClock(NOW),
        moderator: fakeModerator(),
        serveWeb: false,
        offerExpiry: false,
      });
      try {
        await app.ready();
        const signIn = await app.inject({
          method: 'POST',
          url: '/identity/v1/accounts:signInWithPassword',
          payload: { email: 'demo@swapu.au', password: DEMO_PASSWORD, returnSecureToken: true },
        });
        expect(signIn.statusCode, signIn.body).toBe(200);
        const feed = await app.inject({ method: 'GET', url: '/api/v1/search?q=bike' });
        expect(feed.statusCode, feed.body).toBe(200);
        expect(feed.json().items.length).toBeGreaterThan(0);
      } finally {
        await app.close();
      }
    } finally {
      await target.close();
    }
  }, 240_000);

  it('refuses a target that holds a marketplace, changing nothing', async () => {
    const url = await freshDatabase();
    const uploads = path.join(work, 'held', 'uploads');
    const first = { dir: backupDir, database: { engine: 'pg' as const, url }, storage: localStorage(uploads), uploadsDir: uploads };
    await restore({ ...first, dataDir: path.join(work, 'held') });
    fs.rmSync(uploads, { recursive: true, force: true });
    await expect(restore({ ...first, dataDir: path.join(work, 'held') })).rejects.toThrow(
      /Refusing to restore over data.*Nothing was changed/s,
    );
  }, 240_000);
});
