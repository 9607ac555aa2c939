// `npm run test:cluster -- --without <mechanism>`: the same hosts with one mechanism taken away by
// the instances' configuration, and the checks that prove it run. The run passes when every one of
// those checks FAILS (and says why in its figures), which is the proof that the check would notice
// the mechanism's loss; a check that still passes without its mechanism proves nothing, and fails
// the run. A mechanism an operator can remove by configuration is removed by the instances'
// environment; one that is code (the hub's LISTEN, the shared counters in `rate_limits`, the chain
// finder's lock) by an edit of its source in this run's own bundle only (`patches`,
// scripts/build-server.mjs), never in the repository's (docs/decisions/0043-the-cluster-test.md).

/** An edit of one server source in the run's bundle: `from` (there exactly once) becomes `to`. */
export interface Patch {
  file: string;
  from: string;
  to: string;
}

export interface Removal {
  /** What is taken away, as docs/deploying.md's "mechanism" column names it. */
  what: string;
  /** Added to both instances' environment. */
  env?: Record<string, string>;
  /** Edits of the server's code in this run's bundle. */
  patches?: Patch[];
  /** The checks that must fail without it. */
  checks: string[];
}

export const REMOVALS: Record<string, Removal> = {
  'trusted-proxy': {
    what: 'TRUST_PROXY naming the balancer (false: the instances take the balancer for the client)',
    env: { TRUST_PROXY: 'false' },
    checks: ['balancer'],
  },
  'object-storage': {
    what: 'the S3 bucket (STORAGE_DRIVER=local: each instance keeps photos in its own folder)',
    env: { STORAGE_DRIVER: 'local' },
    checks: ['photo'],
  },
  drain: {
    what: 'the shutdown drain (SHUTDOWN_DRAIN_MS=0: an instance stops taking requests before the balancer has taken it out)',
    env: { SHUTDOWN_DRAIN_MS: '0' },
    checks: ['rolling'],
  },
  hub: {
    what: "the hub's LISTEN (each instance still NOTIFYs, but none listens: its events reach only its own sockets)",
    patches: [{ file: 'apps/server/src/lib/hub.ts', from: 'await listener.query(`listen ${CHANNEL}`);', to: '/* --without hub */' }],
    // Chat still hands every message on once and in order without LISTEN (the clients catch up
    // from the database after a seq gap, decision 0041), but only through replays, which the chat
    // check counts. A role is still seen within the 1 s promise, through the viewer cache's 1 s
    // (29 → 963 ms): account-changes does not rest on the hub (decision 0043).
    checks: ['chat', 'ban'],
  },
  'shared-limits': {
    what: 'the shared counters in rate_limits (each instance counts in rows of its own, keyed by its process)',
    patches: [
      {
        file: 'apps/server/src/lib/rate-limit.ts',
        from: '.values({ key, windowStart: now, count: by })',
        to: '.values({ key: `${key}@${process.pid}`, windowStart: now, count: by })',
      },
    ],
    checks: ['limits'],
  },
  'chain-lock': {
    what: "the chain finder's leader lock (pg_try_advisory_lock answers yes to every instance)",
    patches: [
      {
        file: 'apps/server/src/lib/leader.ts',
        from: "'select pg_try_advisory_lock(hashtextextended($1, 0)) as ok'",
        to: "'select $1::text is not null as ok'",
      },
    ],
    checks: ['chain-leader', 'work'],
  },
};

/** The mechanism named by `--without name` (or `--without=name`) in the inner script's argv, or null. */
export function removalFrom(argv: string[]): (Removal & { name: string }) | null {
  // argv: node, the script, the run's JSON, then the run's own arguments.
  return removalIn(argv.slice(3));
}

/** The mechanism named by `--without name` (or `--without=name`) in a run's arguments, or null; an unknown name throws. */
export function removalIn(args: string[]): (Removal & { name: string }) | null {
  const at = args.indexOf('--without');
  const name = args.find((a) => a.startsWith('--without='))?.slice(10) ?? (at >= 0 ? args[at + 1] : undefined);
  if (!name) return null;
  const removal = REMOVALS[name];
  if (!removal) throw new Error(`--without ${name}: not a mechanism this test can take away (${Object.keys(REMOVALS).join(', ')})`);
  return { ...removal, name };
}
