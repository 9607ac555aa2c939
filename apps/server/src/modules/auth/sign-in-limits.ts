import type { Tx } from '../../db/client';
import { hit, peek, reset, takeBack, touch } from '../../lib/rate-limit';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * How many failed sign-ins are allowed before TOO_MANY_ATTEMPTS_TRY_LATER (docs/decisions/0006).
 * Only failures count; an address an account has signed in from is "known" to it, and the two
 * wider ceilings never refuse that account there, so nobody else's failures lock its owner out
 * of their own device.
 */
export const SIGN_IN_LIMITS = {
  /** The guessing brake: failures for one account from one address, per `windowMs`. */
  perAccountAndIp: 5,
  /** Failures from one address whatever the account (trying one password on many accounts). */
  perIp: 30,
  windowMs: 15 * MINUTE,
  /** Failures for one account from every address it has not signed in from, per `accountWindowMs`. */
  perAccount: 100,
  accountWindowMs: DAY,
  /** How long an address stays known to an account after a sign-in from it. */
  knownAddressMs: 30 * DAY,
} as const;

/** One sign-in attempt, already counted as a failure everywhere it counts. */
export interface SignInAttempt {
  /** The password was right but the attempt is not over (the two-factor code is asked for). */
  notAFailure(): Promise<void>;
  /** Signed in: the failures from this address are cleared and the address becomes known. */
  succeeded(): Promise<void>;
}

const keysOf = (email: string, ip: string) => ({
  // An email holds no whitespace: "email ip" cannot be read two ways.
  pair: `signin:pair:${email} ${ip}`,
  ip: `signin:ip:${ip}`,
  account: `signin:account:${email}`,
  known: `signin:known:${email} ${ip}`,
});

/**
 * Counts a sign-in attempt as a failure before its password is looked at, one atomic upsert per
 * counter, so however many guesses arrive together only the allowed number are ever checked;
 * a right password takes its count back. Returns null when a limit refuses the attempt (the
 * counters it had already passed are given back: a refused attempt checked nothing).
 */
export async function countSignInAttempt(db: Tx, email: string, ip: string, now: Date): Promise<SignInAttempt | null> {
  const { windowMs, perAccountAndIp, perIp, perAccount, accountWindowMs, knownAddressMs } = SIGN_IN_LIMITS;
  const key = keysOf(email, ip);
  const known = (await peek(db, key.known, knownAddressMs, now)) > 0;
  if ((await hit(db, key.pair, windowMs, now)) > perAccountAndIp) return null;
  // Where the account signed in before, only its own failures there can refuse it.
  const counted: Array<[string, number]> = [[key.pair, windowMs]];
  const giveBack = async (from = 0) => {
    for (const [k, ms] of counted.slice(from)) await takeBack(db, k, ms, now);
  };
  if (!known) {
    if ((await hit(db, key.ip, windowMs, now)) > perIp) {
      await giveBack();
      return null;
    }
    counted.push([key.ip, windowMs]);
    if ((await hit(db, key.account, accountWindowMs, now)) > perAccount) {
      await giveBack();
      return null;
    }
    counted.push([key.account, accountWindowMs]);
  }
  return {
    notAFailure: () => giveBack(),
    succeeded: async () => {
      await reset(db, key.pair);
      await giveBack(1);
      await touch(db, key.known, now);
    },
  };
}

/**
 * A new password lifts the lockouts its owner may have run into with the old one: the account's
 * ceiling and the failures from the address that set it.
 */
export async function liftSignInLockout(db: Tx, email: string, ip: string): Promise<void> {
  const key = keysOf(email.toLowerCase(), ip);
  await reset(db, key.account);
  await reset(db, key.pair);
}
