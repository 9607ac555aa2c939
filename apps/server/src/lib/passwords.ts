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
export type PasswordHashing = 'standard' | 'fast';
export const PASSWORD_HASHINGS = ['standard', 'fast'] as const satisfies readonly PasswordHashing[];

const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/** An argon2id hash of a password (or a recovery code) at the configured cost. */
export function hashPassword(secret: string, hashing: PasswordHashing = 'standard'): Promise<string> {
  return hashing === 'fast' ? hash(secret, FAST) : hash(secret);
}
