// Check 0: the balancer spreads requests over both instances (round robin, no stickiness), and
// the instances trust its X-Forwarded-For (TRUST_PROXY names it): the admin console's launch
// checks, which every instance records to, name no untrusted proxy.
import { call, expectStatus } from './api';
import { LB_URL } from './cluster';
import type { Check } from './checks';
import { makeAdmin } from './check-accounts';

export const balancerCheck: Check = {
  id: 'balancer',
  name: 'requests through the balancer reach both instances in turn, with the client’s address',
  async run(cluster) {
    const served: Record<string, number> = {};
    let failed = 0;
    for (let i = 0; i < 20; i++) {
      const a = await call(LB_URL, 'GET', '/api/health');
      if (a.status !== 200) failed++;
      served[a.servedBy ?? 'none'] = (served[a.servedBy ?? 'none'] ?? 0) + 1;
    }
    const spread = (served.app1 ?? 0) >= 8 && (served.app2 ?? 0) >= 8;
    // Requests through the balancer carry X-Forwarded-For (each instance has seen several by now).
    const admin = await makeAdmin(cluster, 'launcher');
    const checks = expectStatus(
      await call<{ items: Array<{ code: string; peer?: string }> }>(LB_URL, 'GET', '/api/v1/admin/launch-checks', { token: admin.token }),
      200,
      'launch checks',
    );
    const untrusted = checks.items.filter((c) => c.code === 'untrusted_proxy');
    return {
      ok: failed === 0 && spread && untrusted.length === 0,
      figures: [
        `20 requests: app1 ${served.app1 ?? 0}, app2 ${served.app2 ?? 0}, failed ${failed}`,
        `the admin console's launch checks: ${checks.items.map((c) => c.code + (c.peer ? ` (${c.peer})` : '')).join(', ') || 'none'} (an untrusted X-Forwarded-For would be listed)`,
      ],
    };
  },
};
