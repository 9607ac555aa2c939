import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createFuzzWorld, FUZZ_CONFIG, FUZZ_GROUPS, fuzzRoutes, summary } from '../test/fuzz';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T00:00:00.000Z', config: FUZZ_CONFIG });
});
afterAll(async () => {
  await t.close();
});

describe('fuzzing the API (people routes)', () => {
  it('answers every generated request without a server error, every error in the catalogue’s shape', async () => {
    const stats = await fuzzRoutes(t, await createFuzzWorld(t), FUZZ_GROUPS.people);
    console.log(summary(stats));
    expect(stats.length).toBeGreaterThan(0);
  }, 1_200_000);
});
