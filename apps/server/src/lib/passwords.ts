import { hash } from '@node-rs/argon2';

/**
 * How costly a new password hash is (PASSWORD_HASHING). `standard`, the default everywhere:
 * argon2id at @node-rs/argon2's defaults, 19 MiB and two passes (OWASP's recommended minimum),
 * about 14 ms of CPU a hash on a CI core. `fast`: 1 MiB and one pass, well under a millisecond,
 * for the test suites and the journeys' server, which sign up thousands of members a run (1,321
 * hashes and 637 checks in each integration run, about 24 CPU-seconds; decision 0047).
 * lib/deployment.ts refuses `fast` in production and beyond a loopback server. Checking a password
 * reads the cost from the stored hash, so hashes of either kind are checked alike.
 */
export const PASSWORD_HASHINGS = ['standard', 'fast'] as const;
export type PasswordHashing = (typeof PASSWORD_HASHINGS)[number];

const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;
/** The cost part of a PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`) each setting writes. */
const COST: Record<PasswordHashing, string> = { standard: 'm=19456,t=2,p=1', fast: 'm=1024,t=1,p=1' };

/** An argon2id hash of a password (or a recovery code) at the configured cost. */
export function hashPassword(secret: string, hashing: PasswordHashing = 'standard'): Promise<string> {
  return hashing === 'fast' ? hash(secret, FAST) : hash(secret);
}

/**
 * Whether a stored hash was made at another cost than the configured one: a database that a fast
 * test server once wrote and a standard server now serves. Sign-in then hashes the password again
 * (it has just been checked), so no weak hash outlives its member's next sign-in.
 */
export function needsRehash(stored: string, hashing: PasswordHashing = 'standard'): boolean {
  return stored.split('$')[3] !== COST[hashing];
}
