import type { Case } from './authorization-fixtures';
import { adminOnly } from './authorization-fixtures';
import { createUser } from './factories';

/** The authorization matrix's rows for the admin console's users routes and its audit log (issue 20). */
export const ADMIN_USERS_CASES: Case[] = [
  {
    route: 'GET /api/v1/admin/users',
    request: () => ({ url: '/api/v1/admin/users?q=alex&sort=listings&dir=desc&page=1&pageSize=10' }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/v1/admin/users.csv',
    request: () => ({ url: '/api/v1/admin/users.csv?sort=name&dir=asc' }),
    expect: adminOnly(200),
  },
  {
    route: 'PUT /api/v1/admin/users/:id/role',
    request: async (w) => ({ url: `/api/v1/admin/users/${(await createUser(w.t.db)).id}/role`, payload: { role: 'admin' } }),
    expect: adminOnly(200),
  },
  {
    route: 'PUT /api/v1/admin/users/:id/role',
    name: 'an unknown account',
    request: () => ({ url: '/api/v1/admin/users/no-such-member/role', payload: { role: 'user' } }),
    expect: adminOnly(404),
  },
  { route: 'GET /api/v1/admin/audit', request: () => ({ url: '/api/v1/admin/audit?limit=5' }), expect: adminOnly(200) },
  { route: 'GET /api/v1/admin/launch-checks', request: () => ({ url: '/api/v1/admin/launch-checks' }), expect: adminOnly(200) },
  { route: 'GET /api/v1/admin/invariants', request: () => ({ url: '/api/v1/admin/invariants' }), expect: adminOnly(200) },
];
