import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, MIGRATIONS_FOLDER, openPglite, openPostgres } from './client';
import { rowsOf } from '../lib/sql-rows';
import { TEST_DB_KIND } from '../test/database';

/**
 * Several servers started together on one new database (a cluster's first start, or a deploy
 * bringing up every instance at once) all run the migrations at the same moment. On PostgreSQL
 * each instance is its own database handle; PGlite belongs to one process, so there the
 * instances share it.
 */
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

async function instancesOnOneEmptyDatabase(n: number): Promise<Database[]> {
  if (TEST_DB_KIND === 'pglite') {
    const database = await openPglite(undefined);
    closers.push(() => database.close());
    return Array.from({ length: n }, () => database);
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `swapu_test_migrate_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  closers.push(async () => {
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handles = await Promise.all(Array.from({ length: n }, () => openPostgres(url.toString(), 1)));
  for (const h of handles) closers.push(() => h.close());
  return handles;
}

describe('migrations', () => {
  it('servers starting together on one empty database all start, and each migration is applied once', async () => {
    const instances = await instancesOnOneEmptyDatabase(3);
    const outcomes = await Promise.allSettled(instances.map((i) => i.migrate()));
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'started'))).toEqual(['started', 'started', 'started']);
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const [applied] = await rowsOf<{ n: number; distinct: number }>(
      instances[0]!.db,
      sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
    );
    expect(applied).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
  });
});
