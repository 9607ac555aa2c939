import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client';
import { testDatabasePrefix } from './global-setup';
import { snapshotFs } from './pglite-snapshot';

/** Which engine this run tests: PGlite by default, PostgreSQL when TEST_DB=pg. */
export const TEST_DB_KIND: 'pglite' | 'pg' = process.env.TEST_DB === 'pg' ? 'pg' : 'pglite';

/** A fresh, migrated database with reference data (categories, localities) for one test file. */
export async function createTestDatabase(): Promise<Database> {
  if (TEST_DB_KIND === 'pglite') {
    // The snapshot is read once per worker; each database gets its own copy of its files.
    return openPglite(undefined, { fs: await snapshotFs(inject('pgliteSnapshot')) });
  }
  const template = inject('pgTemplate')!;
  const adminUrl = process.env.TEST_DATABASE_URL!;
  // Named after the run's template, so the run's global teardown finds and drops them all.
  const name = `${testDatabasePrefix(template)}${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  // A test database is thrown away after its file: commits need not wait for the disk (a few
  // per cent of a fuzzing file alone, more when the disk is busy). Nothing else changes:
  // constraints, locks and isolation are the server's as ever.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Closing ends the file's connections; the database itself is dropped with the run's others at
  // its end (global-setup.ts), not here: every DROP DATABASE forces an immediate checkpoint, which
  // wrote out the pages every other running file had dirtied, about 145 times a run (decision 0047,
  // 2026-12-06, late).
  return openPostgres(url.toString(), 4);
}
