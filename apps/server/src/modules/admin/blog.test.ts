import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, blogPosts, users } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createBlogPost } from '../../test/factories';
import { multipartFile } from '../../test/multipart';

/**
 * The console's blog (issue 20): admins write posts in markdown as drafts nobody else sees, publish
 * and unpublish them, give them a cover, delete them; every change is in the audit log, and a
 * urlTitle belongs to one post only.
 */
const NOW = '2026-11-20T00:00:00.000Z';
let t: TestApp;
let admin: TestMember;
let member: TestMember;
let jpeg: Buffer;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-web-'));

beforeAll(async () => {
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en-US"><head><title>Shell</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ now: NOW, serveWeb: true, config: { webDist, publicUrl: 'https://swapu.example' } });
  admin = await signUpMember(t.app);
  member = await signUpMember(t.app);
  await t.db.update(users).set({ role: 'admin', displayName: 'Ada Admin' }).where(eq(users.id, admin.id));
  jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2f9e5b' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

type Who = TestMember | null;
const inject = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? who.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
let n = 0;
const fields = (over: Record<string, unknown> = {}) => ({
  title: 'Swapping in the rain',
  urlTitle: `swapping-in-the-rain-${++n}`,
  summary: 'Wet weather tips.',
  body: '## Umbrellas\n\nSwap **them** with [neighbours](https://example.com).',
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await inject(admin, 'POST', '/api/v1/admin/blog', fields(over));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; urlTitle: string; status: string; publishedAt: string | null; coverUrl: string | null };
};
const audits = (id: string, action?: string) =>
  t.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.targetId, id), action ? eq(adminAudit.action, action) : undefined));
const rowCount = async (urlTitle: string) => (await t.db.select().from(blogPosts).where(eq(blogPosts.urlTitle, urlTitle))).length;

/** Everything a guest (or a member) could find of a post: the list, its page, its urlTitle, the sitemap, its page head. */
async function publicView(who: Who, post: { id: string; urlTitle: string }) {
  const list = (await inject(who, 'GET', '/api/v1/blog')).json().items.map((p: { id: string }) => p.id);
  const one = await inject(who, 'GET', `/api/v1/blog/${post.id}`);
  const byTitle = await inject(who, 'GET', `/api/v1/blog/by-url-title/${post.urlTitle}`);
  const sitemap = (await inject(who, 'GET', '/sitemap-pages.xml')).body;
  const head = (await inject(who, 'GET', `/swapu-blog/post/${post.id}`)).body;
  return {
    listed: list.includes(post.id),
    page: one.statusCode,
    byUrlTitle: byTitle.statusCode,
    inSitemap: sitemap.includes(`/swapu-blog/post/${post.id}`),
    headTitle: /<title>([^<]*)<\/title>/.exec(head)?.[1],
  };
}

describe('admin blog: who may', () => {
  it('refuses members and guests on every route, changing nothing', async () => {
    const post = await createBlogPost(t.db, { publishedAt: null });
    for (const who of [member, null]) {
      const status = who ? 403 : 401;
      expect((await inject(who, 'GET', '/api/v1/admin/blog')).statusCode).toBe(status);
      expect((await inject(who, 'GET', `/api/v1/admin/blog/${post.id}`)).statusCode).toBe(status);
      const made = await inject(who, 'POST', '/api/v1/admin/blog', fields({ urlTitle: 'not-by-a-member' }));
      expect(made.statusCode).toBe(status);
      expect((await inject(who, 'PUT', `/api/v1/admin/blog/${post.id}`, fields({ title: 'Hijacked' }))).statusCode).toBe(status);
      expect((await inject(who, 'POST', `/api/v1/admin/blog/${post.id}/publish`)).statusCode).toBe(status);
      expect((await inject(who, 'DELETE', `/api/v1/admin/blog/${post.id}`)).statusCode).toBe(status);
    }
    expect(await rowCount('not-by-a-member')).toBe(0);
    const [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row).toMatchObject({ title: post.title, publishedAt: null });
    expect(await audits(post.id)).toHaveLength(0);
  });
});

