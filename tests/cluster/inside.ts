// The inner half of `npm run test:cluster` (started by run.ts inside the "client" host's
// namespace): starts the services on their hosts, runs the named checks through the balancer
// and prints each as ok or FAIL with its figures. Exits non-zero when any check failed.
import { Cluster, type RunInfo } from './cluster';
import { CHECKS, type CheckResult } from './checks';
import { warmUp } from './warm-up';
import { shedding } from './api';
import { guardInner } from './inner';
import { removalFrom } from './without';

const info = JSON.parse(process.argv[2]!) as RunInfo;
/** --only photo,chat (or --only=photo,chat): just these checks. */
const onlyAt = process.argv.indexOf('--only');
const onlyArg = process.argv.find((a) => a.startsWith('--only='))?.slice(7) ?? (onlyAt > 2 ? process.argv[onlyAt + 1] : undefined);
/** --without trusted-proxy: one mechanism taken away, and only its checks, which must fail (without.ts). */
const removal = removalFrom(process.argv);
const only = removal ? new Set(removal.checks) : onlyArg ? new Set(onlyArg.split(',').filter(Boolean)) : null;

const cluster = new Cluster(info);
const finish = guardInner(cluster, info, '[cluster]');
if (removal) {
  Object.assign(cluster.appEnvExtra, removal.env ?? {});
  console.log(`[cluster] without ${removal.what}: ${removal.checks.join(', ')} must FAIL`);
}

const t0 = Date.now();
const secs = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
try {
  await Promise.all([cluster.startDatabase(), cluster.startS3(), cluster.startMail()]);
  console.log(`[cluster] db, s3 and mail hosts up in ${secs(t0)} s`);
  const t1 = Date.now();
  await cluster.startApps();
  console.log(`[cluster] app1 and app2 ready in ${secs(t1)} s (started together on an empty database)`);
  await cluster.startBalancer();
  console.log(`[cluster] balancer up: both instances pass /api/ready (${secs(t0)} s since start)`);
  // Each instance loads its photo-moderation model (tfjs) 3 s after it starts listening, which
  // holds its event loop for a second or more; the first upload loads it at once. The checks start
  // after that, on instances the balancer sees UP.
  const stalls = await warmUp(cluster);
  console.log(
    `[cluster] moderation model loaded: /api/health answered after at most ${stalls.map((s) => `${s.app} ${s.worstMs} ms`).join(', ')} meanwhile` +
      (shedding.retried ? `; ${shedding.retried} requests refused as busy (503) and sent again` : ''),
  );
} catch (err) {
  console.error('[cluster] FAIL: the cluster did not start:', err instanceof Error ? err.message : err);
  await finish(1);
}

const selected = CHECKS.filter((c) => !only || only.has(c.id));
const results: Array<CheckResult & { name: string; id: string; secs: string }> = [];
// Checks whose work comes due later make it first, and are judged in their turn (checks.ts).
const unprepared = new Map<string, unknown>();
for (const check of selected.filter((c) => c.prepare)) {
  const started = Date.now();
  try {
    await check.prepare!(cluster);
    console.log(`[cluster] ${check.id}: prepared in ${secs(started)} s`);
  } catch (err) {
    unprepared.set(check.id, err);
  }
}
for (const check of selected) {
  const started = Date.now();
  const shedBefore = shedding.retried;
  let result: CheckResult;
  try {
    if (unprepared.has(check.id)) throw unprepared.get(check.id);
    result = await check.run(cluster);
  } catch (err) {
    result = { ok: false, figures: [`error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`] };
  }
  if (shedding.retried > shedBefore)
    result.figures.push(`requests refused as busy (503, load shedding) and sent again: ${shedding.retried - shedBefore}`);
  const entry = { ...result, name: check.name, id: check.id, secs: secs(started) };
  results.push(entry);
  console.log(`${entry.ok ? 'ok  ' : 'FAIL'} ${check.id}: ${check.name} (${entry.secs} s)`);
  for (const f of entry.figures) console.log(`       ${f}`);
}
const failed = results.filter((r) => !r.ok);
console.log(
  `\n[cluster] ${results.length - failed.length} of ${results.length} checks passed in ${secs(t0)} s` +
    (failed.length ? `; failed: ${failed.map((f) => f.id).join(', ')}` : ''),
);
if (removal) {
  // Inverted: each of the mechanism's checks must have failed without it.
  const unnoticed = results.filter((r) => r.ok);
  console.log(
    unnoticed.length
      ? `[cluster] FAIL: without ${removal.name}, ${unnoticed.map((r) => r.id).join(', ')} still passed: the check does not notice its mechanism's loss`
      : `[cluster] as it must: without ${removal.name}, ${results.map((r) => r.id).join(', ')} failed`,
  );
  await finish(unnoticed.length || results.length === 0 ? 1 : 0);
}
await finish(failed.length ? 1 : 0);
