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
 * Refuses a configuration that would expose test hooks or developer pages, and returns the loud
 * warnings to log when they are on (legitimately, on a developer's machine).
 */
export function checkDeployment(config: Pick<Config, 'env' | 'host' | 'publicUrl' | 'testHooks' | 'devPages'>): string[] {
  const local = isLocalOnly(config);
  const where = `HOST=${config.host}, PUBLIC_URL=${config.publicUrl}, NODE_ENV=${config.env}`;
  const warnings: string[] = [];
  for (const [on, what, variable] of [
    [config.testHooks, 'the /api/test hooks', 'SWAPU_TEST_HOOKS'],
    [config.devPages, 'the developer pages (/dev/mail, /api/v1/dev/*)', 'DEV_PAGES'],
  ] as const) {
    if (!on) continue;
    if (config.env === 'production') {
      throw new UnsafeDeploymentError(
        `${what} are never served in production (${where}): unset ${variable} or run with NODE_ENV=development.`,
      );
    }
    if (!local) {
      throw new UnsafeDeploymentError(
        `${what} are only served on a loopback-only server (${where}): listen on HOST=127.0.0.1 with a localhost PUBLIC_URL, or set ${variable}=false.`,
      );
    }
    warnings.push(`${what} are ON (${variable}); this server must stay on this machine (${where}).`);
  }
  return warnings;
}

/** The app_settings key that marks a database seeded with the demo marketplace. */
export const DEMO_MARKER = 'demo_marketplace';
/** Accounts the demo seed creates (with the published password), also found in databases seeded before the marker existed. */
const DEMO_EMAILS = ['demo@swapu.au', 'subscriber@swapu.au', 'admin@swapu.au'];

/** True when the database holds the demo marketplace's accounts. */
export async function hasDemoAccounts(db: Tx): Promise<boolean> {
  const [result] = await rowsOf<{ demo: boolean }>(
    db,
    sql`select (
      exists (select 1 from app_settings where key = ${DEMO_MARKER})
      or exists (select 1 from users where lower(email) in (${sql.join(
        DEMO_EMAILS.map((e) => sql`${e}`),
        sql`, `,
      )})
        and password_hash is not null and deleted_at is null)
    ) as demo`,
  );
  return result?.demo === true;
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
