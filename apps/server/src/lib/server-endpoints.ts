import { to } from '@swapu/shared/endpoints';

/**
 * The routes no page calls through `call()`, in a table of their own so that every route is
 * registered through `route()` (lib/route.ts; decision 0049): the identity protocols (SwapU's
 * and the Firebase SDK's wire format), the OAuth redirects, links in mail (verify, unsubscribe),
 * files (the courier label, robots.txt, the sitemaps), operations (health, readiness), Stripe's
 * webhook and the journeys' test hooks. Their answers are not the web app's to type (a redirect,
 * a file, a protocol's own shape), so the rows name none: route() then checks only that the
 * method and path come from here. Paths are as Fastify registers them ("::" is a literal colon).
 * The realtime socket (SOCKET_PATH, endpoints.ts) and the media files (lib/media-route.ts,
 * a wildcard for GET and HEAD) are registered directly.
 */
/** Where the Firebase Auth JS SDK sends its calls when pointed at us with connectAuthEmulator. */
export const FIREBASE_IDENTITY_PREFIX = '/identitytoolkit.googleapis.com/v1';
const FIREBASE = FIREBASE_IDENTITY_PREFIX;
export const serverEndpoints = {
  health: to<void>()('GET', '/api/health'),
  ready: to<void>()('GET', '/api/ready'),

  signUp: to<void>()('POST', '/identity/v1/accounts::signUp'),
  signIn: to<void>()('POST', '/identity/v1/accounts::signInWithPassword'),
  refreshToken: to<void>()('POST', '/identity/v1/token'),
  revokeSession: to<void>()('POST', '/identity/v1/token/revoke'),
  signOut: to<void>()('POST', '/identity/v1/accounts::signOut'),
  verifyEmail: to<void>()('GET', '/api/v1/auth/verify-email'),
  oauthStart: to<void>()('GET', '/identity/v1/oauth/:provider/start'),
  oauthComplete: to<void>()('POST', '/identity/v1/oauth/complete'),
  oauthCallback: to<void>()('GET', '/identity/v1/oauth/:provider/callback'),

  firebaseSignUp: to<void>()('POST', `${FIREBASE}/accounts::signUp`),
  firebaseSignIn: to<void>()('POST', `${FIREBASE}/accounts::signInWithPassword`),
  firebaseLookup: to<void>()('POST', `${FIREBASE}/accounts::lookup`),
  firebaseUpdate: to<void>()('POST', `${FIREBASE}/accounts::update`),
  firebaseSendOobCode: to<void>()('POST', `${FIREBASE}/accounts::sendOobCode`),
  firebaseToken: to<void>()('POST', '/securetoken.googleapis.com/v1/token'),

  // No page removes a profile photo today (it is replaced by a new upload); API clients may.
  deleteAvatar: to<void>()('DELETE', '/api/v1/me/avatar'),
  deleteBanner: to<void>()('DELETE', '/api/v1/me/banner'),
  deliveryLabel: to<void>()('GET', '/api/v1/deliveries/:id/label'),
  unsubscribePage: to<void>()('GET', '/api/v1/email-subscription/unsubscribe'),
  unsubscribe: to<void>()('POST', '/api/v1/email-subscription/unsubscribe'),
  stripeWebhook: to<void>()('POST', '/api/v1/payments/stripe/webhook'),

  robots: to<void>()('GET', '/robots.txt'),
  sitemap: to<void>()('GET', '/sitemap.xml'),
  sitemapPages: to<void>()('GET', '/sitemap-pages.xml'),
  sitemapPosts: to<void>()('GET', '/sitemap-posts.xml'),

  testMakeAdmin: to<void>()('POST', '/api/test/accounts/:id/admin'),
  testSubscription: to<void>()('POST', '/api/test/accounts/:id/subscription'),
  testRollups: to<void>()('POST', '/api/test/analytics/rollups'),
  testExpireOffer: to<void>()('POST', '/api/test/offers/:id/expire'),
  testSearchAlerts: to<void>()('POST', '/api/test/search/alerts'),
  testBackdatePost: to<void>()('POST', '/api/test/posts/:id/backdate'),
  testSearchTerms: to<void>()('POST', '/api/test/search/terms'),
  testBackdateAccount: to<void>()('POST', '/api/test/accounts/:id/backdate'),
  testReliability: to<void>()('POST', '/api/test/reliability'),
} as const;
