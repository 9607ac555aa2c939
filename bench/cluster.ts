// npm run bench:cluster [-- --smoke] [-- --rows N] [-- --seconds N] [-- --connections N] [-- --keep]
//
// Throughput through the balancer with one SwapU instance behind it and with two: the signed-in
// feed, a post page and search, req/s with p50/p99, and the CPU each process took (each instance,
// PostgreSQL, HAProxy, the load generator, the rest of the machine), with the two/one ratio and
// where the limit was. It runs on the cluster test's hosts (tests/cluster: network namespaces, its
// own PostgreSQL, s3rver, HAProxy, the bundled server as `npm start` runs it) and talks only to
// their addresses. This outer process builds and removes them (tests/cluster/outside.ts);
// cluster-inside.ts, in the client host, loads the data and measures. Needs root, like
// npm run test:cluster. docs/deploying.md ("Sizing"), decision 0043.
import path from 'node:path';
import { checkNode } from '../scripts/check-node.mjs';
import { runOutside } from '../tests/cluster/outside';

checkNode();
const args = process.argv.slice(2);

await runOutside({
  tag: '[bench:cluster]',
  inner: path.join(import.meta.dirname, 'cluster-inside.ts'),
  args,
  limitMs: (args.includes('--smoke') ? 8 : 30) * 60_000,
  logsOut: 'test-results/bench-cluster',
  keepLogs: args.includes('--keep'),
  okWord: 'done',
});
