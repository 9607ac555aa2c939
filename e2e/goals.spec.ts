import { type APIRequestContext } from '@playwright/test';
import { expect, test, budget } from './support/test';
import { auth, backdate, listItem, member, signedInPage, type Member } from './support/fixtures';

async function transition(request: APIRequestContext, m: Member, offerId: string, name: string) {
  const res = await request.post(`/api/v1/offers/${offerId}/transitions`, { headers: auth(m), data: { transition: name } });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('goal tracker @phone', () => {
  test('a member sets a goal from their item, offers it in one tap from a suggestion, and the goal moves once the swap completes', async ({
    browser,
    request,
  }) => {
    test.setTimeout(budget(120_000));
    const mark = Date.now().toString(36);
    const bikeTitle = `Road bike ${mark}`;
    const kayakTitle = `Sea kayak ${mark}`;
    const [mia, xav] = await Promise.all([member(request, 'Mia Tran'), member(request, 'Xav Lee')]);
    const bike = await listItem(request, mia, bikeTitle);
    // Listed a while ago: past early access, so her profile may show it to anyone.
    await backdate(request, bike, 25);
    // Xav wants a bike for his kayak, worth 50 % more than Mia's bike: within reach of her goal.
    const kayak = await listItem(request, xav, kayakTitle, {
      patch: { categories: ['water-sports'], keywords: ['kayak'], wishCategories: ['bicycles'], cashValueCents: 45_000 },
    });
    await backdate(request, kayak, 25);

    // Mia sets a goal on /myswapu, starting from her bike (her only item, chosen already).
    const page = await signedInPage(browser, mia);
    await page.goto('/myswapu?tab=goals');
    await expect(page.getByRole('tab', { name: 'Goals' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No goals yet')).toBeVisible();
    await page.getByRole('button', { name: 'New goal' }).first().click();
    const form = page.getByTestId('goal-form');
    await form.getByRole('button', { name: 'Set goal' }).click();
    await expect(form.getByRole('alert').first()).toHaveText('Please enter valid name');
    await form.getByRole('textbox', { name: 'Goal name' }).fill('Paddle board by summer');
    await form.getByRole('textbox', { name: 'Goal item' }).fill('A stand-up paddle board');
    await form.getByRole('textbox', { name: 'Goal cash value' }).fill('800');
    await form.getByLabel('Show this goal on my profile').check();
    await form.getByRole('button', { name: 'Set goal' }).click();
    await expect(page.getByText(`Goal set. Every swap from ${bikeTitle} now moves it along.`)).toBeVisible();

    const goal = page.getByTestId('goal-card').filter({ hasText: 'Paddle board by summer' });
    await expect(goal.getByTestId('goal-progress-value')).toHaveText('A$300 of A$800');
    await expect(goal.getByTestId('goal-current')).toHaveText(bikeTitle);
    await expect(goal).toContainText('No swaps yet.');

    // Among the items within reach, Xav's kayak: one tap opens the offer with the bike chosen.
    const suggestion = goal.getByTestId('goal-suggestion').filter({ hasText: kayakTitle });
    await expect(suggestion).toContainText('50% more');
    await expect(suggestion).toContainText('wants Bicycles — you have one');
    await suggestion.getByRole('link', { name: `Offer ${bikeTitle}` }).click();
    await expect(page).toHaveURL(new RegExp(`/offer-item/${kayak}\\?with=${bike}$`));
    await expect(page.getByTestId('offer-items-count')).toHaveText('1 of 5 items chosen');
    await expect(page.getByRole('checkbox', { name: bikeTitle })).toBeChecked();
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Send offer' }).click();
    await expect(page.getByText('Offer sent to Xav Lee.')).toBeVisible();
    await expect(page).toHaveURL(/\/swap-offer\/[^/]+$/);
    const offerId = new URL(page.url()).pathname.split('/').pop()!;

    // Xav accepts; both confirm they have their items: the swap is complete.
    await transition(request, xav, offerId, 'accept');
    await transition(request, mia, offerId, 'confirm_receipt');
    await transition(request, xav, offerId, 'confirm_receipt');

    // The goal has moved to the kayak: A$450 of A$800, one step on its path.
    await page.goto('/myswapu?tab=goals');
    await expect(goal.getByTestId('goal-progress-value')).toHaveText('A$450 of A$800');
    await expect(goal.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '56');
    await expect(goal.getByTestId('goal-current')).toHaveText(kayakTitle);
    await expect(goal.getByTestId('goal-step')).toHaveCount(1);
    await expect(goal.getByTestId('goal-step')).toContainText(`${bikeTitle} → ${kayakTitle}`);
    await expect(goal.getByTestId('goal-holding')).toContainText(`You received ${kayakTitle}.`);

    // Shown on her profile, as she chose (what others may see there is the API tests' business).
    await page.goto(`/user-detail/${mia.id}`);
    const shown = page.getByTestId('public-goal').filter({ hasText: 'Paddle board by summer' });
    await expect(shown).toContainText('56% of the way');
    await expect(shown).toContainText('1 swap so far');
  });
});
