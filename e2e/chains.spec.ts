import { expect, test, budget } from './support/test';
import { docsShot } from './support/docs-shots';
import { auth, backdate, listItem, member, signedInPage } from './support/fixtures';

test.describe('swap chains @phone', () => {
  test('three members who each like the next one’s item see the chain, all unlock, and each has an accepted swap', async ({
    browser,
    request,
  }) => {
    test.setTimeout(budget(150_000));
    const mark = Date.now().toString(36);
    const people = await Promise.all([member(request, 'Ada Ring'), member(request, 'Ben Ring'), member(request, 'Cy Ring')]);
    const titles = [`Ring road bike ${mark}`, `Ring camping tent ${mark}`, `Ring kayak paddle ${mark}`];
    const items: string[] = [];
    for (const [i, p] of people.entries()) {
      const id = await listItem(request, p, titles[i]!);
      await backdate(request, id, 25);
      items.push(id);
    }
    // Ada likes Ben's tent, Ben likes Cy's paddle, Cy likes Ada's bike: no pair can swap, the three can.
    for (let i = 0; i < 3; i++) {
      const res = await request.put(`/api/v1/posts/${items[(i + 1) % 3]}/like`, { headers: auth(people[i]!) });
      expect(res.status(), await res.text()).toBe(200);
    }
    // The finder runs a few seconds after a like.
    await expect
      .poll(
        async () =>
          ((await (await request.get('/api/v1/me/chains', { headers: auth(people[0]!) })).json()) as { items: unknown[] }).items.length,
        {
          timeout: 60_000,
          intervals: [1000],
        },
      )
      .toBe(1);

    const pages = await Promise.all(people.map((p) => signedInPage(browser, p)));
    for (const [i, page] of pages.entries()) {
      await page.goto('/swap-chain-liked');
      const chain = page.getByTestId('chain');
      await expect(chain.getByTestId('chain-status')).toHaveText('Found');
      await expect(chain).toContainText('A chain of 3 people');
      // Each sees who gives them what: the next member's item comes to them.
      await expect(chain.getByTestId('chain-member').filter({ hasText: `${people[(i + 1) % 3]!.displayName} gives to you` })).toContainText(
        titles[(i + 1) % 3]!,
      );
    }
    await docsShot(pages[0]!, 'guide-chains-1-found', { hide: [mark] });
    // Ada and Ben unlock: the chain waits for Cy.
    for (const page of pages.slice(0, 2)) {
      await page.getByRole('button', { name: 'Unlock' }).click();
      await expect(page.getByText('Unlocked. The chain goes ahead when everyone has unlocked.')).toBeVisible();
      await expect(page.getByTestId('chain-status')).toHaveText('Waiting for other users to unlock');
    }
    await pages[2]!.reload();
    await expect(pages[2]!.getByTestId('chain')).toContainText('2 of 3 unlocked');
    await pages[2]!.getByRole('button', { name: 'Unlock' }).click();
    await expect(pages[2]!.getByText('Everyone unlocked: your swap is accepted.')).toBeVisible();
    await expect(pages[2]!.getByTestId('chain-status')).toHaveText('Swaps accepted');
    await docsShot(pages[2]!, 'guide-chains-2-accepted', { hide: [mark] });

    // Each member has an accepted swap for the item they receive.
    for (const [i, page] of pages.entries()) {
      await page.goto('/swap-chain-liked');
      await page.getByRole('link', { name: 'See my swap' }).click();
      await expect(page).toHaveURL(/\/swap-offer\/[0-9a-f-]{36}$/);
      await expect(page.getByText(titles[(i + 1) % 3]!).first()).toBeVisible();
      await expect(page.getByText('Accepted').first()).toBeVisible();
    }
    for (const page of pages) await page.context().close();
  });

  test('a member with no chains is told how chains come about', async ({ browser, request }) => {
    const loner = await member(request, 'Lone Swapper');
    const page = await signedInPage(browser, loner);
    await page.goto('/swap-chain-liked');
    await expect(page.getByRole('heading', { level: 1, name: 'Swap chains' })).toBeVisible();
    await expect(page.getByTestId('chains-empty')).toContainText('No swap chains yet');
    await page.getByRole('link', { name: 'Open Swap Swipe' }).click();
    await expect(page).toHaveURL(/\/swap-swipe$/);
    await page.context().close();
  });
});
