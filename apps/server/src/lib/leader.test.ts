import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase, TEST_DB_KIND } from '../test/database';
import { lead, type Leadership } from './leader';

/**
 * Contenders for one leadership, as server instances on one database: on PostgreSQL each holds a
 * connection of its own, as separate processes would; on PGlite they share the one process.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('not within 5 s');
    await new Promise((r) => setTimeout(r, 10));
  }
};

function contender(key: string) {
  const log: string[] = [];
  const l: Leadership = lead(database, key, {
    onLead: () => void log.push('lead'),
    onLose: () => void log.push('lose'),
    retryMs: 50,
  });
  return { l, log };
}

describe('leadership among instances', () => {
  it('has one leader at a time; when it steps down another takes over, and a third waits', async () => {
    const [a, b, c] = [contender('test:one'), contender('test:one'), contender('test:one')];
    await until(() => [a, b, c].some((x) => x.l.leading));
    await new Promise((r) => setTimeout(r, 300)); // several tries of the others
    expect([a, b, c].filter((x) => x.l.leading)).toHaveLength(1);
    const first = [a, b, c].find((x) => x.l.leading)!;
    await first.l.stop();
    expect(first.log).toEqual(['lead', 'lose']);
    const rest = [a, b, c].filter((x) => x !== first);
    await until(() => rest.some((x) => x.l.leading));
    await new Promise((r) => setTimeout(r, 300));
    expect(rest.filter((x) => x.l.leading)).toHaveLength(1);
    for (const x of rest) await x.l.stop();
  });

  it('leads on separate keys independently', async () => {
    const [a, b] = [contender('test:key-a'), contender('test:key-b')];
    await until(() => a.l.leading && b.l.leading);
    await a.l.stop();
    await b.l.stop();
  });

  it('an instance whose leadership connection dies (a crash) loses the lead, and another takes it', async () => {
    const [a, b] = [contender('test:crash'), contender('test:crash')];
    await until(() => a.l.leading || b.l.leading);
    const [leader, other] = a.l.leading ? [a, b] : [b, a];
    if (TEST_DB_KIND === 'pg') {
      // The server ends the leader's session, as when its process is killed or its host drops.
      const admin = new pg.Client({
        connectionString: (database.raw as { options: { connectionString: string } }).options.connectionString,
      });
      await admin.connect();
      const ended = await admin.query(
        `select pg_terminate_backend(l.pid) from pg_locks l join pg_stat_activity s on s.pid = l.pid
         where l.locktype = 'advisory' and s.application_name = 'swapu-leader:test:crash' and s.datname = current_database()`,
      );
      await admin.end();
      expect(ended.rowCount).toBe(1);
    }
    // Its process is gone too: it tries no more (its session, ended above on PostgreSQL, holds nothing).
    await leader.l.stop();
    await until(() => other.l.leading);
    expect(leader.log).toEqual(['lead', 'lose']);
    expect(other.log).toEqual(['lead']);
    await other.l.stop();
  });
});
