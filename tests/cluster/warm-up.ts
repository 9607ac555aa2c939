// Before the checks: each instance loads its photo-moderation model (tfjs on WebAssembly), which
// a new instance does 3 s after it starts listening and which holds its event loop meanwhile (a
// second alone, several when both load on two busy cores: the balancer's 1 s health check then
// takes the instance out). An upload to each instance loads it now; /api/health is asked every
// 50 ms meanwhile, and the longest answer is reported.
import fs from 'node:fs';
import path from 'node:path';
import { call, expectStatus, signUp } from './api';
import { type AppName, APPS, appUrl, type Cluster, ROOT, sleep, until } from './cluster';

export async function warmUp(cluster: Cluster): Promise<Array<{ app: AppName; worstMs: number }>> {
  const jpeg = fs.readFileSync(path.join(ROOT, 'e2e/fixtures/bike.jpg'));
  const out: Array<{ app: AppName; worstMs: number }> = [];
  for (const app of APPS) {
    const m = await signUp('warmup', appUrl(app));
    const post = expectStatus(
      await call<{ id: string }>(appUrl(app), 'POST', '/api/v1/posts', { token: m.token, body: { title: 'Warm up' } }),
      201,
      'warm-up listing',
    );
    let done = false;
    let worstMs = 0;
    const probe = (async () => {
      for (let i = 0; i < 1200 && !done; i++) {
        const a = await call(appUrl(app), 'GET', '/api/health', { timeoutMs: 30_000 });
        worstMs = Math.max(worstMs, Math.round(a.ms));
        await sleep(50);
      }
    })();
    const form = new FormData();
    form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'bike.jpg');
    const up = await call(appUrl(app), 'POST', `/api/v1/posts/${post.id}/images`, { token: m.token, form, timeoutMs: 60_000 });
    // The timer's own warm-up (3 s after listening) may come after the upload: wait past it.
    await sleep(500);
    done = true;
    await probe;
    expectStatus(up, 201, `warm-up upload to ${app}`);
    out.push({ app, worstMs });
  }
  const up = await until(
    async () => {
      const states = await cluster.balancerStates().catch(() => ({}) as Record<string, string>);
      return APPS.every((a) => states[a] === 'UP');
    },
    20_000,
    200,
  );
  if (!up)
    throw new Error(`the balancer does not see both instances UP after the warm-up: ${JSON.stringify(await cluster.balancerStates())}`);
  return out;
}
