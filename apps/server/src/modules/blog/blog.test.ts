import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createBlogPost } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T00:00:00.000Z' });
});
afterAll(async () => {
  await t.close();
});

describe('blog', () => {
  it('finds a post by its urlTitle, and answers 404 for an unknown one', async () => {
    const post = await createBlogPost(t.db, { urlTitle: 'how-to-swap-safely', title: 'How to swap safely' });
    const found = await t.app.inject({ url: '/api/v1/blog/by-url-title/how-to-swap-safely' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: post.id, urlTitle: 'how-to-swap-safely', title: 'How to swap safely' });
    const missing = await t.app.inject({ url: '/api/v1/blog/by-url-title/no-such-post' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });

  it('keeps urlTitle unique in the database', async () => {
    await createBlogPost(t.db, { urlTitle: 'unique-title' });
    await expect(createBlogPost(t.db, { urlTitle: 'unique-title' })).rejects.toThrow();
  });

  it('lists published posts newest first and hides scheduled ones', async () => {
    const older = await createBlogPost(t.db, { publishedAt: new Date('2026-10-01T00:00:00Z') });
    const newer = await createBlogPost(t.db, { publishedAt: new Date('2026-11-10T00:00:00Z') });
    const scheduled = await createBlogPost(t.db, { publishedAt: new Date('2026-12-25T00:00:00Z') });
    const ids = (await t.app.inject({ url: '/api/v1/blog' })).json().items.map((p: { id: string }) => p.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(scheduled.id);
    expect((await t.app.inject({ url: `/api/v1/blog/${scheduled.id}` })).statusCode).toBe(404);
    const one = (await t.app.inject({ url: `/api/v1/blog/${newer.id}` })).json();
    expect(one.body).toBe('Hello.');
  });
});
