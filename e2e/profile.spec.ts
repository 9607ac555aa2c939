import path from 'node:path';
import { expect, test } from './support/test';
import { generate } from 'otplib';
import { createAccount, signInWithStorage } from './support/accounts';

test.describe('profile and account settings', () => {
  test('a person signs up, completes onboarding, then edits the profile and uploads an avatar', async ({ page, request }) => {
    const email = `e2e-onboard-${Date.now()}@example.com`;
    await page.goto('/auth/signup');
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('Email address').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('swapu-test-1');
    await form.getByRole('checkbox', { name: /I accept the terms and conditions and the privacy policy/ }).check();
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('heading', { name: 'Welcome to SwapU' })).toBeVisible();
    const account = { id: (await page.evaluate(() => window.localStorage.getItem('userId')))! };
    await expect(page.getByRole('heading', { name: 'Swapping on SwapU' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();

    const name = page.getByLabel('Display name');
    await name.fill('x');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter valid name');
    await name.fill('Olivia Harper');
    await page.getByRole('button', { name: 'Next' }).click();

    const suburb = page.getByRole('combobox', { name: 'Suburb or postcode' });
    await suburb.fill('Atlantis');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter valid address');
    await suburb.fill('Fitzr');
    await page.getByRole('option', { name: 'Fitzroy VIC 3065' }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    const main = page.getByRole('main');
    await main.getByText('Bicycles', { exact: true }).click();
    await main.getByText('Camping and fishing', { exact: true }).click();
    await expect(main.getByRole('checkbox', { name: 'Bicycles' })).toBeChecked();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('switch', { name: /Email me about unread messages/ })).toBeChecked();
    await page.getByRole('button', { name: 'Start swapping' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto(`/user-detail/${account.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Olivia Harper' })).toBeVisible();
    await expect(page.getByText('Fitzroy, VIC')).toBeVisible();
    await expect(page.getByRole('main').getByText('Bicycles', { exact: true })).toBeVisible();
    await expect(page.getByTestId('profile-swaps')).toHaveText('0');

    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Bio').fill('Trading bikes and tents around Melbourne.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('profile-bio')).toHaveText('Trading bikes and tents around Melbourne.');

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Change photo' }).click();
    await (await chooser).setFiles(path.join(import.meta.dirname, 'fixtures', 'avatar.jpg'));
    await expect(page.getByText('Image updated.')).toBeVisible();
    await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', /\/media\/avatars\/.+\/lg\.webp$/);

    // Another person sees the public profile, without the settings.
    const other = await createAccount(request);
    const page2 = await page.context().browser()!.newPage();
    await signInWithStorage(page2, other);
    await page2.goto(`/user-detail/${account.id}`);
    await expect(page2.getByRole('heading', { level: 1, name: 'Olivia Harper' })).toBeVisible();
    await expect(page2.getByRole('button', { name: 'Edit profile' })).toHaveCount(0);
    await expect(page2.getByText('Two-factor authentication')).toHaveCount(0);
    await page2.close();
  });

  test('a member turns on two-factor authentication and then needs a code to sign in', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInWithStorage(page, account);
    await page.goto(`/user-detail/${account.id}`);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = await page.getByTestId('totp-secret').inputValue();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await page.getByLabel('6-digit code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(8);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByText('On. You will be asked for a code')).toBeVisible();

    // Signing in now asks for the code.
    const res = await request.post('/identity/v1/accounts:signInWithPassword', {
      data: { email: account.email, password: account.password, returnSecureToken: true },
    });
    expect((await res.json()).error.message).toBe('MFA_REQUIRED');

    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/auth');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    // The code that turned it on has been used: a code is good once. The authenticator's next
    // code (30 seconds on, within the allowed drift) signs in.
    await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).not.toHaveURL(/\/auth/);
  });

  test('a member resends the verification link and signs out everywhere: the other device is signed out too', async ({
    browser,
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await signInWithStorage(page, account);
    // The same account on a second device.
    const other = await (await browser.newContext()).newPage();
    await signInWithStorage(other, account);
    await other.goto('/myswapu');
    await expect(other.getByRole('heading', { name: 'My SwapU' })).toBeVisible();

    await page.goto(`/user-detail/${account.id}`);
    const card = page.getByTestId('security-card');
    await expect(card).toContainText("Your email address isn't verified yet");
    await card.getByRole('button', { name: 'Send the link again' }).click();
    await expect(page.getByText('We sent a new verification link. Check your inbox.')).toBeVisible();

    await card.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("You're signed out everywhere. Log in again to continue.")).toBeVisible();

    // The other device's next request finds its session ended, and says so.
    await other.reload();
    await expect(other.getByTestId('auto-logout-alert')).toContainText('You were signed out because your session was ended');
    expect(await other.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });
});
