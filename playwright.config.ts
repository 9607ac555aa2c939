import { defineConfig, devices } from '@playwright/test';
import { journeyBrowser } from './scripts/chromium-path.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const CHROMIUM = journeyBrowser();
const SLOW = Number(process.env.E2E_SLOW ?? 1) || 1;

/** Journeys run in Debian's Chromium against the built app on a fresh data directory. */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // `npm test` runs the journeys beside the PostgreSQL run with both cores saturated, and doubles
  // these (E2E_SLOW=2, scripts/test.mjs): a wait that passes never waits longer for it.
  timeout: 60_000 * SLOW,
  expect: { timeout: 10_000 * SLOW },
  // `npm test` also asks for a JSON report (E2E_JSON) per server: the specs' measured durations,
  // which scripts/e2e-durations.mjs compares with e2e/durations.json (and writes there on request).
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace of every failure; `npm test`, which gives a failed journey a second try, records one on
    // that try only (E2E_TRACE=on-first-retry, scripts/test.mjs): recording costs CPU in every journey.
    trace: process.env.E2E_TRACE === 'on-first-retry' ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // No service worker unless a journey asks for one (e2e/pwa.spec.ts does, and proves the worker:
    // offline start, the update prompt, pushes). Each journey opens fresh contexts, and in each the
    // worker installed itself and precached the whole app (365 files) in the background: 3-4 s of
    // CPU a context on an idle machine, and the server's serving of those files. The 19 journeys
    // of marketplace + search: 173-197 CPU-s with the worker, 153-163 without
    // (docs/decisions/0047-ci-time.md, 2026-12-03). A journey is a member's first visit, which the
    // worker never controls before it has installed.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/ },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/api/ready`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(PORT) },
  },
});
