// The cluster test's named checks, in the order they run. Each returns ok and the figures that
// show why; each fails when the mechanism it is about is taken away (docs/deploying.md lists them).
import type { Cluster } from './cluster';
import { balancerCheck } from './check-balancer';
import { photoCheck } from './check-photo';
import { chatCheck } from './check-chat';
import { accountChangesCheck, banCheck } from './check-accounts';
import { limitsCheck } from './check-limits';
import { workCheck } from './check-work';
import { chainLeaderCheck, killCheck, rollingCheck } from './check-failover';

export interface CheckResult {
  ok: boolean;
  figures: string[];
}

export interface Check {
  id: string;
  name: string;
  /** Work that must start before the other checks run (something that comes due later); run() judges it. */
  prepare?(cluster: Cluster): Promise<void>;
  run(cluster: Cluster): Promise<CheckResult>;
}

export const CHECKS: Check[] = [
  balancerCheck,
  photoCheck,
  chatCheck,
  banCheck,
  accountChangesCheck,
  limitsCheck,
  workCheck,
  killCheck,
  chainLeaderCheck,
  rollingCheck,
];
