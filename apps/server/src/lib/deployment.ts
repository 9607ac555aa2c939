import { verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Tx } from '../db/client';
import { rowsOf } from './sql-rows';

/**
 * Where a server may run with things only a developer's own machine should have: the demo
 * marketplace (accounts with a published password), the /api/test hooks and the developer pages
 * (/dev/mail). "Local" means it listens on loopback only and its public address is loopback too,
 * so nobody but the person at the machine can reach it. See docs/decisions/0012-safe-defaults.md.
 */

const LOOPBACK_NAMES = new Set(['localhost', '::1', '[::1]', '0:0:0:0:0:0:0:1']);

/** True for an interface or host name that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase();
  if (LOOPBACK_NAMES.has(h) || h.endsWith('.localhost')) return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || /^::ffff:127\./.test(h);
}

/** True when a URL points at this machine (localhost, 127.x, ::1). */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** The server can only be reached from this machine. */
export const isLocalOnly = (config: Pick<Config, 'host' | 'publicUrl'>) => isLoopbackHost(config.host) && isLoopbackUrl(config.publicUrl);

export class UnsafeDeploymentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeDeploymentError';
  }
}

/**
 * Refuses a configuration that would expose test hooks or developer pages, or take pretend money
 * and book pretend couriers on a public server without TEST_MODE; returns the loud warnings to log
 * when any of them is on (legitimately, on a developer's machine or a staging site).
 */
export function checkDeployment(
  config: Pick<Config, 'env' | 'host' | 'publicUrl' | 'testHooks' | 'devPages' | 'testMode'> & {
    passwordHashing?: Config['passwordHashing'];
    payments: Pick<Config['payments'], 'provider'>;
    delivery: Pick<Config['delivery'], 'courier'>;
    sellerMissing?: readonly string[];
  },
): string[] {
  const local = isLocalOnly(config);
  const where = `HOST=${config.host}, PUBLIC_URL=${config.publicUrl}, NODE_ENV=${config.env}`;
  const warnings: string[] = [];
  for (const [on, what, variable, off] of [
    [config.testHooks, 'the /api/test hooks', 'SWAPU_TEST_HOOKS', 'false'],
    [config.devPages, 'the developer pages (/dev/mail, /api/v1/dev/*)', 'DEV_PAGES', 'false'],
    // Members' passwords hashed at a test's cost (lib/passwords.ts): never where real people sign up.
    [config.passwordHashing === 'fast', 'fast password hashes (PASSWORD_HASHING=fast)', 'PASSWORD_HASHING', 'standard'],
  ] as const) {
    if (!on) continue;
    if (config.env === 'production') {
      throw new UnsafeDeploymentError(
        `${what} are never served in production (${where}): unset ${variable} or run with NODE_ENV=development.`,
      );
    }
    if (!local) {
      throw new UnsafeDeploymentError(
        `${what} are only served on a loopback-only server (${where}): listen on HOST=127.0.0.1 with a localhost PUBLIC_URL, or set ${variable}=${off}.`,
      );
    }
    warnings.push(`${what} are ON (${variable}); this server must stay on this machine (${where}).`);
  }
  const pretend = pretendServices(config);
  if (pretend.length > 0 && !local && !config.testMode) {
    throw new UnsafeDeploymentError(
      `a public server takes real money and books real couriers, and this one is configured with ${pretend
        .map((p) => p.what)
        .join(' and ')} (${where}). Set ${pretend.map((p) => p.fix).join('; and ')}. ` +
        'For a staging site where nobody pays or ships for real, set TEST_MODE=true: every page, checkout, receipt, label and mail then says so.',
    );
  }
  // Live payments: every receipt is a tax invoice, which names the seller, its ABN and address.
  const sellerMissing = config.sellerMissing ?? [];
  if (!local && !config.testMode && config.payments.provider !== 'local' && sellerMissing.length > 0) {
    throw new UnsafeDeploymentError(
      `every payment's receipt is a tax invoice naming the seller, and ${sellerMissing.join(', ')} ${sellerMissing.length > 1 ? 'are' : 'is'} not set (${where}). ` +
        'Set SELLER_NAME (the legal name), SELLER_ABN (11 digits) and SELLER_ADDRESS.',
    );
  }
  if (config.testMode) warnings.push(`TEST_MODE is on: no money is taken and no courier comes; every page says so (${where}).`);
  return warnings;
}

/** The pretend services a configuration uses (the local payment provider, the courier simulator), with the variables that replace each. */
export function pretendServices(config: {
  payments: Pick<Config['payments'], 'provider'>;
  delivery: Pick<Config['delivery'], 'courier'>;
}): Array<{ what: string; fix: string }> {
  const found: Array<{ what: string; fix: string }> = [];
  if (config.payments.provider === 'local')
    found.push({
      what: 'the local payment provider (PAYMENTS_PROVIDER=local: any valid-looking card is approved and nothing is charged)',
      fix: 'PAYMENTS_PROVIDER=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    });
  if (config.delivery.courier === 'local')
    found.push({
      what: 'the courier simulator (DELIVERY_COURIER=local: labels are printed and no courier comes)',
      fix: 'DELIVERY_COURIER=sendle with SENDLE_ID and SENDLE_API_KEY',
    });
  return found;
}

/** The app_settings key that marks a database seeded with the demo marketplace. */
export const DEMO_MARKER = 'demo_marketplace';
/** The demo accounts' published password (the seed gives it to every demo member). */
export const DEMO_PASSWORD = 'swapu-demo';
/**
 * The demo seed's named accounts. Nobody may sign up with them on a public server; a database
 * seeded before the marker existed is recognised by one of them holding the published password
 * (never by the address alone, which a stranger could register).
 */
export const DEMO_EMAILS: readonly string[] = ['demo@swapu.au', 'subscriber@swapu.au', 'admin@swapu.au'];

/** True for an address the demo seed uses for its named accounts. */
export const isDemoEmail = (email: string) => DEMO_EMAILS.includes(email.trim().toLowerCase());

/**
 * True when the database holds the demo marketplace: the marker the seed writes before anything
 * else, or (a database seeded before the marker) a demo account whose password is the published one.
 */
export async function hasDemoAccounts(db: Tx): Promise<boolean> {
  const [marked] = await rowsOf<{ marked: boolean }>(
    db,
    sql`select exists (select 1 from app_settings where key = ${DEMO_MARKER}) as marked`,
  );
  if (marked?.marked) return true;
  const candidates = await rowsOf<{ hash: string }>(
    db,
    sql`select password_hash as hash from users
        where lower(email) in (${sql.join(
          DEMO_EMAILS.map((e) => sql`${e}`),
          sql`, `,
        )}) and password_hash is not null and deleted_at is null`,
  );
  for (const { hash } of candidates) if (await verify(hash, DEMO_PASSWORD).catch(() => false)) return true;
  return false;
}

/** A server reachable from outside never serves a database with demo accounts. */
export async function refuseDemoAccountsInPublic(db: Tx, config: Pick<Config, 'host' | 'publicUrl'>): Promise<void> {
  if (isLocalOnly(config)) return;
  if (await hasDemoAccounts(db)) {
    throw new UnsafeDeploymentError(
      `This database holds the demo marketplace, whose accounts share a published password, and this server is reachable beyond this machine (HOST=${config.host}, PUBLIC_URL=${config.publicUrl}). ` +
        'SwapU refuses to serve it: start with an empty database (a new DATA_DIR or DATABASE_URL), or run locally with HOST=127.0.0.1 and a localhost PUBLIC_URL.',
    );
  }
}
