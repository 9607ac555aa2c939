import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createFuzzWorld, FUZZ_CONFIG, FUZZ_GROUPS, fuzzRoutes, NOT_FUZZED, summary } from '../test/fuzz';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T00:00:00.000Z', config: FUZZ_CONFIG });
});
afterAll(async () => {
  await t.close();
});

describe('fuzzing the API (rest routes)', () => {
  it('covers every route the app serves: each in one group, or not fuzzed for a stated reason', () => {
    const keys = t.app.routeTable.map((r) => `${r.method} ${r.url.replace(/::/g, ':')}`);
    for (const k of keys) {
      const groups = Object.entries(FUZZ_GROUPS)
        .filter(([, pick]) => pick(k))
        .map(([g]) => g);
      const skipped = k in NOT_FUZZED || / \/(api\/docs|media\/)/.test(k);
      expect(skipped ? [] : groups, k).toHaveLength(skipped ? 0 : 1);
    }
  });

  it('answers every generated request without a server error, every error in the catalogue’s shape', async () => {
    const stats = await fuzzRoutes(t, await createFuzzWorld(t), FUZZ_GROUPS.rest);
    console.log(summary(stats));
    expect(stats.length).toBeGreaterThan(0);
  }, 1_200_000);
});
