import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImage, createBlogPost, createPost, createUser } from '../../test/factories';
import { createTestApp, LIVE_SERVICES, type TestApp } from '../../test/app';

/**
 * Public pages arrive with their own head: a link pasted into a chat app shows the item's photo,
 * title and price; search engines get a canonical address, structured data and a sitemap; and an
 * early-access listing shows a guest nothing of itself, in the page or in the sitemap.
 */
const NOW = '2026-11-20T00:00:00.000Z';
const HOUR = 3600_000;
let t: TestApp;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-web-'));
const SHELL = `<!doctype html>
<html lang="en-US">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The shell's own description." />
    <title>Shell title</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

beforeAll(async () => {
  fs.writeFileSync(path.join(webDist, 'index.html'), SHELL);
  t = await createTestApp({ now: NOW, serveWeb: true, config: { webDist, publicUrl: 'https://swapu.example' } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)" />`).exec(html)?.[1];
const jsonLd = (html: string) => {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : null;
};

describe('a listing page fetched without JavaScript', () => {
  it('carries the title, the price, the photo and the Product data a preview and a search engine need', async () => {
    const owner = await createUser(t.db);
    const post = await createPost(t.db, {
      ownerId: owner.id,
      title: 'Trek road bike',
      cashValueCents: 45_000,
      description: 'Carbon frame, 56 cm.',
    });
    await addImage(t.db, post.id);
    const res = await page(`/viewPost/${post.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<title>Trek road bike – A$450 | SwapU</title>');
    expect(html).not.toContain('Shell title');
    expect(html).not.toContain("The shell's own description.");
    expect(meta(html, 'description')).toBe('Carbon frame, 56 cm.');
    expect(meta(html, 'og:title')).toBe('Trek road bike – A$450 | SwapU');
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:url')).toBe(`https://swapu.example/viewPost/${post.id}`);
    expect(meta(html, 'og:image')).toMatch(/^https:\/\/swapu\.example\/media\/.+/);
    expect(meta(html, 'product:price:amount')).toBe('450.00');
    expect(meta(html, 'product:price:currency')).toBe('AUD');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(`<link rel="canonical" href="https://swapu.example/viewPost/${post.id}" />`);
    expect(html).not.toContain('name="robots"');
    expect(jsonLd(html)).toMatchObject({
      '@type': 'Product',
      name: 'Trek road bike',
      sku: post.id,
      offers: { '@type': 'Offer', price: '450.00', priceCurrency: 'AUD', availability: 'https://schema.org/InStock' },
    });
  });

  it('escapes what members wrote: a title cannot close the head or the structured data', async () => {
    const evil = '</title><script>alert(1)</script>"';
    const post = await createPost(t.db, { title: evil, description: '</script><img src=x onerror=alert(2)>' });
    const html = (await page(`/viewPost/${post.id}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;');
    expect(jsonLd(html)).toMatchObject({ name: evil });
  });

  it('says nothing of an early-access listing to a guest, and nothing of a draft', async () => {
    const early = await createPost(t.db, { title: 'Brand new kayak', publishedAt: new Date(Date.parse(NOW) - HOUR) });
    const draft = await createPost(t.db, { title: 'Half written tent', state: 'draft' });
    for (const id of [early.id, draft.id, 'no-such-post']) {
      const html = (await page(`/viewPost/${id}`)).body;
      expect(html).not.toContain('Brand new kayak');
      expect(html).not.toContain('Half written tent');
      expect(html).toContain('<title>Listing not available | SwapU</title>');
      expect(meta(html, 'robots')).toBe('noindex');
      expect(jsonLd(html)).toBeNull();
    }
  });

  it('is in the language of the person: the chosen one (cookie) first, then the browser’s', async () => {
    const post = await createPost(t.db, { title: 'Guitarra acústica', cashValueCents: 12_050 });
    const pt = (await page(`/viewPost/${post.id}`, { 'accept-language': 'pt-PT,pt;q=0.9' })).body;
    expect(pt).toContain('<html lang="pt-PT"');
    expect(meta(pt, 'og:locale')).toBe('pt_PT');
    expect(pt).toMatch(/<title>Guitarra acústica – 120,50\s?AU\$ \| SwapU<\/title>/);
    const chosen = (await page('/', { 'accept-language': 'pt-PT', cookie: 'swapu_lang=en-US' })).body;
    expect(chosen).toContain('<html lang="en-US"');
    expect(chosen).toContain('<title>SwapU – swap what you have for what you need</title>');
  });
});

describe('other public pages', () => {
  it('give a search its words in the title and a canonical address, and keep an empty search out of the index', async () => {
    const html = (await page('/search?keyword=road%20bike&sort=newest')).body;
    expect(html).toContain('<title>Swaps for “road bike” | SwapU</title>');
    expect(html).toContain('<link rel="canonical" href="https://swapu.example/search?keyword=road%20bike" />');
    expect(meta((await page('/search?category=books')).body, 'robots')).toBe('noindex');
  });

  it("keep a search term with $' as typed: the shell's own markup is not pasted into the title or the description", async () => {
    const html = (await page('/search?keyword=zz%24%27yy')).body;
    expect(html).toContain("<title>Swaps for “zz$'yy” | SwapU</title>");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(meta(html, 'description')).toBe(
      "Items people across Australia want to swap for “zz$'yy”: browse, like and make an offer on SwapU.",
    );
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });

  it('give a blog post its title and summary, and the home page the site default preview image', async () => {
    const post = await createBlogPost(t.db, { title: 'Ten things to swap this summer', summary: 'From surfboards to fans.' });
    const html = (await page(`/swapu-blog/post/${post.id}`)).body;
    expect(html).toContain('<title>Ten things to swap this summer | SwapU</title>');
    expect(meta(html, 'og:type')).toBe('article');
    const home = (await page('/')).body;
    expect(meta(home, 'og:image')).toBe('https://swapu.example/og-image.png');
    expect(meta(home, 'og:image:width')).toBe('1200');
  });
});

describe('Swap Swipe and the leaderboard', () => {
  it('a shared pairing names both items and shows the suggested one; an early-access one says nothing', async () => {
    const old = new Date(Date.parse(NOW) - 48 * HOUR);
    const mine = await createPost(t.db, { title: 'Camping stove', cashValueCents: 8_000, publishedAt: old });
    const theirs = await createPost(t.db, { title: 'Dome tent', cashValueCents: 9_500, publishedAt: old });
    await addImage(t.db, theirs.id);
    const html = (await page(`/swap-swipe/${mine.id}/${theirs.id}`)).body;
    expect(html).toContain('<title>Camping stove for Dome tent | SwapU</title>');
    expect(meta(html, 'description')).toBe('A swap idea on SwapU: Camping stove for Dome tent. See why it fits and make an offer.');
    expect(meta(html, 'og:image')).toMatch(/^https:\/\/swapu\.example\/media\/.+/);
    expect(meta(html, 'robots')).toBe('noindex');
    const pt = (await page(`/swap-swipe/${mine.id}/${theirs.id}`, { cookie: 'swapu_lang=pt-PT' })).body;
    expect(pt).toContain('<title>Camping stove por Dome tent | SwapU</title>');

    const early = await createPost(t.db, { title: 'Secret kayak', publishedAt: new Date(Date.parse(NOW) - HOUR) });
    for (const url of [`/swap-swipe/${mine.id}/${early.id}`, `/swap-swipe/${mine.id}/%E0%A4%A`, `/viewPost/%E0%A4%A`]) {
      const res = await page(url);
      // Not valid percent-encoding: refused as a bad request, never a server error.
      expect(res.statusCode).toBe(url.includes('%E0') ? 400 : 200);
      expect(res.body).not.toContain('Secret kayak');
    }
    expect((await page(`/swap-swipe/${mine.id}/${early.id}`)).body).toContain(
      '<title>Swap Swipe: swipe through swaps for your items | SwapU</title>',
    );
  });

  it('/swap-swipe and /leaderboard have their own titles and are in the sitemap', async () => {
    expect((await page('/swap-swipe')).body).toContain('<title>Swap Swipe: swipe through swaps for your items | SwapU</title>');
    expect((await page('/leaderboard')).body).toContain('<title>Leaderboard | SwapU</title>');
    const sitemap = (await page('/sitemap-pages.xml')).body;
    expect(sitemap).toContain('<loc>https://swapu.example/swap-swipe</loc>');
    expect(sitemap).toContain('<loc>https://swapu.example/leaderboard</loc>');
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt keeps crawlers off the API, accounts, admin and sign-in, and names the sitemap', async () => {
    const res = await page('/robots.txt');
    expect(res.statusCode).toBe(200);
    for (const p of ['/api/', '/identity/', '/admin', '/auth', '/myswapu', '/discuss', '/offers'])
      expect(res.body).toContain(`Disallow: ${p}\n`);
    expect(res.body).toContain('Sitemap: https://swapu.example/sitemap.xml');
  });

  it('lists only what a guest may see: an early-access listing appears 24 hours after publishing', async () => {
    const early = await createPost(t.db, { title: 'Sitemap kayak', publishedAt: new Date(Date.parse(NOW) - 2 * HOUR) });
    const old = await createPost(t.db, { title: 'Sitemap tent' });
    const draft = await createPost(t.db, { state: 'draft' });
    const index = await page('/sitemap.xml');
    expect(index.headers['content-type']).toMatch(/application\/xml/);
    expect(index.body).toContain('<loc>https://swapu.example/sitemap-pages.xml</loc>');
    expect(index.body).toContain('<loc>https://swapu.example/sitemap-posts.xml?page=1</loc>');
    const listed = (await page('/sitemap-posts.xml?page=1')).body;
    expect(listed).toContain(`<loc>https://swapu.example/viewPost/${old.id}</loc>`);
    expect(listed).not.toContain(early.id);
    expect(listed).not.toContain(draft.id);
    t.clock.advance(23 * HOUR);
    expect((await page('/sitemap-posts.xml')).body).toContain(early.id);
    t.clock.set(NOW);
    expect((await page('/sitemap-posts.xml?page=2')).statusCode).toBe(404);
    expect((await page('/sitemap-posts.xml?page=0')).statusCode).toBe(400);
    const pages = (await page('/sitemap-pages.xml')).body;
    expect(pages).toContain('<loc>https://swapu.example/</loc>');
    expect(pages).toContain('<loc>https://swapu.example/all-categories</loc>');
  });
});

describe("the documentation's bare /api path", () => {
  it('is a page for a browser (the web app sends it to /docs/api), and stays a JSON 404 for anything else', async () => {
    for (const url of ['/api', '/api?from=menu']) {
      const res = await page(url, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
    // A page address that only starts like the API (a blog post's urlTitle) is a page too.
    expect((await page('/api-tips', { accept: 'text/html' })).headers['content-type']).toMatch(/text\/html/);
    // API clients, and every path under /api/, keep the API's own answer.
    const json = await page('/api', { accept: 'application/json' });
    expect(json.statusCode).toBe(404);
    expect(json.json().error.code).toBe('not_found');
    const missing = await page('/api/v1/nothing-here', { accept: 'text/html' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    expect((await page('/api/v1/posts')).statusCode).toBe(200);
  });
});

describe('a TEST_MODE site', () => {
  it('says so in every page’s HTML, for the web app’s banner; a site taking real money does not', async () => {
    expect(t.config.testMode).toBe(true);
    for (const url of ['/', '/search?keyword=bike', '/auth', '/no/such/page'])
      expect(meta((await page(url)).body, 'swapu-mode'), url).toBe('test');
    const live = await createTestApp({
      now: NOW,
      serveWeb: true,
      config: { webDist, publicUrl: 'https://swapu.example', ...LIVE_SERVICES },
    });
    try {
      const html = (await live.app.inject({ method: 'GET', url: '/' })).body;
      expect(html).toContain('<title>');
      expect(meta(html, 'swapu-mode')).toBeUndefined();
    } finally {
      await live.close();
    }
  });
});
