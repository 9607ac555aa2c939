import { expect, test } from './support/test';
import { createAccount, latestMailTo } from './support/accounts';

test('a member who forgot the password resets it through the emailed link and signs in', async ({ page, request }) => {
  const account = await createAccount(request, 'old-password-1');
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // Wait for the page's own texts: filling earlier can be lost when they arrive and it re-renders.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email address').fill(account.email);
  await expect(page.getByLabel('Email address')).toHaveValue(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();

  // The same answer for an address with no account (no enumeration).
  const unknown = await request.post('/api/v1/auth/password-reset', { data: { email: 'nobody-here@example.com' } });
  expect(unknown.status()).toBe(202);

  const mail = await latestMailTo(request, account.email, 'password-reset');
  expect(mail.subject).toBe('Reset your SwapU password');
  const link = /https?:\/\/[^\s]+\/forgot-password\?token=[\w-]+/.exec(mail.text)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('New password', { exact: true }).fill('new-password-1');
  await page.getByLabel('Repeat the new password', { exact: true }).fill('new-password-1');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  // The link works once.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('New password', { exact: true }).fill('another-pass-1');
  await page.getByLabel('Repeat the new password', { exact: true }).fill('another-pass-1');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  await page.goto('/auth');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('new-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('userId'))).toBe(account.id);
});
