import type { Browser, Page } from '@playwright/test';
import { member, type Member } from './support/fixtures';
import { signInWithStorage } from './support/accounts';
import { expect, test } from './support/test';

/**
 * The header fits a phone in either language, for a guest and for a member: no page is wider than
 * the screen. It used not to in pt-PT (the languages' names and "Iniciar sessão" made every page
 * 430 px wide, on a 412 px phone), nor in English below 375 px. On a phone the language menu shows
 * the codes (EN, PT), the log-in button says "Entrar" in Portuguese, and below 360 px the logo is
 * its mark alone.
 */
const WIDTHS = [320, 360, 412] as const;
const LANGS = ['en-US', 'pt-PT'] as const;

async function open(browser: Browser, width: number, lang: string, account: Member | null): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript((l) => window.localStorage.setItem('swapu.lang', l), lang);
  if (account) await signInWithStorage(page, account);
  await page.goto('/');
  return page;
}

/**
 * Nothing on the page reaches past the screen's right edge, and the header's controls are on it.
 * Measured in one snapshot of the page and retried until the header has settled: a control the
 * header swaps out between two separate calls (hydration, the session loading) has no box.
 */
async function fits(page: Page, width: number) {
  await expect(async () => {
    const seen = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      controls: Array.from(document.querySelectorAll('header a, header button, header select'))
        .map((e) => ({ e, box: e.getBoundingClientRect() }))
        .filter(({ e, box }) => box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== 'hidden')
        .map(({ e, box }) => ({ html: e.outerHTML.slice(0, 80), left: box.left, right: box.right })),
    }));
    expect(seen.scrollWidth).toBeLessThanOrEqual(width);
    expect(seen.controls.length).toBeGreaterThan(0);
    for (const c of seen.controls) {
      expect(c.left, c.html).toBeGreaterThanOrEqual(0);
      expect(c.right, c.html).toBeLessThanOrEqual(width);
    }
  }).toPass({ timeout: 15_000 });
}

test.describe('the header on a phone', () => {
  for (const lang of LANGS) {
    test(`fits 320, 360 and 412 px for a guest and a member, and its language menu works (${lang})`, async ({ browser, request }) => {
      const words =
        lang === 'pt-PT'
          ? { login: 'Entrar', language: 'Idioma', code: 'PT', other: 'en-US', otherLogin: 'Log in' }
          : { login: 'Log in', language: 'Language', code: 'EN', other: 'pt-PT', otherLogin: 'Entrar' };
      const someone = await member(request, lang === 'pt-PT' ? 'Inês Estreita' : 'Nora Narrow');
      for (const width of WIDTHS) {
        const guest = await open(browser, width, lang, null);
        await expect(guest.getByRole('link', { name: words.login })).toBeVisible();
        // The menu a phone shows: one, with the code of the language in use; the brand still names
        // the home link however narrow the screen.
        const menu = guest.locator('header').getByRole('combobox', { name: words.language });
        await expect(menu).toHaveCount(1);
        await expect(menu.locator('option:checked')).toHaveText(words.code);
        await expect(guest.locator('header').getByRole('link', { name: 'SwapU' })).toBeVisible();
        await fits(guest, width);

        const signedIn = await open(browser, width, lang, someone);
        await expect(signedIn.getByRole('link', { name: words.login })).toHaveCount(0);
        await fits(signedIn, width);
        await signedIn.context().close();

        if (width === 360) {
          // Switching language from the phone's menu: the page changes language and still fits.
          await menu.selectOption(words.other);
          await expect(guest.getByRole('link', { name: words.otherLogin })).toBeVisible();
          await fits(guest, width);
        }
        await guest.context().close();
      }
    });
  }

  test('a desktop shows the languages by name', async ({ browser }) => {
    const page = await open(browser, 1280, 'pt-PT', null);
    const menu = page.locator('header').getByRole('combobox', { name: 'Idioma' });
    await expect(menu).toHaveCount(1);
    await expect(menu.locator('option:checked')).toHaveText('Português');
    await expect(page.getByRole('link', { name: 'Entrar' })).toBeVisible();
    await page.context().close();
  });
});
