// Check 0: the balancer spreads requests over both instances (round robin, no stickiness) and
// the instances see the client's own address (X-Forwarded-For from the one proxy they trust).
import { call } from './api';
import { LB_URL } from './cluster';
import type { Check } from './checks';
import { HOSTS } from './topology';

export const balancerCheck: Check = {
  id: 'balancer',
  name: 'requests through the balancer reach both instances in turn',
  async run() {
    const served: Record<string, number> = {};
    let failed = 0;
    for (let i = 0; i < 20; i++) {
      const a = await call(LB_URL, 'GET', '/api/health');
      if (a.status !== 200) failed++;
      served[a.servedBy ?? 'none'] = (served[a.servedBy ?? 'none'] ?? 0) + 1;
    }
    const spread = (served.app1 ?? 0) >= 8 && (served.app2 ?? 0) >= 8;
    return {
      ok: failed === 0 && spread,
      figures: [`20 requests: app1 ${served.app1 ?? 0}, app2 ${served.app2 ?? 0}, failed ${failed} (client ${HOSTS.client})`],
    };
  },
};
