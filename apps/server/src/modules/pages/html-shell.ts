import type { PageMeta } from '@swapu/shared/page-meta';
import type { Locale } from '@swapu/shared/constants';

/** What a page's <head> carries beyond the shell: its meta, canonical address and structured data. */
export interface PageHead {
  meta: PageMeta;
  /** Absolute canonical URL of the page. */
  canonical: string;
  /** schema.org data (a listing's Product and Offer), or null. */
  jsonLd: Record<string, unknown> | null;
  /** Extra Open Graph properties (a listing's price). */
  og?: Record<string, string>;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside <script>: no sequence can close the element or open a comment. */
const escapeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const OG_LOCALE: Record<Locale, string> = { 'en-US': 'en_US', 'pt-PT': 'pt_PT' };
const DEFAULT_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };

/** The <head> tags of a page: title, description, canonical, robots, Open Graph, Twitter card, JSON-LD. */
export function headTags(head: PageHead, locale: Locale, publicUrl: string): string {
  const { meta } = head;
  const image = meta.image ? new URL(meta.image, `${publicUrl}/`).href : `${publicUrl}${DEFAULT_IMAGE.path}`;
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    named('description', meta.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    ...(meta.noindex ? [named('robots', 'noindex')] : []),
    property('og:site_name', 'SwapU'),
    property('og:type', meta.type),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', head.canonical),
    property('og:image', image),
    ...(meta.image
      ? []
      : [property('og:image:width', String(DEFAULT_IMAGE.width)), property('og:image:height', String(DEFAULT_IMAGE.height))]),
    property('og:locale', OG_LOCALE[locale]),
    ...Object.entries(head.og ?? {}).map(([k, v]) => property(k, v)),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    named('twitter:image', image),
    ...(head.jsonLd ? [`<script type="application/ld+json">${escapeJson(head.jsonLd)}</script>`] : []),
  ];
  return tags.join('\n    ');
}

/**
 * The built index.html with this page's head: the shell's own title and description go, the
 * page's tags go before </head>, and <html lang> says the language the page is in.
 */
export function renderShell(
  template: string,
  head: PageHead,
  locale: Locale,
  publicUrl: string,
  site: { testMode?: boolean } = {},
): string {
  // A TEST_MODE site says so on every page: the web app reads this and shows its banner.
  const mode = site.testMode ? `\n    <meta name="swapu-mode" content="test" />` : '';
  // Every splice is a replacer function: a replacement string reads $&, $` and $' in a title as
  // the shell's own markup (decision 0018).
  return (
    template
      .replace(/<html lang="[^"]*"/, () => `<html lang="${locale}"`)
      // The installed app's name and description in the page's language (public/manifest.*.webmanifest).
      .replace(
        'href="/manifest.webmanifest"',
        () => `href="${locale === 'pt-PT' ? '/manifest.pt-PT.webmanifest' : '/manifest.webmanifest'}"`,
      )
      .replace(/\s*<title>[\s\S]*?<\/title>/, '')
      .replace(/\s*<meta name="description"[^>]*>/, '')
      .replace('</head>', () => `  ${headTags(head, locale, publicUrl)}${mode}\n  </head>`)
  );
}

/**
 * The server-rendered page inside <div id="root">, and what it was rendered from as a JSON data
 * block (not a script the page runs: the Content-Security-Policy allows none inline).
 */
export function withRenderedPage(shell: string, markup: string, data: unknown): string {
  return shell
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
    .replace('</body>', () => `<script type="application/json" id="swapu-ssr">${escapeJson(data)}</script>\n  </body>`);
}
