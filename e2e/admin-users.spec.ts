import type { Locator, Page } from '@playwright/test';
import { expect, test, budget } from './support/test';
import { admin as newAdmin, member, signedInPage } from './support/fixtures';

/** Screenshots at phone and desktop widths for a person to look at, when E2E_SHOTS names a folder (never in CI). */
const shot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SHOTS;
  const size = page.viewportSize();
  if (!dir || !size) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
};

/** Chooses an item of a member's row menu. */
const act = async (page: Page, row: Locator, item: string) => {
  await row.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: item }).click();
};

test.describe('the admin console: users and the audit log', () => {
  test('an admin finds a member, suspends them with a reason (they are signed out and read it in support), lifts it, makes them admin, and sees it all in the audit log', async ({
    browser,
    request,
  }) => {
    test.setTimeout(budget(120_000));
    // Names take letters only: a random word tells this run's people apart.
    const suffix = String.fromCharCode(...Array.from({ length: 6 }, () => 97 + Math.floor(Math.random() * 26)));
    const name = `Mo Member ${suffix}`;
    const mo = await member(request, name);
    const boss = await newAdmin(request, `Avery Admin ${suffix}`);

    // The member is signed in, in a browser of their own.
    const moPage = await signedInPage(browser, mo);
    await moPage.goto('/myswapu');
    await expect(moPage.getByRole('heading', { level: 1, name: 'My SwapU' })).toBeVisible();

    // The admin searches for the member in the users table.
    const page = await signedInPage(browser, boss);
    await page.goto('/admin');
    await page
      .getByTestId('admin-section-card')
      .filter({ has: page.getByRole('heading', { name: 'Users' }) })
      .click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await page.getByTestId('users-search').fill(`member ${suffix}`);
    const rows = page.getByTestId('user-row');
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row.getByTestId('user-name')).toHaveText(name);
    await expect(row.getByTestId('user-status')).toHaveText('Active');
    await expect(row.getByTestId('user-role')).toHaveText('Member');
    await shot(page, 'admin-users');

    // Suspending asks for a reason.
    await act(page, row, 'Suspend…');
    const form = page.getByTestId('ban-form');
    await form.getByRole('button', { name: 'Suspend' }).click();
    await expect(form.getByText('Please give a reason for the suspension')).toBeVisible();
    await form.getByLabel(/Reason/).fill('Listings copied from another marketplace');
    await shot(page, 'admin-users-ban');
    await form.getByRole('button', { name: 'Suspend' }).click();
    await expect(page.getByText(`${name} is suspended. The reason is in their support thread.`)).toBeVisible();
    await expect(row.getByTestId('user-status')).toHaveText('Suspended');

    // The member's session has ended: their next step in the app signs them out and says why.
    await moPage.reload();
    await expect(moPage.getByTestId('auto-logout-alert')).toContainText('You were signed out because your session was ended', {
      timeout: 15_000,
    });
    // Signing in again, they see the contact-support message, and the reason in their support thread.
    await moPage.goto('/auth');
    const login = moPage.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Email address').fill(mo.email);
    await login.getByLabel('Password', { exact: true }).fill(mo.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(moPage.getByText('Your account has been suspended. Please contact support.')).toBeVisible();
    await moPage.getByTestId('contact-support').click();
    const thread = moPage.getByTestId('support-thread');
    await expect(thread.getByTestId('support-message').first()).toContainText('Reason: Listings copied from another marketplace');

    // The admin opens the member's support thread from the row and sees the same note.
    await act(page, row, 'Open support thread');
    await expect(page).toHaveURL(/\/admin\/support\?user=/);
    await expect(page.getByTestId('message-body').filter({ hasText: 'Reason: Listings copied from another marketplace' })).toBeVisible();
    await page.goBack();

    // Lifting the suspension, then making them an admin, each confirmed.
    await expect(rows).toHaveCount(1);
    await act(page, row, 'Lift suspension…');
    await page.getByTestId('confirm').click();
    await expect(page.getByText(`${name}'s suspension is lifted.`)).toBeVisible();
    await expect(row.getByTestId('user-status')).toHaveText('Active');
    await act(page, row, 'Make admin…');
    await shot(page, 'admin-users-grant');
    await page.getByTestId('confirm').click();
    await expect(page.getByText(`${name} is now an admin.`)).toBeVisible();
    await expect(row.getByTestId('user-role')).toHaveText('Admin');

    // The audit log has the three actions, newest first, with who, the target and the reason.
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const mine = page.getByTestId('audit-entry').filter({ has: page.getByTestId('audit-target').filter({ hasText: name }) });
    await expect(mine.getByTestId('audit-action')).toHaveText(['Changed a role', 'Lifted a suspension', 'Suspended a member']);
    await expect(mine.nth(2)).toContainText('Reason: Listings copied from another marketplace');
    await expect(mine.nth(2)).toContainText(`By Avery Admin ${suffix}`);
    await expect(mine.nth(0).getByTestId('audit-diff')).toContainText('user → admin');
    await shot(page, 'admin-audit');

    // Filtered by action: only suspensions.
    await page.getByTestId('audit-action-filter').click();
    await page.getByRole('option', { name: 'Suspended a member' }).click();
    await expect(page).toHaveURL(/action=user\.ban/);
    await expect(page.getByTestId('audit-action').first()).toHaveText('Suspended a member');
    await expect(page.getByTestId('audit-action').filter({ hasText: 'Changed a role' })).toHaveCount(0);
  });
});
