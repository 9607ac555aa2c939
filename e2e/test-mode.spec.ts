import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { expect, test, budget } from './support/test';
import { createAccount, signInWithStorage } from './support/accounts';

/**
 * A staging site (TEST_MODE=true): a server of this journey's own, beside the journeys' server,
 * on a fresh embedded database. Every page, the checkout and the receipt say no money is taken
 * and no courier comes, and the admin console's launch checks say test mode is on.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 80;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.resolve(import.meta.dirname, '..', `.e2e-data-test-mode-${PORT}`);
let server: ChildProcess | undefined;
let api: APIRequestContext;
let log = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(budget(180_000));
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      DATA_DIR,
      TEST_MODE: 'true',
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
      SWAPU_TEST_HOOKS: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => void (log += d.toString()));
  server.stderr?.on('data', (d: Buffer) => void (log += d.toString()));
  api = await playwrightRequest.newContext({ baseURL: BASE });
  const until = Date.now() + budget(150_000);
  let ready = 0;
  while (ready !== 200 && Date.now() < until && server.exitCode === null) {
    ready = (await api.get('/api/ready').catch(() => null))?.status() ?? 0;
    if (ready !== 200) await new Promise((r) => setTimeout(r, 250));
  }
  expect(ready, `the staging server did not come up:\n${log}`).toBe(200);
});

test.afterAll(async () => {
  await api?.dispose();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server!.once('exit', resolve));
  }
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

test.describe('a staging site in test mode @phone', () => {
  test('says on every page, at checkout and on the receipt that no money is taken and no courier comes', async ({ page }) => {
    test.setTimeout(budget(90_000));
    await page.goto(`${BASE}/`);
    const banner = page.getByTestId('test-mode-banner');
    await expect(banner).toHaveText('Test mode: no money is taken and no courier comes');
    await expect(banner).toBeInViewport();
    await page.goto(`${BASE}/search?keyword=bike`);
    await expect(banner).toBeVisible();
    await page.goto(`${BASE}/auth`);
    await expect(banner).toBeVisible();

    // A member buys tokens: the checkout says it takes no money, and so does the receipt.
    const account = await createAccount(api);
    await signInWithStorage(page, account);
    await page.goto(`${BASE}/tokens`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tokens' })).toBeVisible();
    await expect(banner).toBeVisible();
    await page.getByRole('button', { name: '20', exact: true }).click();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
    await expect(banner).toBeVisible();
    await expect(page.getByText(/^Test payments: nothing is charged\./)).toBeVisible();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay A$20' }).click();
    await expect(page).toHaveURL(/\/tokens\?checkout=paid$/);
    await expect(page.getByTestId('token-balance')).toContainText('20 tokens');

    await page.goto(`${BASE}/receipts`);
    await page.getByTestId('receipt-row').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible();
    await expect(page.getByTestId('receipt-test-payment')).toHaveText('Test payment: no money was taken.');
    // No seller configured on a staging site: the invoice names the marked sample, and says so.
    await expect(page.getByTestId('receipt-abn')).toHaveText('ABN 00 000 000 000');
    await expect(page.getByTestId('receipt-sample-seller')).toContainText('Sample seller details');

    // In Portuguese too.
    await page.goto(`${BASE}/`);
    await page.evaluate(() => window.localStorage.setItem('swapu.lang', 'pt-PT'));
    await page.reload();
    await expect(banner).toHaveText('Modo de teste: não é cobrado dinheiro e nenhum estafeta vem');
  });

  test('an admin sees in the console that the site runs in test mode', async ({ page }) => {
    const account = await createAccount(api);
    expect((await api.post(`/api/test/accounts/${account.id}/admin`)).status()).toBe(204);
    await signInWithStorage(page, account);
    await page.goto(`${BASE}/admin`);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin console' })).toBeVisible();
    await expect(page.getByTestId('launch-check-test_mode')).toContainText('Test mode is on');
    await page.goto(`${BASE}/admin/analytics`);
    await expect(page.getByTestId('launch-check-test_mode')).toContainText('No money is taken and no courier comes');
  });
});
