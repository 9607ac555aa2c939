import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, SOCKET_PATH } from '@swapu/shared/endpoints';
import { createTestApp, type TestApp } from './test/app';

/**
 * The web app calls the API only through the shared endpoint table: every row must be a route
 * this server registers, with the same method and the same pattern (param names included), so a
 * renamed or removed route fails here instead of in a person's browser.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T00:00:00.000Z' });
});
afterAll(() => t.close());

describe('the shared endpoint table', () => {
  it('names only routes the server serves', () => {
    const served = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    const rows = Object.entries(endpoints).map(([name, e]) => ({ name, route: `${e.method} ${e.pattern}` }));
    const unknown = rows.filter((r) => !served.has(r.route));
    expect(unknown).toEqual([]);
    expect(rows.length).toBeGreaterThan(60);
    expect(served.has(`GET ${SOCKET_PATH}`)).toBe(true);
  });

  it('gives each route one name', () => {
    const routes = Object.values(endpoints).map((e) => `${e.method} ${e.pattern}`);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
