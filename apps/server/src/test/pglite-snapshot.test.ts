import { count as rows, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { categories } from '../db/schema/index';
import { createTestDatabase, TEST_DB_KIND } from './database';
import { readTar } from './pglite-snapshot';

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
