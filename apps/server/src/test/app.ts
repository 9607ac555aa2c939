import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { fixedClock } from '../lib/clock';
import { createTestDatabase } from './database';
import { fakeModerator } from './moderator';

/** Builds the real app on a fresh database with a controllable clock, for inject()-driven tests. */
export async function createTestApp(opts: { now?: string; config?: Partial<Config>; serveWeb?: boolean; offerExpiry?: boolean } = {}) {
  const database: Database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-app-'));
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false', GUEST_CACHE_MS: '0' },
    opts.config,
  );
  const clock = fixedClock(opts.now ?? '2026-11-20T00:00:00.000Z');
  const moderator = fakeModerator();
  const app = await buildApp({ config, database, clock, moderator, serveWeb: opts.serveWeb ?? false, offerExpiry: opts.offerExpiry ?? false });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    clock,
    config,
    moderator,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
