import { afterAll, beforeAll, expect } from 'vitest';
import type { SearchResult } from '@swapu/shared/search';
import type { TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';

/** GET /api/v1/search for tests (`app` is read when a request is made: it is built in beforeAll). */
export type SearchQueryParams = Record<string, string | number | boolean | undefined>;

export function searchClient(app: () => TestApp, now: Date) {
  type Query = SearchQueryParams;
  const qs = (q: Query) =>
    Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
      .join('&');
  const get = (q: Query, m?: TestMember) => app().app.inject({ method: 'GET', url: `/api/v1/search?${qs(q)}`, headers: m?.headers });
  const ok = async (q: Query, m?: TestMember): Promise<SearchResult> => {
    const res = await get(q, m);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const titles = (r: SearchResult) => r.items.map((i) => i.title);
  /** The instant `hoursAgo` hours before the test's now. */
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3600_000);
  return { get, ok, titles, at };
}

/** A test file's app on a fresh database at `now` (closed after the file), with the search client. */
export function searchTestApp(now: Date) {
  const env = {} as { t: TestApp };
  beforeAll(async () => {
    env.t = await createTestApp({ now: now.toISOString() });
  });
  afterAll(async () => {
    await env.t?.close();
  });
  return { env, ...searchClient(() => env.t, now) };
}
