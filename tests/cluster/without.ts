// `npm run test:cluster -- --without <mechanism>`: the same hosts with one mechanism taken away by
// the instances' configuration, and the checks that prove it run. The run passes when every one of
// those checks FAILS (and says why in its figures), which is the proof that the check would notice
// the mechanism's loss; a check that still passes without its mechanism proves nothing, and fails
// the run. Only mechanisms an operator can remove by configuration are here; the others (the hub's
// LISTEN/NOTIFY, the counters in `rate_limits`, the chain finder's lock, SKIP LOCKED) are code, and
// their checks' figures count what each instance did (docs/decisions/0043-the-cluster-test.md).

export interface Removal {
  /** What is taken away, as docs/deploying.md's "mechanism" column names it. */
  what: string;
  /** Added to both instances' environment. */
  env: Record<string, string>;
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
};

/** The mechanism named by `--without name` (or `--without=name`) in argv, or null; an unknown name throws. */
export function removalFrom(argv: string[]): (Removal & { name: string }) | null {
  const at = argv.indexOf('--without');
  const name = argv.find((a) => a.startsWith('--without='))?.slice(10) ?? (at > 2 ? argv[at + 1] : undefined);
  if (!name) return null;
  const removal = REMOVALS[name];
  if (!removal) throw new Error(`--without ${name}: not a mechanism this test can take away (${Object.keys(REMOVALS).join(', ')})`);
  return { ...removal, name };
}
