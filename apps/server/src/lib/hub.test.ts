import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/database';
import { createHub, type Hub, type HubEvent } from './hub';

let database: Database;
let a: Hub;
let b: Hub;
beforeAll(async () => {
  database = await createTestDatabase();
  a = await createHub(database);
  b = await createHub(database);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.close();
});

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('the realtime hub', () => {
  it('delivers each event once to this instance at once and to the others in order, batched into few NOTIFYs', async () => {
    const onA: HubEvent[] = [];
    const onB: HubEvent[] = [];
    const stopA = a.listen((e) => onA.push(e));
    const stopB = b.listen((e) => onB.push(e));
    // 200 events of ~100 bytes: more than one NOTIFY payload's worth.
    const events = Array.from({ length: 200 }, (_, i) => ({
      users: ['u1'],
      kind: 'message' as const,
      id: `message-${i}-${'x'.repeat(60)}`,
      roomId: 'r1',
    }));
    await Promise.all(events.map((e) => a.publish(e)));
    expect(onA.map((e) => e.id)).toEqual(events.map((e) => e.id));
    await until(() => onB.length >= 200);
    await new Promise((r) => setTimeout(r, 100));
    expect(onB.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(onA).toHaveLength(200); // its own NOTIFYs are not delivered twice
    stopA();
    stopB();
  });
});
