import { type Page } from '@playwright/test';
import { expect, test } from './support/test';

/**
 * Google sign-in end to end: the e2e server (scripts/e2e-server.mjs) has Google configured
 * against oauth2-mock-server on 127.0.0.1, which approves at once and always signs in this person.
 */
const GOOGLE_PERSON = { email: 'google.person@example.com', name: 'Gus Google' };

const stored = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);
const accountMenu = (page: Page) => page.getByRole('button', { name: /account menu/i });
const headerLogin = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Log in' });

test.describe('Google sign-in', () => {
  test('"Continue with Google" signs the person in and returns to the page they came from @phone', async ({ page }) => {
    await page.goto('/FAQ');
    await headerLogin(page).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText(/By continuing with Google or Facebook you accept the terms and conditions/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue with Facebook' })).toHaveCount(0);
    const before = Date.now();
    await page.getByRole('link', { name: 'Continue with Google' }).click();

    await expect(page).toHaveURL(/\/FAQ$/);
    await expect(accountMenu(page)).toBeVisible();
    // The one-time code travelled in the fragment and is gone from the address bar.
    expect(new URL(page.url()).hash).toBe('');
    const userId = await stored(page, 'userId');
    expect(userId).toMatch(/\S/);
    expect(userId).not.toBe('guest');
    // The refresh token is in an HttpOnly cookie no script can read, sent to the token endpoint only.
    expect(await stored(page, 'refreshToken')).toBeNull();
    expect(await page.evaluate(() => document.cookie)).not.toContain('swapu_refresh');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'swapu_refresh')).toMatchObject({
      httpOnly: true,
      path: '/identity/v1/token',
      sameSite: 'Strict',
    });
    // The nonce this browser kept for the sign-in is spent.
    expect(await stored(page, 'oauthNonce')).toBeNull();
    expect(await stored(page, 'stayLoggedin')).toBe('false');
    // A one-hour session, like a password login.
    const expiration = Number(await stored(page, 'expiration'));
    expect(expiration - before).toBeGreaterThan(3_590_000);
    expect(expiration - Date.now()).toBeLessThanOrEqual(3_600_000);

    const me = await page.evaluate(async () => {
      const res = await fetch('/api/v1/me', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await res.json()) as { email: string; displayName: string };
    });
    expect(me).toMatchObject({ email: GOOGLE_PERSON.email, displayName: GOOGLE_PERSON.name });

    // Signing out and in again with Google finds the same account.
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(headerLogin(page)).toBeVisible();
    await headerLogin(page).click();
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(accountMenu(page)).toBeVisible();
    expect(await stored(page, 'userId')).toBe(userId);
  });

  test('a refused or tampered return lands on the sign-in page with the reason', async ({ page }) => {
    await page.goto('/identity/v1/oauth/google/callback?code=made-up&state=made-up');
    await expect(page).toHaveURL(/\/auth\?error=auth_failed$/);
    await expect(page.getByRole('alert')).toHaveText('Failed to authenticate. Check your login data.');
    expect(await stored(page, 'token')).toBeNull();
  });
});
