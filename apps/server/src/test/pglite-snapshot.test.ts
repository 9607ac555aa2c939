import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count as rows, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPglite } from '../db/client';
import { categories } from '../db/schema/index';
import { createTestDatabase, TEST_DB_KIND } from './database';
import { dumpSnapshot, readTar, type SnapshotSource, snapshotFs } from './pglite-snapshot';

/** A tar header block for one entry (ustar), as PGlite's dumpDataDir writes them. */
function header(name: string, size: number, type: '0' | '5'): Uint8Array {
  const block = new Uint8Array(512);
  const put = (at: number, text: string) => block.set(new TextEncoder().encode(text), at);
  put(0, name);
  put(124, size.toString(8).padStart(11, '0'));
  put(136, (1_700_000_000).toString(8).padStart(11, '0'));
  put(156, type);
  put(257, 'ustar');
  return block;
}
const padded = (bytes: Uint8Array) => {
  const out = new Uint8Array(Math.ceil(bytes.length / 512) * 512);
  out.set(bytes);
  return out;
};
/** The entries, then the two zero blocks that end a tar. */
const archive = (parts: Uint8Array[]) => new Uint8Array(Buffer.concat([...parts, new Uint8Array(1024)]));

describe('the PGlite test snapshot reader', () => {
  it('reads directories and files with their bytes and times, and refuses what is not a data directory', () => {
    const version = new TextEncoder().encode('17\n');
    const big = new Uint8Array(700).fill(7);
    const entries = readTar(
      archive([
        header('/base/', 0, '5'),
        header('/PG_VERSION', version.length, '0'),
        padded(version),
        header('/base/1/1259', big.length, '0'),
        padded(big),
      ]),
    );
    expect(entries.map((e) => [e.path, e.dir, e.data.length])).toEqual([
      ['base', true, 0],
      ['PG_VERSION', false, 3],
      ['base/1/1259', false, 700],
    ]);
    expect(new TextDecoder().decode(entries[1]!.data)).toBe('17\n');
    expect(entries[2]!.data.every((b) => b === 7)).toBe(true);
    expect(entries[2]!.mtime).toBe(1_700_000_000);
    expect(() => readTar(archive([header('/base/', 0, '5')]))).toThrow(/no PG_VERSION/);
    expect(() => readTar(archive([header('/link', 0, '2' as '0')]))).toThrow(/tar type 2/);
  });
});

// The run's own snapshot is made on PGlite runs only (global-setup.ts); on PostgreSQL runs this shows as skipped.
describe.runIf(TEST_DB_KIND === 'pglite')('the PGlite test snapshot', () => {
  it('is checkpointed with no WAL segment after the current one; a copy holds every write and writes on into new segments', async () => {
    // A copy of the run's snapshot stands in for the migrated database (a fresh initdb takes seconds).
    const source = await openPglite(undefined, { fs: await snapshotFs(inject('pgliteSnapshot')) });
    const raw = source.raw as SnapshotSource;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-snapshot-'));
    try {
      await raw.exec('create table kept (n int primary key)');
      // A segment past the first (a switch starts the next), so the checkpoint recycles one for later.
      await raw.exec('insert into kept values (1), (2); select pg_switch_wal()');
      await raw.exec('checkpoint; insert into kept values (0); insert into kept select generate_series(100, 299)');
      const { rows: written } = await raw.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
      const tar = await dumpSnapshot(raw);
      const { rows: walNow } = await raw.query<{ name: string }>('select pg_walfile_name(pg_current_wal_insert_lsn()) as name');
      const { rows: control } = await raw.query<{ afterEveryWrite: boolean }>(
        `select redo_lsn >= '${written[0]!.lsn}'::pg_lsn as "afterEveryWrite" from pg_control_checkpoint()`,
      );
      await source.close();
      const segments = readTar(new Uint8Array(tar))
        .filter((e) => !e.dir && /^pg_wal\/[0-9A-F]{24}$/.test(e.path))
        .map((e) => e.path.slice('pg_wal/'.length));
      expect(segments.every((f) => f <= walNow[0]!.name)).toBe(true);
      expect(segments).toContain(walNow[0]!.name);
      // Checkpointed after the last write (the 201 rows came after the test's own checkpoint): a
      // copy replays nothing written before the dump.
      expect(control[0]!.afterEveryWrite).toBe(true);

      const file = path.join(dir, 'snapshot.tar');
      fs.writeFileSync(file, tar);
      const copy = await openPglite(undefined, { fs: await snapshotFs(file) });
      try {
        const count = async () => (await copy.prepared<{ n: number }>('', 'select count(*)::int as n from kept', []))[0]!.n;
        expect(await count()).toBe(203);
        // Written on into the segments left out: PostgreSQL makes each as it needs it.
        await copy.prepared('', 'select pg_switch_wal()', []);
        await copy.prepared('', 'insert into kept values (3), (4)', []);
        await copy.prepared('', 'checkpoint', []);
        expect(await count()).toBe(205);
      } finally {
        await copy.close();
      }
    } finally {
      // Closed already unless a step before failed; a second close only says so.
      await source.close().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// On PostgreSQL each test database is a clone of the migrated template: the same promise holds.
describe(`test databases (${TEST_DB_KIND}: ${TEST_DB_KIND === 'pglite' ? 'opened from the snapshot' : 'cloned from the template'})`, () => {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const d of opened) await d.close();
  });

  it('are migrated, and each is its own: a write in one is not in another', async () => {
    const a = await createTestDatabase();
    opened.push(a);
    const b = await createTestDatabase();
    opened.push(b);
    const count = async (d: Database) => (await d.db.select({ n: rows() }).from(categories))[0]!;
    const before = (await count(a)).n;
    expect(before).toBeGreaterThan(0);
    await a.db.delete(categories);
    // Written out to a's files now, so that files shared with b (one array behind two file
    // systems) would show the delete in b's first read.
    await a.db.execute(sql`checkpoint`);
    expect((await count(a)).n).toBe(0);
    expect((await count(b)).n).toBe(before);
    // A third, opened after the write, starts from the snapshot too.
    const c = await createTestDatabase();
    opened.push(c);
    expect((await count(c)).n).toBe(before);
  });
});