describe('admin blog: writing', () => {
  it('creates a draft by the admin, lists it with the drafts, and records blog.create', async () => {
    const post = await create({ title: 'Spring swap guide', summary: 'What to swap in spring.' });
    expect(post).toMatchObject({ status: 'draft', publishedAt: null, coverUrl: null });
    const one = (await inject(admin, 'GET', `/api/v1/admin/blog/${post.id}`)).json();
    expect(one).toMatchObject({ title: 'Spring swap guide', author: 'Ada Admin', body: expect.stringContaining('## Umbrellas') });
    const list = (await inject(admin, 'GET', '/api/v1/admin/blog')).json().items;
    expect(list.find((p: { id: string }) => p.id === post.id)).toMatchObject({ status: 'draft' });
    const [row] = await audits(post.id, 'blog.create');
    expect(row).toMatchObject({ actorId: admin.id, actorName: 'Ada Admin', targetType: 'blog' });
    expect(row!.after).toMatchObject({ urlTitle: post.urlTitle, title: 'Spring swap guide', publishedAt: null });
  });

  it('keeps drafts from guests and members: the list, the page, the urlTitle lookup, the sitemap and the page head', async () => {
    const post = await create({ title: 'A secret draft' });
    for (const who of [null, member]) {
      expect(await publicView(who, post)).toEqual({
        listed: false,
        page: 404,
        byUrlTitle: 404,
        inSitemap: false,
        headTitle: expect.not.stringContaining('secret'),
      });
    }
  });

  it.each([
    ['upper case', 'Swap-Guide', 'blog_url_title_invalid'],
    ['spaces', 'swap guide', 'blog_url_title_invalid'],
    ['a double hyphen', 'swap--guide', 'blog_url_title_invalid'],
    ['a trailing hyphen', 'swap-guide-', 'blog_url_title_invalid'],
    ['an app path', 'faq', 'blog_url_title_invalid'],
    ['the blog itself', 'swapu-blog', 'blog_url_title_invalid'],
    ['too long', 'a'.repeat(81), 'data_invalid'],
  ])('refuses a urlTitle with %s (%s) and creates nothing', async (_what, urlTitle, code) => {
    const res = await inject(admin, 'POST', '/api/v1/admin/blog', fields({ urlTitle }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.fields).toHaveProperty('urlTitle');
    expect(await rowCount(urlTitle)).toBe(0);
  });

  it.each([
    ['an empty title', { title: '   ' }, 'title'],
    ['an empty body', { body: ' \n ' }, 'body'],
    ['a missing urlTitle', { urlTitle: undefined }, 'urlTitle'],
  ])('refuses %s with the field named', async (_what, over, field) => {
    const body = fields(over);
    const res = await inject(admin, 'POST', '/api/v1/admin/blog', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'data_invalid', message: 'Data invalid' });
    expect(res.json().error.fields).toHaveProperty(field);
    if (body.urlTitle) expect(await rowCount(body.urlTitle as string)).toBe(0);
  });

  it('answers a taken urlTitle with 409 and the field, on create and on update, changing nothing', async () => {
    const first = await create({ urlTitle: 'one-title-only' });
    const dup = await inject(admin, 'POST', '/api/v1/admin/blog', fields({ urlTitle: 'one-title-only', title: 'Second' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({
      code: 'blog_url_title_taken',
      message: 'That URL title is already used by another post.',
      fields: { urlTitle: 'taken' },
    });
    expect(await rowCount('one-title-only')).toBe(1);

    const second = await create({ urlTitle: 'another-title', title: 'Second' });
    const clash = await inject(admin, 'PUT', `/api/v1/admin/blog/${second.id}`, fields({ urlTitle: 'one-title-only', title: 'Renamed' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('blog_url_title_taken');
    const [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, second.id));
    expect(row).toMatchObject({ urlTitle: 'another-title', title: 'Second' });
    expect(await audits(second.id, 'blog.update')).toHaveLength(0);
    // Keeping one's own urlTitle is no clash.
    const same = await inject(admin, 'PUT', `/api/v1/admin/blog/${first.id}`, fields({ urlTitle: 'one-title-only', title: 'Retitled' }));
    expect(same.statusCode).toBe(200);
  });

  it('gives a urlTitle to one of two admins creating it at the same moment', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        inject(admin, 'POST', '/api/v1/admin/blog', fields({ urlTitle: 'race-for-a-title', title: `Racer ${i}` })),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409]);
    expect(await rowCount('race-for-a-title')).toBe(1);
    const creates = await t.db.select().from(adminAudit).where(eq(adminAudit.action, 'blog.create'));
    const winner = results.find((r) => r.statusCode === 201)!.json().id;
    expect(
      creates.filter((a) => (a.after as { urlTitle?: string } | null)?.urlTitle === 'race-for-a-title').map((a) => a.targetId),
    ).toEqual([winner]);
  });

  it('updates the fields and records before and after', async () => {
    const post = await create({ title: 'Old title' });
    const res = await inject(
      admin,
      'PUT',
      `/api/v1/admin/blog/${post.id}`,
      fields({ title: 'New title', urlTitle: 'new-title-here', body: 'Fresh.' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'New title', urlTitle: 'new-title-here', body: 'Fresh.', status: 'draft' });
    const [row] = await audits(post.id, 'blog.update');
    expect(row!.before).toMatchObject({ title: 'Old title', urlTitle: post.urlTitle });
    expect(row!.after).toMatchObject({ title: 'New title', urlTitle: 'new-title-here', bodyLength: 6 });
    expect((await inject(admin, 'PUT', '/api/v1/admin/blog/no-such-post', fields())).statusCode).toBe(404);
  });
});

describe('admin blog: publishing', () => {
  it('publish shows the post everywhere (its bare urlTitle too); unpublish hides it again; each once in the log', async () => {
    const post = await create({ title: 'Swap your winter coat', urlTitle: 'swap-your-winter-coat' });
    const pub = await inject(admin, 'POST', `/api/v1/admin/blog/${post.id}/publish`);
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({ status: 'published', publishedAt: NOW });
    for (const who of [null, member]) {
      expect(await publicView(who, post)).toEqual({
        listed: true,
        page: 200,
        byUrlTitle: 200,
        inSitemap: true,
        headTitle: 'Swap your winter coat | SwapU',
      });
    }
    // The spec's unknown-path lookup: the post's id from its urlTitle.
    expect((await inject(null, 'GET', '/api/v1/blog/by-url-title/swap-your-winter-coat')).json()).toMatchObject({ id: post.id });

    // Publishing again changes nothing and writes nothing.
    expect((await inject(admin, 'POST', `/api/v1/admin/blog/${post.id}/publish`)).statusCode).toBe(200);
    expect(await audits(post.id, 'blog.publish')).toHaveLength(1);

    // Editing a published post keeps it published, with its date.
    t.clock.advance(60_000);
    const edited = await inject(
      admin,
      'PUT',
      `/api/v1/admin/blog/${post.id}`,
      fields({ title: 'Swap your winter coat', urlTitle: 'swap-your-winter-coat', body: 'Edited.' }),
    );
    expect(edited.json()).toMatchObject({ status: 'published', publishedAt: NOW });
    expect((await inject(null, 'GET', `/api/v1/blog/${post.id}`)).json().body).toBe('Edited.');
    t.clock.set(NOW);

    const unpub = await inject(admin, 'POST', `/api/v1/admin/blog/${post.id}/unpublish`);
    expect(unpub.json()).toMatchObject({ status: 'draft', publishedAt: null });
    for (const who of [null, member])
      expect(await publicView(who, post)).toMatchObject({ listed: false, page: 404, byUrlTitle: 404, inSitemap: false });
    const [row] = await audits(post.id, 'blog.unpublish');
    expect(row).toMatchObject({ actorId: admin.id, before: { publishedAt: NOW }, after: { publishedAt: null } });
    expect((await inject(admin, 'POST', `/api/v1/admin/blog/${post.id}/unpublish`)).statusCode).toBe(200);
    expect(await audits(post.id, 'blog.unpublish')).toHaveLength(1);
  });

  it('publishing a scheduled post brings it forward to now', async () => {
    const post = await createBlogPost(t.db, { publishedAt: new Date('2027-01-01T00:00:00Z') });
    const listed = (await inject(admin, 'GET', '/api/v1/admin/blog')).json().items.find((p: { id: string }) => p.id === post.id);
    expect(listed.status).toBe('scheduled');
    const pub = await inject(admin, 'POST', `/api/v1/admin/blog/${post.id}/publish`);
    expect(pub.json()).toMatchObject({ status: 'published', publishedAt: t.clock.now().toISOString() });
    expect((await inject(null, 'GET', `/api/v1/blog/${post.id}`)).statusCode).toBe(200);
  });
});

describe('admin blog: cover and delete', () => {
  const uploadCover = (id: string, data: Buffer, type = 'image/jpeg') => {
    const file = multipartFile('file', 'cover.jpg', data, type);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/blog/${id}/cover`,
      payload: file.payload,
      headers: { ...admin.headers, ...file.headers },
    });
  };
  const mediaPath = (url: string) => path.join(t.config.uploadsDir, url.replace(/^\/media\//, ''));

  it('stores a cover at the Open Graph size, shows it on the public post and in its link preview, and replaces it', async () => {
    const post = await create({ title: 'Covered', urlTitle: 'covered-post' });
    const bad = await uploadCover(post.id, Buffer.from('not an image'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('image_invalid');
    expect(await audits(post.id, 'blog.update')).toHaveLength(0);

    const res = await uploadCover(post.id, jpeg);
    expect(res.statusCode).toBe(200);
    const coverUrl = res.json().coverUrl as string;
    expect(coverUrl).toMatch(new RegExp(`^/media/blog/${post.id}/[0-9a-f-]+/lg\\.webp$`));
    const served = await t.app.inject({ url: coverUrl });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630, format: 'webp' });
    const [audit] = await audits(post.id, 'blog.update');
    expect(audit).toMatchObject({ before: { coverKey: null }, reason: 'cover' });

    await inject(admin, 'POST', `/api/v1/admin/blog/${post.id}/publish`);
    expect((await inject(null, 'GET', `/api/v1/blog/${post.id}`)).json().coverUrl).toBe(coverUrl);
    const head = (await inject(null, 'GET', `/swapu-blog/post/${post.id}`)).body;
    expect(head).toContain(`<meta property="og:image" content="https://swapu.example${coverUrl}" />`);

    const again = await uploadCover(post.id, jpeg);
    const next = again.json().coverUrl as string;
    expect(next).not.toBe(coverUrl);
    expect(fs.existsSync(mediaPath(coverUrl))).toBe(false);
    expect(fs.existsSync(mediaPath(next))).toBe(true);

    const removed = await inject(admin, 'DELETE', `/api/v1/admin/blog/${post.id}/cover`);
    expect(removed.json().coverUrl).toBeNull();
    expect(fs.existsSync(mediaPath(next))).toBe(false);
    expect(await audits(post.id, 'blog.update')).toHaveLength(3);
  });

  it('deletes a post with its cover: its URLs stop answering, and the log keeps what it was', async () => {
    const post = await create({ title: 'Short-lived', urlTitle: 'short-lived' });
    const cover = (await uploadCover(post.id, jpeg)).json().coverUrl as string;
    await inject(admin, 'POST', `/api/v1/admin/blog/${post.id}/publish`);
    expect((await inject(admin, 'DELETE', `/api/v1/admin/blog/${post.id}`)).statusCode).toBe(204);
    expect((await inject(admin, 'GET', `/api/v1/admin/blog/${post.id}`)).statusCode).toBe(404);
    expect((await inject(null, 'GET', '/api/v1/blog/by-url-title/short-lived')).statusCode).toBe(404);
    expect(fs.existsSync(mediaPath(cover))).toBe(false);
    const [row] = await audits(post.id, 'blog.delete');
    expect(row!.before).toMatchObject({ urlTitle: 'short-lived', title: 'Short-lived', publishedAt: NOW });
    expect((await inject(admin, 'DELETE', `/api/v1/admin/blog/${post.id}`)).statusCode).toBe(404);
    // The urlTitle is free again.
    await create({ urlTitle: 'short-lived' });
  });
});
