import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { fixedClock } from '../lib/clock';
import { isLoopbackUrl } from '../lib/deployment';
import { openSecrets, renderSecrets } from '../modules/mail/mail.service';
import { createTestDatabase } from './database';
import { fakeModerator } from './moderator';

/**
 * A public server as a live site runs it: Stripe and Sendle configured (their APIs never called
 * unless a test points them at a stand-in), the seller set, not in TEST_MODE. A test app with a
 * public PUBLIC_URL is otherwise a TEST_MODE staging site, which tags its mails and pages.
 */
export const LIVE_SERVICES = {
  testMode: false,
  payments: {
    provider: 'stripe',
    secretKey: 'sk_test_unused',
    webhookSecret: 'whsec_unused',
    publishableKey: undefined,
    apiBase: 'http://127.0.0.1:9',
  },
  delivery: { courier: 'sendle', simStepMs: 1000, baseUrl: 'http://127.0.0.1:9', sendleId: 'unused', apiKey: 'unused' },
  sellerMissing: [],
} satisfies Partial<Config>;

/** Builds the real app on a fresh database with a controllable clock, for inject()-driven tests. */
export async function createTestApp(
  opts: {
    now?: string;
    config?: Partial<Config>;
    serveWeb?: boolean;
    offerExpiry?: boolean;
    /** Where the log goes (with config.logLevel): a test that reads the log. */
    logStream?: { write(line: string): void };
  } = {},
) {
  const database: Database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-app-'));
  // Developer pages are refused on a non-loopback PUBLIC_URL: a test that sets one gets them off.
  const loopback = isLoopbackUrl(opts.config?.publicUrl ?? 'http://localhost');
  const devPages = opts.config?.devPages ?? loopback;
  // A public server with the local payment provider and courier simulator is a staging site (TEST_MODE).
  const testMode = opts.config?.testMode ?? !loopback;
  // Members' passwords at a test's cost (lib/passwords.ts: argon2id at 1 MiB and one pass, about
  // 24 CPU-seconds less an integration run), where the deployment check allows it: a loopback
  // server that is not production. A test of a production or public configuration gets `standard`.
  const passwordHashing = opts.config?.passwordHashing ?? (loopback && opts.config?.env !== 'production' ? 'fast' : 'standard');
  // No load shedding unless a test asks for it (lib/load-shedding.test.ts): tests fire hundreds of
  // requests at once to prove the database's limits.
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      SHARED_CACHE_MS: '0',
      VIEWER_CACHE_MS: '0',
      OVERLOAD_MAX_IN_FLIGHT: '0',
    },
    { ...opts.config, devPages, testMode, passwordHashing },
  );
  const clock = fixedClock(opts.now ?? '2026-11-20T00:00:00.000Z');
  const moderator = fakeModerator();
  const app = await buildApp({
    config,
    database,
    clock,
    moderator,
    serveWeb: opts.serveWeb ?? false,
    offerExpiry: opts.offerExpiry ?? false,
    logStream: opts.logStream,
  }).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
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

/** An outbox row's bodies as its recipient receives them (secret links filled in). */
export function asDelivered(t: TestApp, row: { text: string; html: string; secrets: string | null }) {
  return renderSecrets(row, openSecrets(t.app.ctx.secrets, row.secrets));
}
