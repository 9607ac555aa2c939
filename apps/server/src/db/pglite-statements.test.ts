import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PGLITE_PLAN_CACHE_MODE, withStatementCache } from './pglite-statements';

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create({ startParams: [...PGlite.defaultStartParams, '-c', `plan_cache_mode=${PGLITE_PLAN_CACHE_MODE}`] });
});
beforeEach(async () => {
  // Each test starts from the same table and no prepared statement (a test's cache is its own).
  await pg.exec(`
    deallocate all;
    drop table if exists things;
    create table things (id text primary key, n int, at timestamptz, tags text[], meta jsonb, ok boolean, note text);
    insert into things values ('a', 1, '2026-11-20T10:00:00Z', '{x,y}', '{"k": 1}', true, null), ('b', 2, null, '{}', null, false, 'hi');
  `);
});
afterAll(async () => {
  await pg.close();
});

const kept = async () => (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;
/** Drizzle's options: rows as arrays, its own parsers for some types (timestamps kept as text). */
const drizzleLike = { rowMode: 'array' as const, parsers: { 1184: (v: string) => `raw:${v}` } };

describe('kept prepared statements on PGlite', () => {
  it('answers exactly as PGlite’s own query() does, rows as objects or arrays, with a call’s own parsers', async () => {
    const s = withStatementCache(pg);
    const text = 'select id, n, at, tags, meta, ok, note from things where n >= $1 order by id';
    for (const options of [undefined, drizzleLike, { rowMode: 'array' as const }]) {
      const own = await pg.query(text, [1], options);
      // Twice: the first call prepares, the second runs the kept statement.
      for (let i = 0; i < 2; i++) {
        const ours = await s.query(text, [1], options);
        expect(ours.rows).toEqual(own.rows);
        expect(ours.fields).toEqual(own.fields);
        expect(ours.affectedRows).toBe(own.affectedRows);
      }
    }
    const written = await s.query('update things set n = n + $1 where n > $2 returning id', [10, 0]);
    expect(written).toMatchObject({ affectedRows: 2, rowCount: 2, command: 'UPDATE', rows: [{ id: 'a' }, { id: 'b' }] });
    expect(s.stats()).toMatchObject({ prepared: 2, reused: 5 });
  });

  it('prepares a statement once and keeps at most its bound, closing the least recently used', async () => {
    const s = withStatementCache(pg, 3);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 5; i++) expect((await s.query(`select $1::int + ${i} as v`, [round])).rows).toEqual([{ v: round + i }]);
    }
    // Five statements in turn through three places: each evicted before its turn came again.
    expect(s.stats()).toMatchObject({ prepared: 15, reused: 0, kept: 3 });
    // The evicted are closed when the next statement is prepared: one waits to be closed.
    expect(await kept()).toBe(4);
    const s2 = withStatementCache(pg, 3);
    for (let i = 0; i < 20; i++) await s2.query('select $1::int as v', [i]);
    expect(s2.stats()).toMatchObject({ prepared: 1, reused: 19, kept: 1 });
    await s.forget();
    await s2.forget();
    expect(await kept()).toBe(0);
  });

  it('refuses a bad statement with the database’s error and changes nothing; the next statement runs', async () => {
    const s = withStatementCache(pg);
    const insert = 'insert into things (id, n) values ($1, $2)';
    await s.query(insert, ['c', 3]);
    await expect(s.query(insert, ['c', 4])).rejects.toMatchObject({ code: '23505', query: insert, params: ['c', 4] });
    await expect(s.query('select nope from things', [])).rejects.toMatchObject({ code: '42703' });
    expect((await s.query('select n from things where id = $1', ['c'])).rows).toEqual([{ n: 3 }]);
  });

  it('runs inside transactions: a rollback undoes the kept statement’s writes, a commit keeps them', async () => {
    const s = withStatementCache(pg);
    const insert = 'insert into things (id, n) values ($1, $2)';
    await expect(
      s.transaction(async (tx) => {
        await tx.query(insert, ['d', 4]);
        await tx.query(insert, ['d', 5]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await s.query('select count(*)::int as n from things where id = $1', ['d'])).rows).toEqual([{ n: 0 }]);
    await s.transaction(async (tx) => {
      await tx.query(insert, ['e', 5]);
      expect((await tx.query('select n from things where id = $1', ['e'])).rows).toEqual([{ n: 5 }]);
    });
    expect((await s.query('select n from things where id = $1', ['e'])).rows).toEqual([{ n: 5 }]);
    let leaked: Parameters<Parameters<typeof s.transaction>[0]>[0] | undefined;
    await s.transaction(async (tx) => {
      leaked = tx;
    });
    await expect(leaked!.query('select 1', [])).rejects.toThrow('Transaction is closed');
  });

  it('takes turns with PGlite’s own transactions: a statement outside one waits until it ends', async () => {
    const s = withStatementCache(pg);
    const order: string[] = [];
    await Promise.all([
      s.transaction(async (tx) => {
        await tx.query('update things set n = $1 where id = $2', [100, 'a']);
        await new Promise((r) => setTimeout(r, 50));
        order.push('transaction');
      }),
      s.query('select n from things where id = $1', ['a']).then((r) => order.push(`read ${(r.rows[0] as { n: number }).n}`)),
    ]);
    expect(order).toEqual(['transaction', 'read 100']);
  });

  it('recovers a statement whose table changed under it, and starts afresh after forget()', async () => {
    const s = withStatementCache(pg);
    const text = 'select * from things where id = $1';
    expect(Object.keys((await s.query(text, ['a'])).rows[0] as object)).toHaveLength(7);
    await pg.exec('alter table things add column extra int default 7');
    await expect(s.query(text, ['a'])).rejects.toThrow(/cached plan must not change result type/);
    expect((await s.query(text, ['a'])).rows[0]).toMatchObject({ id: 'a', extra: 7 });
    await pg.exec('alter table things drop column extra');
    await s.forget();
    expect(Object.keys((await s.query(text, ['a'])).rows[0] as object)).toHaveLength(7);
  });

  it('leaves statements other than plain reads and writes to PGlite', async () => {
    const s = withStatementCache(pg);
    await s.query("set application_name = 'swapu'", []);
    expect((await s.query('show application_name', [])).rows).toEqual([{ application_name: 'swapu' }]);
    expect(s.stats()).toMatchObject({ prepared: 0, reused: 0 });
  });
});
