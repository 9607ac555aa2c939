import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { localities } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/localities', () => {
  it('holds the Australian localities of every state and territory', async () => {
    const rows = await t.db
      .select({ state: localities.auState, n: sql<number>`count(*)::int` })
      .from(localities)
      .groupBy(localities.auState);
    expect(rows.map((r) => r.state).sort()).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
    expect(rows.reduce((s, r) => s + r.n, 0)).toBeGreaterThan(15_000);
  });

  it('suggests suburbs by name prefix, case-insensitively, with postcode and coordinates', async () => {
    const res = await t.app.inject({ url: '/api/v1/localities?q=fitzr' });
    expect(res.statusCode).toBe(200);
    const fitzroy = res.json().items.find((l: { postcode: string }) => l.postcode === '3065');
    expect(fitzroy).toMatchObject({ suburb: 'Fitzroy', state: 'VIC' });
    expect(fitzroy.lat).toBeCloseTo(-37.8, 0);
    expect(fitzroy.lng).toBeCloseTo(145, 0);
  });

  it('suggests by postcode prefix', async () => {
    const res = await t.app.inject({ url: '/api/v1/localities?q=2042' });
    const names = res.json().items.map((l: { suburb: string }) => l.suburb);
    expect(names).toContain('Newtown');
  });

  it('treats LIKE wildcards as text', async () => {
    const res = await t.app.inject({ url: '/api/v1/localities?q=%25%25' });
    expect(res.json().items).toEqual([]);
  });

  it('rejects a query shorter than two characters', async () => {
    const res = await t.app.inject({ url: '/api/v1/localities?q=a' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('data_invalid');
  });
});
