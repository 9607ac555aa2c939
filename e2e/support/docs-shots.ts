import fs from 'node:fs/promises';
import path from 'node:path';
import { test, type Locator, type Page } from '@playwright/test';

/**
 * The user guides' screenshots (docs/site/en-US/user-guides.md and its pt-PT twin), taken by the
 * journeys themselves so they show the app as it is:
 *
 *   DOCS_SHOTS=1 npx playwright test e2e/listing.spec.ts e2e/offers.spec.ts e2e/swap-swipe.spec.ts \
 *     e2e/chains.spec.ts e2e/delivery.spec.ts --project desktop
 *
 * Without DOCS_SHOTS=1, docsShot does nothing. With it, it writes docs/site/img/{name}.jpg: a JPEG
 * (quality 70) of the viewport only, never the full page. Only the `desktop` project takes them
 * (1280 × 720, Desktop Chrome), so each name is written once and the guides show one width; in the
 * `phone` project, which runs the @phone journeys again, it does nothing.
 */
const DIR = path.join(import.meta.dirname, '..', '..', 'docs', 'site', 'img');
/** Room left for the app's sticky header (60 px) above a part scrolled to the top. */
const HEADER = 80;

export interface DocsShotOptions {
  /** The part of the page the step is about: scrolled to just below the sticky header first. */
  at?: Locator;
  /** With `at`: its top just below the header (the default), or its middle in the middle of the screen. */
  align?: 'start' | 'center';
  /** Whether toasts left over from an earlier step stay in the picture (they do unless told). */
  toasts?: boolean;
  /**
   * Strings left out of the picture, e.g. the run's own mark in a title (`Camping lantern lx3k9`
   * is shown as `Camping lantern`): removed from the page's text and field values for the moment of
   * the screenshot, then put back, so the journey goes on with the page as it was.
   */
  hide?: string[];
  /** Strings shown as others for the moment of the screenshot, e.g. a test account's email as a demo one. */
  replace?: Record<string, string>;
}

export async function docsShot(page: Page, name: string, options: DocsShotOptions = {}): Promise<void> {
  if (process.env.DOCS_SHOTS !== '1' || test.info().project.name !== 'desktop') return;
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) throw new Error(`docsShot: "${name}" is not a file name in lower-case-with-hyphens`);
  if (options.at) {
    await options.at.scrollIntoViewIfNeeded();
    await options.at.evaluate(
      (el, { align, header }) => {
        const box = el.getBoundingClientRect();
        const by = align === 'center' ? box.top + box.height / 2 - window.innerHeight / 2 : box.top - header;
        window.scrollBy({ top: by, behavior: 'instant' });
      },
      { align: options.align ?? 'start', header: HEADER },
    );
  }
  // Web fonts and every image on screen in, so the picture is the page as a person sees it.
  await page.evaluate(async () => {
    await document.fonts.ready;
    const pending = Array.from(document.images).filter((img) => !img.complete);
    await Promise.race([
      Promise.all(pending.map((img) => new Promise((done) => img.addEventListener('load', done, { once: true })))),
      new Promise((done) => setTimeout(done, 3000)),
    ]);
  });
  // Longest first, so a string inside another is not cut out of it first.
  const swaps: Array<[string, string]> = [
    ...(options.hide ?? []).filter(Boolean).flatMap((h): Array<[string, string]> => [
      [` ${h}`, ''],
      [h, ''],
    ]),
    ...Object.entries(options.replace ?? {}).filter(([from]) => from),
  ].sort((a, b) => b[0].length - a[0].length);
  const scrubbed = swaps.length > 0;
  if (scrubbed) await page.evaluate(scrub, swaps);
  try {
    await fs.mkdir(DIR, { recursive: true });
    await page.screenshot({
      path: path.join(DIR, `${name}.jpg`),
      type: 'jpeg',
      quality: 70,
      fullPage: false,
      animations: 'disabled',
      style: options.toasts === false ? '.mantine-Notifications-root { display: none !important; }' : undefined,
    });
  } finally {
    if (scrubbed) await page.evaluate(() => (window as unknown as { docsShotRestore?: () => void }).docsShotRestore?.());
  }
}

/** In the page: swaps the strings in text nodes and field values, and leaves a way to put them back. */
function scrub(swaps: Array<[string, string]>) {
  const cut = (s: string) => swaps.reduce((acc, [from, to]) => acc.split(from).join(to), s);
  const undo: Array<() => void> = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node;
    const before = text.nodeValue ?? '';
    const after = cut(before);
    if (after === before) continue;
    text.nodeValue = after;
    undo.push(() => {
      if (text.nodeValue === after) text.nodeValue = before;
    });
  }
  for (const field of Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'))) {
    const before = field.value;
    const after = cut(before);
    if (after === before) continue;
    field.value = after;
    undo.push(() => {
      if (field.value === after) field.value = before;
    });
  }
  (window as unknown as { docsShotRestore?: () => void }).docsShotRestore = () => undo.forEach((u) => u());
}
