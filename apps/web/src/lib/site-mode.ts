/**
 * How the server runs this site, as the page's HTML says it (`<meta name="swapu-mode">`, written by
 * the server's shell: apps/server/src/modules/pages/html-shell.ts). `test`: a TEST_MODE staging
 * site, where no money is taken and no courier comes; every page says so.
 */
export const SITE_MODE_META = 'swapu-mode';

/** True when the page was served by a TEST_MODE site (in the browser; false where there is no document). */
export function pageSaysTestMode(): boolean {
  if (typeof document === 'undefined') return false;
  return document.querySelector(`meta[name="${SITE_MODE_META}"]`)?.getAttribute('content') === 'test';
}
