import { randomBytes } from 'node:crypto';
import { devices, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test, budget } from './support/test';
import { auth, listItem, member, subscriber, type Member } from './support/fixtures';
import { signInWithStorage, type TestAccount } from './support/accounts';

/** A page signed in as this member, in this language: phone-sized in the phone project, a laptop's screen in the desktop one. */
async function phonePage(browser: Browser, account: TestAccount, lang: 'en-US' | 'pt-PT' = 'en-US') {
  const { defaultBrowserType: _b, ...phone } = devices['Pixel 7'];
  const screen = test.info().project.name === 'phone' ? phone : { viewport: { width: 1280, height: 800 } };
  const page = await (await browser.newContext(screen)).newPage();
  await signInWithStorage(page, account);
  await page.addInitScript((l) => window.localStorage.setItem('swapu.lang', l), lang);
  return page;
}

/** Two made-up words no other journey's listings hold, so the comparables are this test's alone. */
const word = () =>
  Array.from(randomBytes(6), (b) => 'bcdfghjklmnpqrstvz'[b % 18])
    .join('')
    .replace(/^./, (c) => c.toUpperCase());

/**
 * Ben's road bike (stated A$450) with five similar bikes listed by others (A$200–400: a market
 * value of A$300), and Ana's kettle (stated A$250) with only three similar kettles: not enough data.
 */
async function market(request: APIRequestContext, ben: Member, ana: Member) {
  const [bikeA, bikeB, kettleA, kettleB] = [word(), word(), word(), word()];
  const sellers = [await member(request, 'Mia Seller'), await member(request, 'Noah Seller')];
  for (const [i, dollars] of [200, 250, 300, 350, 400].entries())
    await listItem(request, sellers[i % 2]!, `${bikeA} ${bikeB} bike`, { patch: { cashValueCents: dollars * 100 } });
  for (const [i, dollars] of [90, 100, 110].entries())
    await listItem(request, sellers[i % 2]!, `${kettleA} ${kettleB} kettle`, {
      patch: { categories: ['kitchen'], cashValueCents: dollars * 100 },
    });
  const bikeTitle = `${bikeA} ${bikeB} road bike`;
  const bike = await listItem(request, ben, bikeTitle, { patch: { cashValueCents: 45_000 } });
  const kettleTitle = `${kettleA} ${kettleB} kettle`;
  const kettle = await listItem(request, ana, kettleTitle, { patch: { categories: ['kitchen'], cashValueCents: 25_000 } });
  return { bike, bikeTitle, kettle, kettleTitle };
}

const meterOf = (page: Page) => page.getByTestId('fair-swap-meter');
const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

/** The meter fits the phone's width. */
async function fits(page: Page) {
  const width = page.viewportSize()!.width;
  await expect(meterOf(page)).toBeVisible();
  // Polled: the page may still be settling (a list refreshed after the offer went out).
  await expect
    .poll(async () => {
      const box = await meterOf(page).boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= width;
    })
    .toBe(true);
}

