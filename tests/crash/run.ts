// npm run test:crash [-- --seed N] [--kills N] [--db pg|pglite]
//
// The crash test (issue 39, docs/decisions/0045): the production server (one bundled module, as
// `npm start` runs it) on loopback, under a scripted workload of members — local payments and
// Stripe webhooks (against the Stripe stand-in, signed as Stripe signs), coupon redemptions,
// boosts, extra swipes, offers and accepts, chain unlocks (the last one commits), delivery
// bookings, right swipes, chat, and the mail all of that sends (an SMTP sink here) — is killed
// with SIGKILL at random moments, at least 50 times, and restarted each time. After each kill,
// before the restart, the database is checked: every invariant (modules/admin/invariants.ts), and
// every write the workload saw acknowledged is there. The randomness is seeded (printed; --seed
// repeats the choices: kill moments and actions; the machine's timing still varies).
// PostgreSQL when TEST_DATABASE_URL is set (a database of the run's own), else PGlite in a temp
// DATA_DIR. Exits 1 on any violation, or when the run exceeds its time limit.
//
// The parts: options.ts (flags, seed), servers.ts (the bundle, database, sink, stand-in and the
// servers), http.ts, world.ts (members and material), workload.ts, invariants-check.ts.
import { buildServer } from '../../scripts/build-server.mjs';
import { setBase } from './http';
import { check, checkTimes, findings, plant, progress } from './invariants-check';
import { DB_KIND, KILLS, limitMs, PATCH, PLANT, SEED, between, sleep } from './options';
import {
  bundleDir,
  cleanup,
  delivered,
  type Instance,
  killedAt,
  killServer,
  mailRepeats,
  patchBundle,
  runStart,
  SEND_WINDOW_MS,
  spawnServer,
  startSideServices,
  startTimes,
  withDatabase,
} from './servers';
import { counts, workload } from './workload';
import { COUPONS, ITEMS_EACH, prepareInDatabase, setUp } from './world';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const started = performance.now();
  console.log(
    `crash test: seed ${SEED} (repeat with --seed ${SEED}), ${KILLS} kills, database ${DB_KIND}${PLANT ? `, planted fault: ${PLANT}` : ''}`,
  );
  await startSideServices();
  await buildServer(bundleDir);
  if (PATCH) patchBundle(PATCH);
  console.log(`bundled and ready to start in ${s(performance.now() - started)}`);

  // The material, through the API; then the database's part with the server down.
  const first = await spawnServer('local');
  await first.ready;
  setBase(first.base);
  const world = await setUp();
  await killServer(first);
  killedAt.length = 0;
  await withDatabase((db) => prepareInDatabase(db, world));
  console.log(
    `set up: ${world.members.length} members, ${world.members.length * ITEMS_EACH} listings, ${world.rooms.length} rooms, ${world.chains.length} chains, ${COUPONS.length} coupons (${s(performance.now() - started)}; first start ${s(startTimes[0]!)})`,
  );

  // Servers started ahead (AHEAD of them, live instances of the same site) would overlap the
  // starts, but on two cores the starts are CPU-bound: tried with 2 ahead at load 12, a start took
  // 13.5 s instead of 5 and most actions were cut by the kill (decision 0045). Kept for a bigger machine.
  const AHEAD = Number(process.env.CRASH_AHEAD ?? 0);
  if (DB_KIND === 'pglite' && AHEAD > 0) throw new Error('CRASH_AHEAD needs PostgreSQL: PGlite is one process’s');
  const providerOf = (cycle: number) => (cycle % 3 === 0 ? 'stripe' : 'local');
  const queue: Array<Promise<Instance>> = [];
  for (let c = 1; c <= Math.min(AHEAD, KILLS); c++) queue.push(spawnServer(providerOf(c)));
  let pendingCheck: Promise<void> = Promise.resolve();
  for (let cycle = 1; cycle <= KILLS; cycle++) {
    const provider = providerOf(cycle);
    if (cycle + AHEAD <= KILLS && AHEAD > 0) queue.push(spawnServer(providerOf(cycle + AHEAD)));
    const current = AHEAD > 0 ? await queue.shift()! : await spawnServer(provider);
    await current.ready;
    setBase(current.base);
    const stop = { now: false };
    const running = workload(world, provider, 4, stop);
    // The kill comes at a random moment of the work: early (during startup's own work) or late.
    await sleep(between(50, 800));
    await killServer(current);
    progress.kills++;
    stop.now = true;
    await running;
    if (PLANT && cycle === 2) {
      await pendingCheck;
      await withDatabase((db) => plant(db, world));
    }
    // On PostgreSQL the check reads the state in one snapshot while the next server works; PGlite
    // is checked with the server down.
    await pendingCheck;
    pendingCheck = check(cycle, `kill ${cycle}`);
    if (DB_KIND === 'pglite') await pendingCheck;
    if (cycle % 10 === 0)
      console.log(
        `  ${cycle} kills, ${findings.length} violations so far, ${s(performance.now() - started)} (start ${s(median(startTimes))}, check ${s(median(checkTimes))} median)`,
      );
  }
  await pendingCheck;

  // A last start without a kill: what the restarts left to finish (mail, bookings) settles, then a
  // clean stop, and everything is checked again.
  const last = await spawnServer('local');
  await last.ready;
  await sleep(3000);
  await killServer(last, 'SIGTERM');
  await check(KILLS + 1, 'after the last start');

  const total = performance.now() - started;
  console.log('\nactions (acknowledged / tried):');
  for (const [what, c] of Object.entries(counts).sort()) {
    const refused = [...c.refused]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ');
    console.log(`  ${what.padEnd(20)} ${c.acked} / ${c.tried}${refused ? `  (refused: ${refused})` : ''}`);
  }
  const repeats = mailRepeats();
  if (process.env.CRASH_DEBUG)
    for (const id of [...repeats.twice, ...repeats.resentAfterKill].slice(0, 5))
      console.log(
        `  mail ${id}: delivered at ${delivered
          .filter((d) => d.id === id)
          .map((d) => d.at - runStart)
          .join(', ')}; kills at ${killedAt.map((k) => k - runStart).join(', ')}`,
      );
  console.log(
    `  mails received by the SMTP sink: ${delivered.length} (${new Set(delivered.map((d) => d.id)).size} distinct; sent again after a kill within ${SEND_WINDOW_MS} ms of the first: ${repeats.resentAfterKill.length}; sent twice otherwise: ${repeats.twice.length})`,
  );
  console.log(
    `\nkills: ${progress.kills}; server start to ready: median ${s(median(startTimes))}, max ${s(Math.max(...startTimes))}; check: median ${s(median(checkTimes))}; wall time ${s(total)}`,
  );
  if (findings.length) {
    console.log(`FAIL: ${findings.length} violations`);
    for (const f of findings.slice(0, 30))
      console.log(`  ${f.cycle > KILLS ? 'after the last start' : `after kill ${f.cycle}`}: ${f.what}`);
    process.exitCode = 1;
  } else console.log('violations: 0');
}

const watchdog = setTimeout(() => {
  console.error(
    `FAIL: the crash test took more than ${limitMs() / 60_000} minutes (${progress.kills} kills, ${findings.length} violations so far)`,
  );
  process.exitCode = 1;
  void cleanup().finally(() => process.exit(1));
}, limitMs());
watchdog.unref();
process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));

main()
  .catch((err: unknown) => {
    console.error('FAIL:', err);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanup();
    process.exit(process.exitCode ?? 0);
  });
