import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';
import { endpoints, SOCKET_PATH } from '@swapu/shared/endpoints';
import { pushEndpoints } from '@swapu/shared/push-endpoints';
import { reliabilityEndpoints } from '@swapu/shared/reliability-endpoints';
import { createTestApp, type TestApp } from './test/app';

/** The tables: the main one, the admin console's and Web Push's (kept apart so a visitor's first page does not carry them). */
const tables = { ...endpoints, ...adminEndpoints, ...pushEndpoints, ...reliabilityEndpoints };

/**
 * The web app calls the API only through the shared endpoint tables: every row must be a route
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
    const rows = Object.entries(tables).map(([name, e]) => ({ name, route: `${e.method} ${e.pattern}` }));
    const unknown = rows.filter((r) => !served.has(r.route));
    expect(unknown).toEqual([]);
    expect(rows.length).toBeGreaterThan(60);
    expect(served.has(`GET ${SOCKET_PATH}`)).toBe(true);
  });

  it('gives each route one name', () => {
    const routes = Object.values(tables).map((e) => `${e.method} ${e.pattern}`);
    expect(new Set(routes).size).toBe(routes.length);
    // A name in both tables would hide one row behind the other in `tables`.
    expect(Object.keys(endpoints).filter((name) => name in adminEndpoints || name in pushEndpoints)).toEqual([]);
    expect(Object.keys(adminEndpoints).filter((name) => name in pushEndpoints)).toEqual([]);
  });
});
