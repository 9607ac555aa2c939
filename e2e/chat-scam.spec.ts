import { devices, type Browser } from '@playwright/test';
import { expect, test, budget } from './support/test';
import { auth, member } from './support/fixtures';
import { signInWithStorage, type TestAccount } from './support/accounts';

const PAYID = 'pay me via PayID 0412 345 678';

/** A phone-sized page signed in as this member, in this language. */
async function phonePage(browser: Browser, account: TestAccount, lang: 'en-US' | 'pt-PT' = 'en-US') {
  const { defaultBrowserType: _b, ...phone } = devices['Pixel 7'];
  const page = await (await browser.newContext(phone)).newPage();
  await signInWithStorage(page, account);
  await page.addInitScript((l) => window.localStorage.setItem('swapu.lang', l), lang);
  return page;
}

test.describe('scam warnings in chat @phone', () => {
  test('a member asking to be paid by PayID is delivered with a warning to the other, in English, linking to the safety answers', async ({
    browser,
    request,
  }) => {
    test.setTimeout(budget(90_000));
    const ana = await member(request, 'Ana Asker');
    const ben = await member(request, 'Ben Careful');
    const opened = await request.post('/api/v1/rooms', { headers: auth(ana), data: { userId: ben.id } });
    const roomId = (await opened.json()).id as string;

    const benPage = await phonePage(browser, ben);
    await benPage.goto(`/discuss/${roomId}`);
    await expect(benPage.getByTestId('room')).toBeVisible();

    const anaPage = await phonePage(browser, ana);
    await anaPage.goto(`/discuss/${roomId}`);
    await anaPage.getByTestId('composer').fill(PAYID);
    await anaPage.getByTestId('composer').press('Enter');
    await expect(anaPage.getByTestId('room').getByTestId('message-body')).toHaveText([PAYID]);
    await expect(anaPage.getByTestId('pending-message')).toHaveCount(0);
    // The sender is not shown the warning.
    await expect(anaPage.getByTestId('scam-warning')).toHaveCount(0);

    // Ben gets the message live, with the warning under it.
    const message = benPage.getByTestId('message').filter({ hasText: PAYID });
    const warning = message.getByTestId('scam-warning');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('Be careful: this message may be a scam');
    await expect(warning).toContainText('It asks you to pay outside SwapU.');
    await expect(warning).toContainText('It shares bank or PayID details.');
    // It fits the phone's width.
    const box = (await warning.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(benPage.viewportSize()!.width);
    await warning.getByRole('link', { name: 'How to swap safely' }).click();
    await expect(benPage).toHaveURL(/\/FAQ$/);
    await expect(benPage.getByText('How do I stay safe when meeting someone?')).toBeVisible();
  });

  test('the warning is in Portuguese for a member reading in pt-PT', async ({ browser, request }) => {
    test.setTimeout(budget(60_000));
    const ana = await member(request, 'Ana Pede');
    const rui = await member(request, 'Rui Atento');
    const opened = await request.post('/api/v1/rooms', { headers: auth(ana), data: { userId: rui.id } });
    const roomId = (await opened.json()).id as string;
    const sent = await request.post(`/api/v1/rooms/${roomId}/messages`, { headers: auth(ana), data: { body: PAYID } });
    expect(sent.status()).toBe(201);

    const page = await phonePage(browser, rui, 'pt-PT');
    await page.goto(`/discuss/${roomId}`);
    const warning = page.getByTestId('message').filter({ hasText: PAYID }).getByTestId('scam-warning');
    await expect(warning).toContainText('Cuidado: esta mensagem pode ser uma burla');
    await expect(warning).toContainText('Pede-lhe que pague fora da SwapU.');
    await expect(warning.getByRole('link', { name: 'Como trocar em segurança' })).toHaveAttribute('href', '/FAQ');
    await expect(warning).not.toContainText('Be careful');
  });
});
