import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { ensureReferenceData } from '../db/reference-data';
import { dumpSnapshot, type SnapshotSource } from './pglite-snapshot';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string | null;
  }
}

/**
 * Migrates one database with the reference data once per run. PGlite tests load a copy of its
 * data directory; PostgreSQL tests (TEST_DB=pg) clone a template database. Every test file then
 * gets its own fresh database.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-test-'));
  const snapshot = path.join(dir, 'pglite.tar');
  let template: string | null = null;
  const adminUrl = process.env.TEST_DATABASE_URL;

  if (process.env.TEST_DB === 'pg') {
    if (!adminUrl) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
    template = `swapu_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.query(`alter database ${template} set synchronous_commit = off`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const database = await openPostgres(url.toString(), 2);
    await database.migrate();
    await ensureReferenceData(database.db);
    await database.close();
  } else {
    const database = await openPglite(undefined);
    await database.migrate();
    await ensureReferenceData(database.db);
    fs.writeFileSync(snapshot, await dumpSnapshot(database.raw as SnapshotSource));
    await database.close();
  }
  project.provide('pgliteSnapshot', snapshot);
  project.provide('pgTemplate', template);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (template && adminUrl) await dropRunDatabases(adminUrl, template);
  };
}

/** The names of a run's PostgreSQL test databases begin with this (from the run's template's name). */
export const testDatabasePrefix = (template: string) => `${template.replace(/^swapu_tpl_/, 'swapu_test_')}_`;

/**
 * The run's end on PostgreSQL: every test database it made (named after its template,
 * test/database.ts), then the template. Each DROP DATABASE forces an immediate checkpoint; here,
 * with the run's files finished, there is nothing left to write out. A few at a time: checkpoints
 * asked for together are one checkpoint.
 */
async function dropRunDatabases(adminUrl: string, template: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const prefix = testDatabasePrefix(template);
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1) order by datname`,
      [prefix],
    );
    const names = rows.map((r) => r.datname);
    const clients = await Promise.all(
      Array.from({ length: Math.min(4, names.length) }, async () => {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        return c;
      }),
    );
    await Promise.all(
      clients.map(async (c) => {
        for (let name = names.pop(); name; name = names.pop()) await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      }),
    );
    await admin.query(`drop database if exists ${template}`);
  } finally {
    await admin.end();
  }
}
