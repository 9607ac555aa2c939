import type { Page } from '@playwright/test';
import path from 'node:path';
import { expect, test, budget } from './support/test';
import { admin as newAdmin, auth, signedInPage } from './support/fixtures';

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

const BODY =
  '## Why swap a coat\n\nA coat you no longer wear keeps **someone else** warm.\n\n- Check the zip\n- Wash it first\n\n> One swap, one less coat in landfill.';

test.describe('the admin console: blog and mail outbox @phone', () => {
  test('an admin writes a post with a cover, previews it, keeps it a draft nobody sees, publishes it (found at its urlTitle), unpublishes it, and reads the outbox', async ({
    browser,
    page: guest,
    request,
  }) => {
    test.setTimeout(budget(120_000));
    const boss = await newAdmin(request, 'Blair Blogger');
    const adminPage = await signedInPage(browser, boss);
    const urlTitle = `swap-your-winter-coat-${Date.now().toString(36)}`;

    // The list, then a new post: the urlTitle follows the title until the admin edits it.
    await adminPage.goto('/admin/blog');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await adminPage.getByRole('button', { name: 'New post' }).click();
    await adminPage.getByLabel(/^Title/).fill('Swap your winter coat');
    await expect(adminPage.getByLabel(/^URL title/)).toHaveValue('swap-your-winter-coat');
    await adminPage.getByLabel(/^URL title/).fill(urlTitle);
    await adminPage.getByLabel(/^Summary/).fill('Winter is coming: give your spare coat a second life.');
    await adminPage.getByLabel(/^Body \(markdown\)/).fill(BODY);
    await adminPage.locator('input[type="file"]').setInputFiles(path.join(import.meta.dirname, 'fixtures', 'bike.jpg'));
    await expect(adminPage.getByTestId('blog-cover-preview')).toBeVisible();

    // The preview renders the markdown as the blog will.
    await adminPage.getByRole('tab', { name: 'Preview' }).click();
    const preview = adminPage.getByTestId('blog-preview');
    await expect(preview.getByRole('heading', { level: 1, name: 'Swap your winter coat' })).toBeVisible();
    await expect(preview.getByRole('heading', { level: 2, name: 'Why swap a coat' })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('someone else');
    await expect(preview.locator('li')).toHaveCount(2);
    await shot(adminPage, 'admin-blog-preview');

    // Saved as a draft (the cover goes up with it).
    await adminPage.getByRole('button', { name: 'Save draft' }).click();
    await expect(adminPage.getByText('Draft saved. Only admins can see it until you publish it.')).toBeVisible();
    await expect(adminPage).toHaveURL(/\/admin\/blog\?post=[0-9a-f-]+$/);
    const id = new URL(adminPage.url()).searchParams.get('post')!;
    await expect(adminPage.getByTestId('blog-status')).toHaveText('Draft');
    await expect(adminPage.getByTestId('blog-cover-preview')).toHaveAttribute('src', new RegExp(`^/media/blog/${id}/.+/lg\\.webp$`));

    // A guest gets nothing of a draft: not its page, not its urlTitle, not the blog list.
    await guest.goto(`/swapu-blog/post/${id}`);
    await expect(guest.getByRole('heading', { level: 1, name: "We couldn't find that" })).toBeVisible();
    await guest.goto(`/${urlTitle}`);
    await expect(guest).toHaveURL(/\/$/);
    await guest.goto('/swapu-blog');
    await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(guest.getByText('Swap your winter coat')).toHaveCount(0);

    // Published: the guest reads it, with its cover, at its page and at its bare /{urlTitle}.
    await adminPage.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(adminPage.getByText('Published: the post is on the blog.')).toBeVisible();
    await expect(adminPage.getByTestId('blog-status')).toHaveText('Published');
    await guest.goto(`/${urlTitle}`);
    await expect(guest).toHaveURL(new RegExp(`/swapu-blog/post/${id}$`));
    await expect(guest.getByRole('heading', { level: 1, name: 'Swap your winter coat' })).toBeVisible();
    await expect(guest.getByRole('heading', { level: 2, name: 'Why swap a coat' })).toBeVisible();
    await expect(guest.locator(`img[src^="/media/blog/${id}/"]`)).toBeVisible();
    await shot(guest, 'blog-post-published');
    // A guest's page is kept for SHARED_CACHE_MS (1 s): the list the guest opened before the post
    // went out may still be served for up to a second, so the guest opens it again until it shows.
    await expect(async () => {
      await guest.goto('/swapu-blog');
      await expect(guest.getByText('Swap your winter coat')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: budget(20_000) });

    // The list shows it published; unpublishing takes it down again.
    await adminPage.getByRole('button', { name: 'All posts' }).click();
    const row = adminPage.getByTestId('blog-row').filter({ hasText: urlTitle });
    await expect(row.getByTestId('blog-status')).toHaveText('Published');
    await shot(adminPage, 'admin-blog-list');
    await row.getByRole('button', { name: 'Unpublish' }).click();
    await expect(row.getByTestId('blog-status')).toHaveText('Draft');
    // The published page a guest was served above may be kept for up to a second (SHARED_CACHE_MS).
    await expect(async () => {
      await guest.goto(`/swapu-blog/post/${id}`);
      await expect(guest.getByRole('heading', { level: 1, name: "We couldn't find that" })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: budget(20_000) });

    // The outbox: a mail to the admin, found by part of the address, read as its recipient sees it.
    expect((await request.post('/api/v1/me/verification-mail', { headers: auth(boss) })).status()).toBe(202);
    await adminPage.goto('/admin/mail');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Mail outbox' })).toBeVisible();
    await adminPage.getByRole('searchbox', { name: 'Search by address' }).fill(boss.email.split('@')[0]!.toUpperCase());
    await adminPage.getByRole('button', { name: 'Show', exact: true }).click();
    const mail = adminPage.getByTestId('mail-row').first();
    await expect(mail).toContainText(boss.email);
    await mail.getByRole('button', { name: /^Read: / }).click();
    await expect(adminPage.getByTitle('The mail as its recipient sees it')).toBeVisible();
    await shot(adminPage, 'admin-mail');
  });
});
