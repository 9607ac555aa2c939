import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, budget } from './support/test';
import { signInWithStorage } from './support/accounts';
import { admin as newAdmin, member, signedInPage } from './support/fixtures';

/** Screenshots at phone and desktop widths for a person to look at, when E2E_SHOTS names a folder (never in CI). */
const shot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SHOTS;
  const size = page.viewportSize();
  if (!dir || !size) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.screenshot({ path: `${dir}/${name}-${test.info().project.name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
};

const step = (page: Page, n: number) => expect(page.getByTestId('listing-progress')).toHaveText(`Step ${n} of 6`);

/** The sessions a funnel step shows ("3 sessions" → 3). */
const sessionsOf = async (page: Page, funnel: string, stepName: string) => {
  const text = await page.getByTestId(`funnel-${funnel}`).locator(`[data-step="${stepName}"]`).getByTestId('step-sessions').textContent();
  return Number(text!.replace(/[^\d]/g, ''));
};

test.describe('the admin console: analytics @phone', () => {
  test('a member starts a listing in the browser; after the rollups an admin sees it in the listing funnel on /admin/analytics', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(budget(90_000));
    const lister = await member(request, 'Lee Lister');
    await signInWithStorage(page, lister);

    // The member goes through the listing form's first two steps; the app reports each as a
    // funnel_step, and sends its queue every 10 seconds.
    const detailsSent = page.waitForResponse(
      (res) => {
        const body = res.request().postData() ?? '';
        return (
          res.url().endsWith('/api/v1/events') &&
          res.request().method() === 'POST' &&
          body.includes('"funnel":"listing_creation"') &&
          body.includes('"step":"details"')
        );
      },
      // From before the page opens to the queue's send (every 10 s) after the photo's upload and
      // its moderation, whose model loads with the first upload: on CI's loaded machine 30 s was
      // once not enough.
      { timeout: budget(60_000) },
    );
    await page.goto('/create');
    await step(page, 1);
    // A listing needs a photo before the details step.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose photos' }).click();
    await (await chooser).setFiles(path.join(import.meta.dirname, 'fixtures', 'bike.jpg'));
    await expect(page.getByTestId('photo-thumb')).toHaveCount(1, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await step(page, 2);
    await page.getByLabel(/^Title/).fill('Analytics test kayak');
    expect((await detailsSent).status()).toBe(202);

    // A member who is not an admin may not see the figures.
    await page.goto('/admin/analytics');
    await expect(page.getByRole('alert').filter({ hasText: 'Permission Denied' })).toBeVisible();

    // The rollups now, rather than at the job's next 5-minute turn.
    expect((await request.post('/api/test/analytics/rollups')).status()).toBe(204);

    // The admin opens the console's home, then Analytics.
    const boss = await newAdmin(request);
    const adminPage = await signedInPage(browser, boss);
    await adminPage.goto('/admin');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Admin console' })).toBeVisible();
    const section = (name: string) => adminPage.getByTestId('admin-section-card').filter({ has: adminPage.getByRole('heading', { name }) });
    await expect(adminPage.getByTestId('admin-section-card')).toHaveCount(10);
    await expect(section('Documentation')).toHaveAttribute('href', '/docs');
    await expect(section('Coupons')).toHaveAttribute('href', '/admin/coupons');
    await expect(section('Support')).toHaveAttribute('href', '/admin/support');
    await shot(adminPage, 'admin-home');
    await section('Dashboard').click();
    await expect(adminPage).toHaveURL(/\/admin\/analytics$/);
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // The marketplace's figures: the member who just joined counts among the new members, per day and per week.
    const total = (metric: string) => adminPage.getByTestId(`metric-${metric}`).getByTestId('metric-total');
    expect(Number((await total('members').textContent())!.replace(/[^\d]/g, ''))).toBeGreaterThanOrEqual(1);
    await expect(total('revenue_cents')).toHaveText(/^-?A\$/);
    await expect(adminPage.getByTestId('metric-members').locator('.recharts-bar-rectangle').first()).toBeAttached();
    await adminPage.getByTestId('dashboard-bucket').getByText('Week', { exact: true }).click();
    await expect(adminPage.getByRole('radio', { name: 'Week' })).toBeChecked();
    await expect(adminPage.getByText('Updating…')).toBeHidden();
    expect(Number((await total('members').textContent())!.replace(/[^\d]/g, ''))).toBeGreaterThanOrEqual(1);
    await adminPage.getByTestId('dashboard-bucket').getByText('Day', { exact: true }).click();

    // The listing funnel counts the member's session at its first two steps.
    const listing = adminPage.getByTestId('funnel-listing_creation');
    await expect(listing.getByRole('heading', { level: 2, name: 'Listing an item' })).toBeVisible();
    await expect(listing.getByTestId('funnel-step').first()).toContainText('1. Photos');
    expect(await sessionsOf(adminPage, 'listing_creation', 'photos')).toBeGreaterThanOrEqual(1);
    expect(await sessionsOf(adminPage, 'listing_creation', 'details')).toBeGreaterThanOrEqual(1);
    await expect(listing.getByRole('progressbar', { name: /^Photos: 100% of the sessions at the first step$/ })).toBeVisible();
    await expect(listing.locator('[data-step="photos"]').getByTestId('step-drop-off')).toHaveText('—');
    expect(Number((await adminPage.getByTestId('summary-sessions').textContent())!.replace(/[^\d]/g, ''))).toBeGreaterThanOrEqual(1);
    await shot(adminPage, 'admin-analytics');

    // An end before the start: the server's refusal, under the field.
    const from = adminPage.getByLabel('From', { exact: true });
    const to = adminPage.getByLabel('To', { exact: true });
    const [monthAgo, today] = [await from.inputValue(), await to.inputValue()];
    await to.fill('2020-01-01');
    await expect(adminPage.getByText('Data invalid')).toBeVisible();
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(listing).toBeHidden();
    await shot(adminPage, 'admin-analytics-invalid');

    // Days nobody used SwapU: the empty state.
    await from.fill('2020-01-01');
    await to.fill('2020-01-31');
    await expect(adminPage.getByText('No analytics for these days yet')).toBeVisible();
    await expect(adminPage.getByText('Data invalid')).toBeHidden();
    await shot(adminPage, 'admin-analytics-empty');

    // Back to the last 30 days: the figures again.
    await to.fill(today);
    await from.fill(monthAgo);
    await expect(listing).toBeVisible();
  });
});
