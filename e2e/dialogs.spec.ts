import { expect, test } from './support/test';
import { listItem, member, signedInPage, subscriber } from './support/fixtures';

test.describe('dialogs @phone', () => {
  test('a click on the backdrop closes a plain dialog (reporting a listing) but not a fixed one (deleting my listing)', async ({
    browser,
    request,
  }) => {
    const owner = await member(request, 'Olive Owner');
    const post = await listItem(request, owner, 'Cast iron skillet');
    // A subscriber sees a listing in its first 24 hours.
    const visitor = await subscriber(request, 'Vic Visitor');
    const page = await signedInPage(browser, visitor);
    await page.goto(`/viewPost/${post}`);
    await page.getByRole('button', { name: 'Report listing' }).click();
    const report = page.getByRole('dialog', { name: 'Report this listing' });
    await expect(report).toBeVisible();
    // The backdrop, away from the dialog (top-left corner of the window).
    await page.mouse.click(4, 4);
    await expect(report).toBeHidden();

    const ownerPage = await signedInPage(browser, owner);
    await ownerPage.goto(`/viewPost/${post}`);
    await ownerPage.getByTestId('owner-menu').click();
    await ownerPage.getByRole('menuitem', { name: 'Delete' }).click();
    const remove = ownerPage.getByRole('dialog', { name: 'Delete this listing?' });
    await expect(remove).toBeVisible();
    await ownerPage.mouse.click(4, 4);
    await expect(remove).toBeVisible();
    // Only its own buttons close it; nothing was deleted.
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await expect(remove).toBeHidden();
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Cast iron skillet' })).toBeVisible();
    await page.context().close();
    await ownerPage.context().close();
  });
});
