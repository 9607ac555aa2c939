import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index';
import { newId } from '../lib/ids';
import { signEmailVerification } from '../lib/tokens';
import { createUser } from './factories';
import { anyone, ownersOffer, ownersPost, type Case } from './authorization-fixtures';

/** Developer pages and test hooks, mail links and the newsletter, the identity contract. */
export const ACCESS_CASES: Case[] = [
  // Developer pages and test hooks (a loopback test server only; refused in production)
  { route: 'GET /api/v1/dev/mail', request: () => ({ url: '/api/v1/dev/mail' }), expect: anyone(200) },
  { route: 'GET /api/v1/dev/mail/:id', request: () => ({ url: '/api/v1/dev/mail/no-such-mail' }), expect: anyone(404) },
  {
    route: 'POST /api/test/offers/:id/expire',
    request: async (w) => ({ url: `/api/test/offers/${(await ownersOffer(w)).id}/expire` }),
    expect: anyone(204),
  },
  { route: 'POST /api/test/search/alerts', request: () => ({ url: '/api/test/search/alerts', payload: {} }), expect: anyone(200) },
  { route: 'POST /api/test/search/terms', request: () => ({ url: '/api/test/search/terms' }), expect: anyone(200) },
  {
    route: 'POST /api/test/accounts/:id/admin',
    request: async (w) => ({ url: `/api/test/accounts/${(await createUser(w.t.db)).id}/admin` }),
    expect: anyone(204),
  },
  {
    route: 'POST /api/test/accounts/:id/subscription',
    request: async (w) => ({ url: `/api/test/accounts/${(await createUser(w.t.db)).id}/subscription` }),
    expect: anyone(204),
  },
  {
    route: 'POST /api/test/posts/:id/backdate',
    request: async (w) => ({ url: `/api/test/posts/${(await ownersPost(w)).id}/backdate`, payload: { hours: 1 } }),
    expect: anyone(204),
  },
  {
    route: 'POST /api/test/accounts/:id/backdate',
    request: async (w) => ({ url: `/api/test/accounts/${(await createUser(w.t.db)).id}/backdate`, payload: { days: 40 } }),
    expect: anyone(204),
  },
  { route: 'POST /api/test/reliability', request: () => ({ url: '/api/test/reliability' }), expect: anyone(200) },

  {
    route: 'POST /api/test/analytics/rollups',
    request: () => ({ url: '/api/test/analytics/rollups' }),
    expect: anyone(204),
  },

  // Mail links and the newsletter (capabilities in links, not accounts)
  {
    route: 'GET /api/v1/auth/verify-email',
    request: async (w, as) => {
      const who = as.id ?? w.actors.owner.id!;
      const [u] = await w.t.db.select().from(users).where(eq(users.id, who));
      const token = await signEmailVerification(w.t.config.jwtSecret, who, u!.email, w.t.clock.now());
      return { url: `/api/v1/auth/verify-email?token=${encodeURIComponent(token)}` };
    },
    expect: anyone(302),
  },
  {
    route: 'POST /api/v1/auth/password-reset',
    request: () => ({ url: '/api/v1/auth/password-reset', payload: { email: 'nobody@example.com' } }),
    expect: anyone(202),
  },
  {
    route: 'POST /api/v1/auth/password-reset/confirm',
    request: () => ({ url: '/api/v1/auth/password-reset/confirm', payload: { token: 'forged', password: 'secret-1' } }),
    expect: anyone(400),
  },
  // Analytics (issue 20): anyone may send events; a member's are kept under a salted hash.
  {
    route: 'POST /api/v1/events',
    request: () => ({
      url: '/api/v1/events',
      payload: {
        sessionId: crypto.randomUUID(),
        events: [{ name: 'page_view', at: new Date().toISOString(), path: '/', props: { title: 'SwapU' } }],
      },
    }),
    expect: anyone(202),
  },
  {
    route: 'POST /api/v1/email-subscription',
    request: () => ({ url: '/api/v1/email-subscription', payload: { email: `news-${newId()}@example.com`, subscribe: true } }),
    expect: anyone(202),
  },
  {
    route: 'POST /api/v1/email-subscription/confirm',
    request: () => ({ url: '/api/v1/email-subscription/confirm', payload: { token: 'forged' } }),
    expect: anyone(400),
  },
  {
    route: 'GET /api/v1/email-subscription/unsubscribe',
    request: () => ({ url: '/api/v1/email-subscription/unsubscribe?token=forged' }),
    expect: anyone(303),
  },
  {
    route: 'POST /api/v1/email-subscription/unsubscribe',
    request: () => ({ url: '/api/v1/email-subscription/unsubscribe?token=forged' }),
    expect: anyone(404),
  },

  // The identity contract (credentials in the body, not a bearer token)
  {
    route: 'POST /identity/v1/accounts:signUp',
    request: () => ({
      url: '/identity/v1/accounts:signUp',
      payload: { email: `m-${newId()}@example.com`, password: 'secret-1', acceptTerms: true },
    }),
    expect: anyone(200),
  },
  {
    route: 'POST /identity/v1/accounts:signInWithPassword',
    request: () => ({ url: '/identity/v1/accounts:signInWithPassword', payload: { email: 'nobody@example.com', password: 'secret-1' } }),
    expect: anyone(400),
  },
  {
    route: 'POST /identity/v1/accounts:signOut',
    request: () => ({ url: '/identity/v1/accounts:signOut', payload: { refreshToken: 'forged' } }),
    expect: anyone(204),
  },
  {
    route: 'POST /identity/v1/token',
    request: () => ({ url: '/identity/v1/token', payload: { refreshToken: 'forged' } }),
    expect: anyone(400),
  },
  { route: 'POST /identity/v1/token/revoke', request: () => ({ url: '/identity/v1/token/revoke' }), expect: anyone(204) },
  {
    route: 'POST /identity/v1/oauth/complete',
    request: () => ({ url: '/identity/v1/oauth/complete', payload: { code: 'forged', nonce: 'a-nonce-that-is-long-enough-0123' } }),
    expect: anyone(400),
  },
  {
    route: 'POST /identitytoolkit.googleapis.com/v1/accounts:signUp',
    request: () => ({
      url: '/identitytoolkit.googleapis.com/v1/accounts:signUp',
      payload: { email: `f-${newId()}@example.com`, password: 'secret-1' },
    }),
    expect: anyone(200),
  },
  {
    route: 'POST /identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
    request: () => ({
      url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
      payload: { email: 'nobody@example.com', password: 'secret-1' },
    }),
    expect: anyone(400),
  },
  {
    // The ID token in the body is the credential: each actor presents its own (a guest has none).
    route: 'POST /identitytoolkit.googleapis.com/v1/accounts:lookup',
    request: (_w, as) => ({
      url: '/identitytoolkit.googleapis.com/v1/accounts:lookup',
      payload: { idToken: as.headers.authorization?.slice(7) ?? '' },
    }),
    expect: { anonymous: 400, other: 200, owner: 200, admin: 200, banned: 200, pending: 200, docs: 200 },
  },
  {
    route: 'POST /identitytoolkit.googleapis.com/v1/accounts:update',
    request: (_w, as) => ({
      url: '/identitytoolkit.googleapis.com/v1/accounts:update',
      payload: { idToken: as.headers.authorization?.slice(7) ?? '', displayName: 'New Name' },
    }),
    expect: { anonymous: 400, other: 200, owner: 200, admin: 200, banned: 200, pending: 200, docs: 200 },
  },
  {
    route: 'POST /identitytoolkit.googleapis.com/v1/accounts:sendOobCode',
    request: () => ({
      url: '/identitytoolkit.googleapis.com/v1/accounts:sendOobCode',
      payload: { requestType: 'PASSWORD_RESET', email: 'nobody@example.com' },
    }),
    expect: anyone(200),
  },
  {
    route: 'POST /securetoken.googleapis.com/v1/token',
    request: () => ({ url: '/securetoken.googleapis.com/v1/token', payload: { grant_type: 'refresh_token', refresh_token: 'forged' } }),
    expect: anyone(400),
  },
];
