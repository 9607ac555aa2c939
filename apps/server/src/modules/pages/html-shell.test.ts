import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@swapu/shared/constants';
import { pageMeta, type PageMeta } from '@swapu/shared/page-meta';
import { FUZZ_SEED } from '../../test/fuzz';
import { renderShell, withRenderedPage, type PageHead } from './html-shell';

/**
 * What a member or a searcher writes reaches the page's <head> as text, whatever it holds:
 * String.replace reads `$&`, `` $` ``, `$'` and `$1` in a replacement string as "the match", "what
 * came before", "what comes after" and "group 1", so a title spliced in as a string pasted the
 * shell's own markup into <title> and the description (decision 0018).
 */
const SHELL = `<!doctype html>
<html lang="en-US">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The shell's own description." />
    <title>Shell title</title>
  </head>
  <body><div id="root"></div></body>
</html>`;
const PUBLIC_URL = 'https://swapu.example';

const unescape = (s: string) => s.replace(/&(lt|gt|quot|amp);/g, (_m, name: string) => ({ lt: '<', gt: '>', quot: '"', amp: '&' })[name]!);
const titlesIn = (html: string) => [...html.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => unescape(m[1]!));
const metaIn = (html: string, key: string) =>
  [...html.matchAll(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`, 'g'))].map((m) => unescape(m[1]!));

/** Text with every replacement pattern String.replace knows, markup, and anything else. */
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '$&',
        '$`',
        "$'",
        '$1',
        '$$',
        '$<name>',
        '$0',
        '</head>',
        '</title>',
        '<title>',
        '<script>',
        '"',
        '&',
        '&amp;',
        '<meta name="description"',
      ),
      fc.string({ maxLength: 8 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

const render = (meta: PageMeta, locale: (typeof LOCALES)[number] = 'en-US') => {
  const head: PageHead = { meta, canonical: `${PUBLIC_URL}/`, jsonLd: null };
  return renderShell(SHELL, head, locale, PUBLIC_URL);
};

/** The rendered page has exactly one title and one description, each the text given, and the shell around them intact. */
function expectHeadOf(html: string, meta: PageMeta) {
  expect(titlesIn(html)).toEqual([meta.title]);
  expect(metaIn(html, 'description')).toEqual([meta.description]);
  expect(metaIn(html, 'og:title')).toEqual([meta.title]);
  expect(metaIn(html, 'twitter:description')).toEqual([meta.description]);
  expect(html.startsWith('<!doctype html>\n<html lang=')).toBe(true);
  expect(html.endsWith('</head>\n  <body><div id="root"></div></body>\n</html>')).toBe(true);
  expect(html).not.toContain("The shell's own description.");
  expect(html).not.toContain('Shell title');
}

describe('a page head written from what people typed', () => {
  it("keeps a search term with $' in the title and the description as typed", () => {
    const meta = pageMeta.search('en-US', "zz$'yy");
    const html = render(meta);
    expect(html).toContain("<title>Swaps for “zz$'yy” | SwapU</title>");
    expectHeadOf(html, meta);
  });

  it('renders any title and description as the escaped text, whatever replacement patterns or markup they hold', () => {
    fc.assert(
      fc.property(hostile, hostile, (title, description) => {
        const meta: PageMeta = { title, description, type: 'website', image: null, noindex: false };
        expectHeadOf(render(meta), meta);
      }),
      { numRuns: 300, seed: FUZZ_SEED },
    );
  });

  it('renders any search term and any blog title and summary as typed, in both languages', () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, fc.constantFrom(...LOCALES), (keyword, title, summary, locale) => {
        const search = pageMeta.search(locale, keyword);
        const html = render(search, locale);
        expectHeadOf(html, search);
        if (keyword.trim()) expect(titlesIn(html)[0]).toContain(keyword.trim());
        const blog = pageMeta.blogPost({ title, summary });
        const post = render(blog, locale);
        expectHeadOf(post, blog);
        expect(titlesIn(post)[0]).toBe(`${title} | SwapU`);
      }),
      { numRuns: 300, seed: FUZZ_SEED },
    );
  });

  it('puts the rendered page and its data in the body as given', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const html = withRenderedPage(SHELL, `<p>${text}</p>`, { text });
        expect(html).toContain(`<div id="root"><p>${text}</p></div>`);
        const data = /<script type="application\/json" id="swapu-ssr">([\s\S]*?)<\/script>/.exec(html)?.[1];
        expect(JSON.parse(data!)).toEqual({ text });
      }),
      { numRuns: 200, seed: FUZZ_SEED },
    );
  });
});

describe('the installed app’s manifest (decision 0053)', () => {
  it('is the page’s language’s: the pt-PT manifest on a pt-PT page, the English one otherwise', () => {
    const shell = SHELL.replace('</head>', '<link rel="manifest" href="/manifest.webmanifest" />\n  </head>');
    const head: PageHead = { meta: pageMeta.home('en-US'), canonical: `${PUBLIC_URL}/`, jsonLd: null };
    expect(renderShell(shell, head, 'pt-PT', PUBLIC_URL)).toContain('<link rel="manifest" href="/manifest.pt-PT.webmanifest" />');
    expect(renderShell(shell, head, 'en-US', PUBLIC_URL)).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });
});
