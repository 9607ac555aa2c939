import { type ComponentType, lazy, useEffect } from 'react';
import { matchRoutes, Navigate, Outlet, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { DOCS_PAGES, docsPath } from '@swapu/shared/docs';
import type { Catalogue } from '../i18n/namespaces';
import { withChunkTimeout, withNamespaces } from '../lib/lazy-page';
import { GUEST_ID } from '../lib/session';
import { useSession } from '../lib/use-session';
import { BareLayout } from './layouts/bare-layout';
import { MainLayout } from './layouts/main-layout';

/** A route's page: rendered through React.lazy, and `preload` loads its code ahead of a render. */
interface PageHandle {
  preload: () => Promise<unknown>;
}

/**
 * A route whose page code loads when it is first shown (docs/decisions/0008). Once `preload` has
 * run, the page renders without suspending: the server renders that way, and the browser loads
 * the first page's code before it hydrates, so both produce the same markup.
 */
function page(
  load: () => Promise<{ default: ComponentType }>,
  /** The translation namespaces the page's components read, fetched beside its code (`withNamespaces`). */
  namespaces?: readonly Catalogue[],
): Pick<RouteObject, 'element' | 'handle'> {
  let loaded: ComponentType | undefined;
  const preload = () =>
    withChunkTimeout(withNamespaces(load, namespaces)).then((m) => {
      loaded = m.default;
      return loaded;
    });
  // A thenable that answers at once when the code is already here, so React.lazy does not suspend.
  const Page = lazy(() =>
    loaded
      ? ({ then: (resolve: (m: { default: ComponentType }) => void) => resolve({ default: loaded! }) } as unknown as Promise<{
          default: ComponentType;
        }>)
      : preload().then((c) => ({ default: c })),
  );
  const handle: PageHandle = { preload };
  return { element: <Page />, handle };
}

/**
 * Guest-blocked routes (spec sections 2 and 6), listing (/create) among them: a stored user id of
 * guest (or none, or a lapsed session) goes to /, on arrival and whenever the session ends there.
 * When the app itself sends the person on as it signs them out (to /auth, say), the address has
 * already changed by the time this runs, and that navigation stands.
 */
function RequireUser() {
  const { userId } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const guest = userId === GUEST_ID;
  useEffect(() => {
    if (!guest) void loadRouteModules(pathname).catch(() => undefined);
    else if (window.location.pathname === pathname) void navigate('/', { replace: true });
  }, [guest, pathname, navigate]);
  // A member's page code loads (above) while the suspended gate looks their account up.
  return guest ? null : suspendedGate.element;
}

/** Swap Swipe's public pages: a guest's as they are, a member's through the suspended gate. */
function MembersGated() {
  return useSession().token === null ? <Outlet /> : suspendedGate.element;
}

/**
 * A suspended member sees the suspension message and the way to support instead of any page that
 * acts: the guest-blocked ones and Swap Swipe's (layouts/suspended-gate.tsx, loaded like a page).
 */
const suspendedGate = page(() => import('./layouts/suspended-gate'));

/** Pages reached by more than one path: one element each, so moving between those paths keeps the page mounted. */
const advancedSearchPage = page(() => import('./routes/advanced-search'));
const authPage = page(() => import('./routes/auth'));
const chooseInterestPage = page(() => import('./routes/choose-interest'));
const createPostPage = page(() => import('./routes/create-post'));
const discussPage = page(() => import('./routes/discuss'));
const swapSwipeReturnPage = page(() => import('./routes/swap-swipe-return'));
const offersPage = page(() => import('./routes/offers'));
const reviewSwapPage = page(() => import('./routes/review-swap'));
const swapStatusPage = page(() => import('./routes/swap-status'));
const myDeliveryPage = page(() => import('./routes/my-delivery'));
const adminPage = page(() => import('./routes/admin-section'));
const docsPage = page(() => import('./routes/docs'));

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      {
        children: [
          // Public routes of the main layout
          { index: true, ...page(() => import('./routes/home')) },
          { path: 'testSearchAlgolia', ...page(() => import('./routes/test-search-algolia')) },
          { path: 'all-categories', ...page(() => import('./routes/all-categories')) },
          { path: 'advanced-search', ...advancedSearchPage },
          { path: 'search', ...page(() => import('./routes/search')) },
          { path: 'demo', ...page(() => import('./routes/demo')) },
          {
            // Public, but not for a suspended member.
            element: <MembersGated />,
            children: [
              { path: 'swap-swipe', ...page(() => import('./routes/swap-swipe')) },
              { path: 'swap-swipe/:currentPage/:counterPage', ...page(() => import('./routes/swap-swipe-pairing')) },
            ],
          },
          { path: 'viewPost/:postId', ...page(() => import('./routes/view-post')) },
          { path: 'testNewProductPage', ...page(() => import('./routes/test-new-product-page')) },
          { path: 'delivery-calculator', ...page(() => import('./routes/delivery-calculator')) },
          { path: 'carbon-calculator', ...page(() => import('./routes/carbon-calculator')) },
          { path: 'activity', ...page(() => import('./routes/activity')) },
          { path: 'leaderboard', ...page(() => import('./routes/leaderboard')) },
          { path: 'FAQ', ...page(() => import('./routes/faq')) },
          { path: 'terms-and-conditions', ...page(() => import('./routes/terms')) },
          { path: 'privacy', ...page(() => import('./routes/privacy')) },
          { path: 'swapu-blog', ...page(() => import('./routes/blog-list')) },
          { path: 'swapu-blog/post/:id', ...page(() => import('./routes/blog-post')) },
          // The spec's documentation paths (/value-proposition, /risk, …) lead into the area, before
          // the blog's bare /{urlTitle} lookup below (the slugs are reserved urlTitles).
          ...DOCS_PAGES.filter((p) => p.slug !== 'index').map((p) => ({
            path: p.slug,
            element: <Navigate to={docsPath(p.slug)} replace />,
          })),
          // The mail outbox viewer: open in development, admins only otherwise (the API decides).
          { path: 'dev/mail', ...page(() => import('./routes/dev-mail')) },
          {
            // Guest-blocked routes (RequireUser renders the suspended gate: its code is preloaded like a page's)
            element: <RequireUser />,
            handle: suspendedGate.handle,
            children: [
              { path: 'offer-item/:postId', ...page(() => import('./routes/offer-item')) },
              { path: 'swap-swipe/:currentPage', ...page(() => import('./routes/swap-swipe-deck')) },
              // Where a subscription started from Swap Swipe returns (one page for both).
              { path: 'swap-swipe-success', ...swapSwipeReturnPage },
              { path: 'swap-swipe-cancel', ...swapSwipeReturnPage },
              // One page for both: the form stays mounted when /create becomes /editPost/{id}.
              { path: 'create', ...createPostPage },
              { path: 'editPost/:postId', ...createPostPage },
              // One page for all three (the list beside the open room); :id is a room or a user id (see the page).
              { path: 'discuss', ...discussPage },
              { path: 'discuss/:id', ...discussPage },
              { path: 'discuss/:id/:postId', ...discussPage },
              { path: 'myswapu', ...page(() => import('./routes/my-swapu')) },
              { path: 'offers', ...offersPage },
              { path: 'swap-status', ...swapStatusPage },
              { path: 'swap-status/:filter', ...swapStatusPage },
              {
                path: 'user-detail/:userid',
                ...page(() => import('./routes/user-detail'), ['profile', 'points', 'offers', 'goals', 'errors']),
              },
              { path: 'onboarding', ...page(() => import('./routes/onboarding')) },
              { path: 'chooseInterest', ...chooseInterestPage },
              { path: 'favorite', ...page(() => import('./routes/favorite')) },
              { path: 'subscription', ...page(() => import('./routes/subscription')) },
              { path: 'swap-chain-liked', ...page(() => import('./routes/swap-chain-liked')) },
              { path: 'search-filter', ...advancedSearchPage },
              { path: 'suggested', ...page(() => import('./routes/suggested')) },
              { path: 'categories-filter', ...page(() => import('./routes/categories-filter')) },
              { path: 'categories-interests', ...chooseInterestPage },
              { path: 'tokens', ...page(() => import('./routes/tokens')) },
              { path: 'receipts', ...page(() => import('./routes/receipts')) },
              { path: 'receipts/:id', ...page(() => import('./routes/receipt')) },
              { path: 'checkout/:id', ...page(() => import('./routes/checkout')) },
              { path: 'swap-offer', ...offersPage },
              { path: 'swap-offer/:offerId', ...page(() => import('./routes/swap-offer')) },
              { path: 'my-delivery', ...myDeliveryPage },
              { path: 'my-delivery-status/:status', ...myDeliveryPage },
              { path: 'my-delivery/:postId/:offerId/:receiver', ...page(() => import('./routes/my-delivery-order')) },
              { path: 'review-swap', ...reviewSwapPage },
              { path: 'review-swap/:keyPair', ...reviewSwapPage },
              { path: 'notification', ...page(() => import('./routes/notification')) },
              { path: 'delivery-swap', ...page(() => import('./routes/delivery-swap')) },
              { path: 'welcome-mail', ...page(() => import('./routes/welcome-mail')) },
              { path: 'user-coupon', ...page(() => import('./routes/user-coupon')) },
              // The documentation area (admins and the docs role; one page for both).
              { path: 'docs', ...docsPage },
              { path: 'docs/:slug', ...docsPage },
              // The console's home and its sections (one page for both).
              { path: 'admin', ...adminPage },
              { path: 'admin/:selectedButton', ...adminPage },
            ],
          },
          // Unknown paths: a blog post whose urlTitle equals the path, otherwise home.
          { path: '*', ...page(() => import('./routes/unknown-path')) },
        ],
      },
    ],
  },
  {
    // Outside the main layout
    element: <BareLayout />,
    children: [
      { path: 'email-subscription', ...page(() => import('./routes/email-subscription')) },
      { path: 'email-edit', ...page(() => import('./routes/email-edit')) },
      { path: 'forgot-password', ...page(() => import('./routes/forgot-password')) },
      { path: 'auth', ...authPage },
      { path: 'auth/:signup', ...authPage },
      // Google and Facebook sign-in land here with the tokens in the fragment.
      { path: 'auth/complete', ...page(() => import('./routes/auth-complete')) },
    ],
  },
];

/**
 * The public pages the server renders as HTML for a first visit (decision 0020); everything else
 * is rendered in the browser. react-router patterns.
 */
export const SERVER_RENDERED = [
  '/',
  '/search',
  '/all-categories',
  '/viewPost/:postId',
  '/activity',
  '/FAQ',
  '/terms-and-conditions',
  '/privacy',
  '/swapu-blog',
  '/swapu-blog/post/:id',
  '/swap-swipe',
  '/swap-swipe/:currentPage/:counterPage',
  '/leaderboard',
] as const;

/**
 * The member's pages the server renders for a signed-in member who sent the page cookie (decision
 * 0020): each lies under MEMBER_PAGES_PATH, the only path that cookie is sent with.
 */
export const MEMBER_RENDERED = ['/user-detail/:userid'] as const;

/** The app's pages for the current location (inside a BrowserRouter, or a StaticRouter on the server). */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the code of the page at `pathname`, so a render can start without suspending: the
 * server's before it renders, the browser's before it hydrates.
 */
export async function loadRouteModules(pathname: string) {
  await Promise.all((matchRoutes(routes, pathname) ?? []).map(({ route }) => (route.handle as PageHandle | undefined)?.preload()));
}