test.describe('the fair-swap meter @phone', () => {
  test('weighs an offer while it is written and on the offer page, from each side, and explains itself', async ({ browser, request }) => {
    test.setTimeout(budget(150_000));
    const ben = await member(request, 'Ben Owner');
    const ana = await subscriber(request, 'Ana Offerer');
    const { bike, bikeTitle, kettleTitle } = await market(request, ben, ana);

    const anaPage = await phonePage(browser, ana);
    await anaPage.goto(`/offer-item/${bike}`);
    await expect(anaPage.getByTestId('offer-progress')).toHaveText('Step 1 of 5');
    // Nothing offered yet: no meter.
    await expect(meterOf(anaPage)).toHaveCount(0);
    await anaPage.getByRole('checkbox', { name: kettleTitle }).click();
    const meter = meterOf(anaPage);
    await expect(meter.getByTestId('fairness-verdict')).toHaveText('In your favour by A$50');
    const get = meter.getByTestId('fairness-theirs');
    await expect(get).toContainText('You get');
    await expect(get).toContainText('A$300 at market value');
    await expect(get.getByTestId('fairness-item')).toContainText(bikeTitle);
    await expect(get.getByTestId('fairness-item')).toContainText('Stated A$450 · Market A$300');
    await expect(get.getByTestId('fairness-based-on')).toHaveText('Based on 5 similar items');
    const give = meter.getByTestId('fairness-yours');
    await expect(give.getByTestId('fairness-not-enough')).toHaveText('Not enough data (only 3 similar items)');
    await expect(give).toContainText('A$250 at market value');
    await fits(anaPage);
    await anaPage.screenshot({ path: test.info().outputPath('editor-items.png'), fullPage: true });

    // How it is worked out: a tap on the button opens it, Escape closes it.
    const how = meter.getByRole('button', { name: 'How is this worked out?' });
    await how.click();
    const explained = anaPage.getByRole('dialog', { name: 'How is this worked out?' });
    await expect(explained).toBeVisible();
    await expect(explained).toContainText('median value members stated for similar items');
    await expect(explained).toContainText('fewer than 5 similar items');
    await expect(explained).toContainText('within 10% of the larger one, or within A$10');
    const box = (await explained.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(anaPage.viewportSize()!.width);
    await anaPage.screenshot({ path: test.info().outputPath('editor-how.png') });
    await anaPage.keyboard.press('Escape');
    await expect(explained).toBeHidden();
    await expect(how).toBeFocused();
    await how.click();
    await explained.getByRole('button', { name: 'Close' }).click();
    await expect(explained).toBeHidden();

    // Cash moves it: A$50 on top is fair, A$10 leaves it in Ana's favour by A$40.
    await next(anaPage);
    await anaPage.getByTestId('cash-add').click();
    await anaPage.getByLabel(/^Amount/).fill('50');
    await expect(meter.getByTestId('fairness-verdict')).toHaveText('Fair');
    await expect(meter).toContainText('The two sides are even.');
    await anaPage.getByLabel(/^Amount/).fill('10');
    await expect(meter.getByTestId('fairness-verdict')).toHaveText('In your favour by A$40');
    await next(anaPage);
    await next(anaPage);
    await next(anaPage);
    await expect(meter.getByTestId('fairness-verdict')).toHaveText('In your favour by A$40');
    await anaPage.getByRole('button', { name: 'Send offer' }).click();
    await expect(anaPage).toHaveURL(/\/swap-offer\/[^/]+$/);

    // The offer page: Ana's side, then Ben's.
    await expect(meterOf(anaPage).getByTestId('fairness-verdict')).toHaveText('In your favour by A$40');
    await expect(meterOf(anaPage).getByTestId('fairness-yours')).toContainText('Cash');
    await fits(anaPage);
    const offerUrl = anaPage.url();
    const benPage = await phonePage(browser, ben);
    await benPage.goto(offerUrl);
    await expect(meterOf(benPage).getByTestId('fairness-verdict')).toHaveText('In their favour by A$40');
    await expect(meterOf(benPage).getByTestId('fairness-yours')).toContainText('You give');
    await expect(meterOf(benPage).getByTestId('fairness-yours').getByTestId('fairness-item')).toContainText(bikeTitle);
    await fits(benPage);
    await benPage.screenshot({ path: test.info().outputPath('offer-page-owner.png'), fullPage: true });
    // The offer itself never waits for the meter: its actions are there.
    await expect(benPage.getByRole('button', { name: 'Accept offer' })).toBeVisible();
  });

  test('speaks European Portuguese on the offer page and in the editor', async ({ browser, request }) => {
    test.setTimeout(budget(120_000));
    const rui = await member(request, 'Rui Dono');
    const ana = await subscriber(request, 'Ana Oferente');
    const { bike, kettle, kettleTitle } = await market(request, rui, ana);
    const made = await request.post('/api/v1/offers', {
      headers: auth(ana),
      data: { postId: bike, itemIds: [kettle], cashKind: 'add', cashCents: 1_000 },
    });
    expect(made.status(), await made.text()).toBe(201);
    const offerId = (await made.json()).id as string;

    const ruiPage = await phonePage(browser, rui, 'pt-PT');
    await ruiPage.goto(`/swap-offer/${offerId}`);
    const meter = meterOf(ruiPage);
    await expect(meter.getByTestId('fairness-verdict')).toHaveText(/^A favor do outro membro por 40\sAU\$$/);
    await expect(meter).toContainText('Medidor de troca justa');
    await expect(meter.getByTestId('fairness-yours')).toContainText('Dá');
    await expect(meter.getByTestId('fairness-based-on')).toHaveText('Com base em 5 artigos semelhantes');
    await expect(meter.getByTestId('fairness-not-enough')).toHaveText('Dados insuficientes (apenas 3 artigos semelhantes)');
    await meter.getByRole('button', { name: 'Como é calculado?' }).click();
    const explained = ruiPage.getByRole('dialog', { name: 'Como é calculado?' });
    await expect(explained).toContainText('mediana dos valores que os membros indicaram');
    await expect(explained).toContainText('menos de 5 artigos semelhantes');
    for (const english of ['Fair-swap', 'In their favour', 'Based on', 'Not enough data', 'market value', 'How is this'])
      await expect(ruiPage.locator('body')).not.toContainText(english);
    await fits(ruiPage);
    await ruiPage.screenshot({ path: test.info().outputPath('offer-page-pt.png'), fullPage: true });

    // Ana, writing a second offer in Portuguese: her kettle alone is in her favour by 50 A$.
    const anaPage = await phonePage(browser, ana, 'pt-PT');
    await anaPage.goto(`/offer-item/${bike}`);
    await anaPage.getByRole('checkbox', { name: kettleTitle }).click();
    await expect(meterOf(anaPage).getByTestId('fairness-verdict')).toHaveText(/^A seu favor por 50\sAU\$$/);
    await expect(meterOf(anaPage)).toContainText('Recebe');
  });
});
