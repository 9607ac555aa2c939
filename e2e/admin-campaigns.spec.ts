import type { Page } from '@playwright/test';
import { expect, test, budget } from './support/test';
import { signInWithStorage } from './support/accounts';
import { admin as newAdmin, auth, member, signedInPage } from './support/fixtures';

/** Screenshots at phone and desktop widths for a person to look at, when E2E_SHOTS names a folder (never in CI). */
const shot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SHOTS;
  const size = page.viewportSize();
  if (!dir || !size) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    // The preview's frames load their mail again when the width changes the layout.
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${dir}/${name}-${test.info().project.name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
};

const SPEC_MESSAGE = 'Design name, mail subject and user mail cannot be empty';

test.describe('the admin console: campaigns', () => {
  test('an admin writes a design in /email-edit (the empty-field rule first), previews it, saves it, tests it, sends it to an interest and finds the mails in the outbox', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(budget(120_000));
    const stamp = Date.now();
    // Two members who like ooshies; a third who does too but unsubscribed from SwapU's mail.
    const fans = [await member(request, 'Olive Ooshie'), await member(request, 'Oscar Ooshie')];
    const quiet = await member(request, 'Quinn Quiet');
    for (const m of [...fans, quiet]) {
      expect((await request.patch('/api/v1/me', { headers: auth(m), data: { interests: ['ooshies', 'toys'] } })).status()).toBe(200);
    }
    expect(
      (await request.post('/api/v1/email-subscription', { headers: auth(quiet), data: { email: quiet.email, subscribe: false } })).status(),
    ).toBe(200);

    // A member who is not an admin may not use the editor.
    await signInWithStorage(page, quiet);
    await page.goto('/email-edit');
    await expect(page.getByRole('alert').filter({ hasText: 'Permission Denied' })).toBeVisible();

    // The admin starts a new design from the console's campaigns section.
    const boss = await newAdmin(request, 'Ada Admin');
    const adminPage = await signedInPage(browser, boss);
    await adminPage.goto('/admin/campaigns');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    await adminPage.getByRole('link', { name: 'New design' }).click();
    await expect(adminPage).toHaveURL(/\/email-edit$/);
    await expect(adminPage.getByRole('heading', { level: 1, name: 'New email design' })).toBeVisible();
    const editor = adminPage.getByRole('textbox', { name: 'User mail' });
    await expect(editor).toBeVisible();

    // Saving an empty design: the spec's rule, on every field.
    await adminPage.getByRole('button', { name: 'Save design' }).click();
    await expect(adminPage.getByTestId('editor-empty-fields')).toHaveText(SPEC_MESSAGE);
    await expect(adminPage.getByLabel('Design name')).toHaveAttribute('aria-invalid', 'true');
    await expect(adminPage.getByLabel('Mail subject')).toHaveAttribute('aria-invalid', 'true');

    // The admin writes it: a heading, bold words and a list in the rich editor.
    const name = `Ooshie swap day ${stamp}`;
    const subject = `Ooshie swap day is Saturday ${stamp}`;
    await adminPage.getByLabel('Design name').fill(name);
    await adminPage.getByLabel('Mail subject').fill(subject);
    await editor.click();
    await adminPage.getByRole('button', { name: 'Heading 2' }).click();
    await adminPage.keyboard.type('Calling all ooshie fans');
    await adminPage.keyboard.press('Enter');
    await adminPage.keyboard.type('Bring your doubles to ');
    await adminPage.keyboard.press('ControlOrMeta+b');
    await adminPage.keyboard.type('Swap day at the Fitzroy library');
    await adminPage.keyboard.press('ControlOrMeta+b');
    await adminPage.keyboard.type('.');
    await expect(adminPage.getByTestId('editor-empty-fields')).toHaveCount(0);

    // The preview shows the mail as sent, at phone and desktop widths side by side.
    const phone = adminPage.frameLocator('[data-testid="preview-390"]');
    const desktop = adminPage.frameLocator('[data-testid="preview-640"]');
    await expect(phone.getByRole('heading', { name: 'Calling all ooshie fans' })).toBeVisible();
    await expect(phone.locator('strong')).toHaveText('Swap day at the Fitzroy library');
    await expect(desktop.getByText('Unsubscribe')).toBeVisible();
    await expect(adminPage.getByTestId('preview-subject')).toContainText(subject);
    await shot(adminPage, 'email-edit');
    if (process.env.E2E_SHOTS) {
      await adminPage.getByTestId('preview-390').screenshot({ path: `${process.env.E2E_SHOTS}/email-preview-phone.png` });
      await adminPage.getByTestId('preview-640').screenshot({ path: `${process.env.E2E_SHOTS}/email-preview-desktop.png` });
    }

    // Saved: the address names the design.
    await adminPage.getByRole('button', { name: 'Save design' }).click();
    await expect(adminPage.getByText('Design saved.')).toBeVisible();
    await expect(adminPage).toHaveURL(/\/email-edit\?design=[0-9a-f-]+$/);
    await expect(adminPage.getByTestId('editor-state')).toHaveText('All changes saved');

    // A test to the admin's own address, through the outbox.
    await adminPage.getByRole('button', { name: 'Send a test to me' }).click();
    await expect(adminPage.getByText(`Test sent to ${boss.email}. Find it in the mail outbox.`)).toBeVisible();
    const tests = await (await request.get(`/api/v1/dev/mail?to=${encodeURIComponent(boss.email)}`)).json();
    expect(tests.items[0]).toMatchObject({ template: 'campaign-test', subject: `[Test] ${subject}` });

    // Back in the console: the design is listed; send it to the members who like ooshies.
    await adminPage.getByRole('link', { name: 'Campaigns' }).click();
    await expect(adminPage.getByTestId('design-row').filter({ hasText: name })).toBeVisible();
    await adminPage.getByRole('button', { name: 'Send campaign' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Send a campaign' });
    await dialog.getByRole('combobox', { name: 'Design' }).click();
    await adminPage.getByRole('listbox', { name: 'Design' }).getByRole('option', { name }).click();
    await dialog.getByRole('radio', { name: 'Members by interest' }).check();
    await dialog.getByRole('combobox', { name: 'Interest' }).click();
    await adminPage.getByRole('listbox', { name: 'Interest' }).getByRole('option', { name: 'Ooshies', exact: true }).click();
    const { count } = await (
      await request.get('/api/v1/admin/campaigns/audience?kind=interest&value=ooshies', { headers: auth(boss) })
    ).json();
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(dialog.getByTestId('audience-count')).toHaveText(`Members interested in Ooshies: ${count} people right now.`);
    await shot(adminPage, 'campaign-send');
    await dialog.getByRole('button', { name: 'Review and send' }).click();
    await expect(dialog.getByTestId('send-confirm')).toContainText(`“${name}” goes to ${count} people (Members interested in Ooshies).`);
    await dialog.getByRole('button', { name: `Send to ${count} people` }).click();
    await expect(adminPage.getByText(`“${name}” is on its way to ${count} people.`)).toBeVisible();

    // The sender moves the recipients into the outbox within seconds; the list follows it.
    const row = adminPage.getByTestId('campaign-row').filter({ hasText: name });
    await expect(row.getByTestId('campaign-state')).toHaveText('Finished', { timeout: 30_000 });
    await expect(row.getByTestId('count-total')).toHaveText(String(count));
    await expect(row.getByTestId('count-queued')).toHaveText(String(count));
    await expect(row.getByTestId('count-pending')).toHaveText('0');
    await expect(row.getByTestId('count-skipped')).toHaveText('0');
    // No mail server in the journeys: the mails wait in the outbox, none sent and none failed.
    await expect(row.getByTestId('count-sent')).toHaveText('0');
    await expect(row.getByTestId('count-failed')).toHaveText('0');
    await shot(adminPage, 'admin-campaigns');

    // Each fan has the campaign in the outbox with their own unsubscribe link; the member who unsubscribed has none.
    for (const fan of fans) {
      const list = await (await request.get(`/api/v1/dev/mail?to=${encodeURIComponent(fan.email)}`)).json();
      const mail = (list.items as Array<{ id: string; template: string; subject: string }>).find((m) => m.template === 'campaign');
      expect(mail, fan.email).toMatchObject({ subject });
      const detail = await (await request.get(`/api/v1/dev/mail/${mail!.id}`)).json();
      expect(detail.html).toContain('<strong>Swap day at the Fitzroy library</strong>');
      expect(detail.text).toMatch(/Unsubscribe: http:\/\/127\.0\.0\.1:\d+\/api\/v1\/email-subscription\/unsubscribe\?token=/);
    }
    const quietMail = await (await request.get(`/api/v1/dev/mail?to=${encodeURIComponent(quiet.email)}`)).json();
    expect((quietMail.items as Array<{ template: string }>).filter((m) => m.template === 'campaign')).toEqual([]);

    // The admin reads one in the console's outbox.
    await adminPage.goto(`/admin/mail?to=${encodeURIComponent(fans[0]!.email)}`);
    await expect(adminPage.getByTestId('mail-row').filter({ hasText: subject }).first()).toBeVisible();
  });
});
