// npm run test:cluster: SwapU as several hosts on this machine (network namespaces), proven
// through the balancer. This outer process checks the machine, bundles the server, builds the
// namespaces and runs inside.ts in the "client" host, which starts the services and runs the
// checks. Whatever happens (a failed check, an exception, Ctrl-C, the time limit), it then kills
// every process left in the run's namespaces, deletes them and removes the run's files
// (outside.ts, shared with npm run bench:cluster).
// Usage: npm run test:cluster [-- --only photo,chat] [-- --without trusted-proxy] [-- --keep]   (docs/deploying.md)
import path from 'node:path';
import { checkNode } from '../../scripts/check-node.mjs';
import { runOutside } from './outside';

checkNode();
const args = process.argv.slice(2);

await runOutside({
  tag: '[cluster]',
  inner: path.join(import.meta.dirname, 'inside.ts'),
  args,
  limitMs: 8 * 60_000,
  logsOut: 'test-results/cluster',
  keepLogs: args.includes('--keep'),
  okWord: 'passed',
});
