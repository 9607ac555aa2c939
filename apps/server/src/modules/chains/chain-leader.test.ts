import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { swapChainMembers } from '../../db/schema/index';
import { fixedClock } from '../../lib/clock';
import { signUpMember } from '../../test/accounts';
import { createTestDatabase } from '../../test/database';
import { createPost } from '../../test/factories';
import { fakeModerator } from '../../test/moderator';
import { attachChainFinder } from './chain-finder';
import { inProcessEngine } from './engine-runner';

/**
 * Two server instances on one database, each running the chain finder, as behind a load balancer
 * (issue 38): one leads the search at a time; when it goes, the other takes over and searches.
 */
const NOW = new Date();
const DAY = 86_400_000;
let database: Database;
let dataDir: string;
const instances: Array<{ app: Awaited<ReturnType<typeof buildApp>>; log: string[]; closed: boolean }> = [];

async function instance() {
  const log: string[] = [];
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir, SEED_DEMO: 'false', VIEWER_CACHE_MS: '0' });
  const app = await buildApp({
    config,
    database,
    clock: fixedClock(NOW),
    moderator: fakeModerator(),
    serveWeb: false,
    logStream: { write: (line: string) => void log.push((JSON.parse(line) as { msg: string }).msg) },
  });
  attachChainFinder(app, { engine: inProcessEngine(), retryMs: 100 });
  await app.ready();
  const i = { app, log, closed: false };
  instances.push(i);
  return i;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-chain-leader-'));
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const i of instances) if (!i.closed) await i.app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const until = async (check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
const leads = (i: { log: string[] }) => i.log.filter((m) => m === 'the swap chain search leads on this instance').length;
const fullRuns = (i: { log: string[] }) => i.log.filter((m) => m === 'swap chain search (full)').length;

describe('the chain finder on several instances', () => {
  it('leads on one instance at a time; when it goes, the other takes over and proposes the ring made meanwhile', async () => {
    const [a, b] = [await instance(), await instance()];
    await until(() => leads(a) + leads(b) > 0);
    await until(() => fullRuns(a) + fullRuns(b) > 0);
    await new Promise((r) => setTimeout(r, 500)); // the other has tried several times
    expect(leads(a) + leads(b)).toBe(1);
    const [leader, other] = leads(a) ? [a, b] : [b, a];
    expect(fullRuns(other)).toBe(0);

    await leader.app.close();
    leader.closed = true;
    // A ring, liked through the instance that is left.
    const members = [await signUpMember(other.app), await signUpMember(other.app), await signUpMember(other.app)];
    const items: string[] = [];
    for (const [k, m] of members.entries())
      items.push(
        (
          await createPost(database.db, {
            ownerId: m.id,
            title: `Leader ring ${k}`,
            cashValueCents: 40_000,
            publishedAt: new Date(NOW.getTime() - 3 * DAY),
            now: NOW,
          })
        ).id,
      );
    for (let k = 0; k < 3; k++) {
      const liked = await other.app.inject({
        method: 'PUT',
        url: `/api/v1/posts/${items[(k + 1) % 3]}/like`,
        headers: members[k]!.headers,
      });
      expect(liked.statusCode, liked.body).toBe(200);
    }
    await until(() => leads(other) === 1);
    await until(
      async () => (await database.db.select().from(swapChainMembers).where(inArray(swapChainMembers.givesPostId, items))).length === 3,
    );
    // The new leader searched the whole graph when it took over.
    await until(() => fullRuns(other) > 0);
    expect(leads(other)).toBe(1);
  });
});
