import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, SPECIAL_CATEGORIES } from '@swapu/shared/constants';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost } from '../../test/factories';

const NOW = new Date('2026-11-20T00:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/categories', () => {
  it('lists every category in order, flags the special ones and counts only visible posts', async () => {
    await createPost(t.db, { categories: ['bicycles'] });
    await createPost(t.db, { categories: ['bicycles', 'sporting-goods'] });
    await createPost(t.db, { categories: ['bicycles'], state: 'draft' });
    await createPost(t.db, { categories: ['bicycles'], publishedAt: new Date(NOW.getTime() - 3600_000) });
    await createPost(t.db, { categories: ['cars'], deliveryOption: 'person-to-person' });

    const res = await t.app.inject({ url: '/api/v1/categories' });
    expect(res.statusCode).toBe(200);
    const items: Array<{ slug: string; special: boolean; count: number }> = res.json().items;
    expect(items.map((c) => c.slug)).toEqual([...CATEGORIES]);
    const by = Object.fromEntries(items.map((c) => [c.slug, c]));
    expect(by.bicycles!.count).toBe(2);
    expect(by['sporting-goods']!.count).toBe(1);
    expect(by.cars!.count).toBe(1);
    expect(by.toys!.count).toBe(0);
    expect(
      items
        .filter((c) => c.special)
        .map((c) => c.slug)
        .sort(),
    ).toEqual([...SPECIAL_CATEGORIES].sort());
  });
});
