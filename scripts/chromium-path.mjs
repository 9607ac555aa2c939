// Which Chromium the journeys run in: CHROMIUM_PATH when set, else Debian's headless shell
// (chromium-headless-shell, the old headless mode as its own program), else Debian's Chromium.
// The shell draws the same pages with the same Blink and V8 and costs about 30 % less CPU per
// journey (no browser UI layer): the journeys are CI's largest CPU cost (decision 0047).
import fs from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = '/usr/bin/chromium';

/** The browser the journeys launch. */
export function journeyBrowser() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM;
}
