import { randomInt } from 'node:crypto';
import path from 'node:path';

// The crash test's flags, constants and seeded randomness (tests/crash/run.ts, decision 0045).

export const ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * A guard against a hung run, not the time goal: 50 kills take about 4 minutes on PostgreSQL on
 * the two-core machine and longer when it is loaded (a start is CPU-bound: 2.3 s idle, 5 s at
 * load 10); PGlite's cycles are about half as long again (decision 0045). In `npm test` it runs
 * beside the journeys, the PostgreSQL run and the benchmarks' smoke runs on the same two cores.
 */
export const limitMs = () => (DB_KIND === 'pg' ? 15 : 20) * 60_000;
export const WEBHOOK_SECRET = 'whsec_crash_test_secret';
/** stripe-webhook.routes.ts's STRIPE_WEBHOOK_PATH (that module is the app's, typed with its plugins). */
export const STRIPE_WEBHOOK_PATH = '/api/v1/payments/stripe/webhook';
export const CARD = { cardNumber: '4242 4242 4242 4242' };
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Arguments, seed, randomness

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return eq?.slice(name.length + 3);
}
export const SEED = Number(arg('seed') ?? randomInt(1, 2 ** 31 - 1));
export const KILLS = Number(arg('kills') ?? 50);
export const PG_URL = process.env.TEST_DATABASE_URL;
export const DB_KIND = (arg('db') ?? (PG_URL ? 'pg' : 'pglite')) as 'pg' | 'pglite';
/**
 * To show the test can fail (docs/decisions/0045): --plant writes a violation into the database
 * after the second kill (ledger: a balance moved without its ledger row; lost-message: an
 * acknowledged chat message deleted); --patch FILE applies [{ from, to }] text replacements to this
 * run's own bundle (a transaction taken away, say), each of which must match exactly once.
 */
export const PLANT = arg('plant');
export const PATCH = arg('patch');
if (
  !Number.isSafeInteger(SEED) ||
  !Number.isSafeInteger(KILLS) ||
  KILLS < 1 ||
  !['pg', 'pglite'].includes(DB_KIND) ||
  (PLANT && !['ledger', 'lost-message'].includes(PLANT))
) {
  console.error('usage: npm run test:crash [-- --seed N] [--kills N] [--db pg|pglite] [--plant ledger|lost-message] [--patch FILE]');
  process.exit(2);
}
if (DB_KIND === 'pg' && !PG_URL) {
  console.error('--db pg needs TEST_DATABASE_URL (postgres://…@127.0.0.1:5432/postgres)');
  process.exit(2);
}

/** mulberry32: a small seeded generator, so a seed repeats the run's choices. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const random = rng(SEED);
export const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
export const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
