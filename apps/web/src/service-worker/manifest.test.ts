import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme';

/** The installable app's manifests (public/manifest*.webmanifest) and the icons they name (decision 0053). */
const pub = path.resolve(import.meta.dirname, '../../public');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(pub, file), 'utf8')) as Record<string, unknown>;
const manifests = { 'en-US': read('manifest.webmanifest'), 'pt-PT': read('manifest.pt-PT.webmanifest') };
/** A PNG's width and height, from its header. */
const pngSize = (file: string) => {
  const b = fs.readFileSync(path.join(pub, file));
  expect(b.subarray(1, 4).toString()).toBe('PNG');
  return `${b.readUInt32BE(16)}x${b.readUInt32BE(20)}`;
};

describe('the web app manifests', () => {
  it('make SwapU installable in each language: name, standalone from /, the theme colour, icons of the sizes they say', () => {
    const green = theme.colors!.swapu![6];
    for (const [lang, m] of Object.entries(manifests)) {
      expect(m, lang).toMatchObject({
        name: 'SwapU',
        short_name: 'SwapU',
        lang,
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: green,
      });
      const icons = m.icons as Array<{ src: string; sizes: string; purpose: string; type: string }>;
      expect(icons.filter((i) => i.purpose === 'any').map((i) => i.sizes)).toEqual(['192x192', '512x512']);
      expect(icons.filter((i) => i.purpose === 'maskable').map((i) => i.sizes)).toEqual(['512x512']);
      for (const icon of icons) expect(pngSize(icon.src.slice(1)), icon.src).toBe(icon.sizes);
    }
    expect(pngSize('apple-touch-icon.png')).toBe('180x180');
    expect(pngSize('pwa-badge-96.png')).toBe('96x96');
    // The page's theme colour is the manifest's.
    expect(fs.readFileSync(path.resolve(pub, '../index.html'), 'utf8')).toContain(`<meta name="theme-color" content="${green}" />`);
  });

  it('differ only in their words', () => {
    const shape = (m: Record<string, unknown>) => ({
      ...m,
      lang: undefined,
      description: undefined,
      shortcuts: (m.shortcuts as Array<{ url: string }>).map((s) => s.url),
    });
    expect(shape(manifests['pt-PT'])).toEqual(shape(manifests['en-US']));
    expect(manifests['pt-PT'].description).not.toEqual(manifests['en-US'].description);
  });
});
