/**
 * The authorization guards, by name. Every check that decides who may do what calls `guard(name)`
 * so the authorization matrix test (src/authorization.test.ts) can switch one off at a time and
 * prove that the matrix notices: a guard whose removal turns no row red is a guard the tests do
 * not cover. The switch exists only under the test runner (VITEST); in every other process the
 * guards are always on.
 */
export const GUARDS = [
  /** A request needs a signed-in account (401 login_required). */
  'signed-in',
  /** A banned account may not act (403 account_banned). */
  'not-banned',
  /** An account with pending terms may read but not write (403 terms_pending). */
  'terms-accepted',
  /** Admin-only endpoints (403 permission_denied). */
  'admin',
  /** The documentation area: admins and the docs role (403 permission_denied). */
  'docs-reader',
  /** Changing a listing: its owner or an admin. */
  'post-owner',
  /** Reading a listing: drafts, archived and early-access items are hidden from others. */
  'post-visible',
  /** A chat room: its two members only. */
  'room-member',
  /** An offer: its two parties (and admins, to read). */
  'offer-party',
  /** The items offered must be the offerer's own. */
  'offer-items-owner',
  /** A review: a party of the completed swap. */
  'review-party',
  /** A saved search: its owner. */
  'saved-search-owner',
] as const;
export type GuardName = (typeof GUARDS)[number];

let disabled: GuardName | null = null;
const testRunner = typeof process !== 'undefined' && process.env.VITEST === 'true';

let consulted: Set<GuardName> | null = null;

/** True unless this guard is switched off by the authorization matrix's mutation run. */
export const guard = (name: GuardName): boolean => {
  consulted?.add(name);
  return disabled !== name;
};

/**
 * Test only: from now on note every guard consulted, into the set returned (null: stop noting).
 * The matrix uses it to try first, for each guard it switches off, the cases that consult it.
 */
export function recordGuardsForTest(on: boolean): Set<GuardName> | null {
  if (!testRunner) throw new Error('guards can only be recorded by the test runner');
  consulted = on ? new Set() : null;
  return consulted;
}

/** Test only: switch one guard off (null: all on). Refused outside the test runner. */
export function disableGuardForTest(name: GuardName | null): void {
  if (!testRunner) throw new Error('guards can only be switched off by the test runner');
  disabled = name;
}
