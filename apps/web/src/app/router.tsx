import { matchRoutes, redirect, type RouteObject } from 'react-router';
import { lazyPage, withChunkTimeout } from '../lib/lazy-page';
import { isGuest } from '../lib/session';
import { BareLayout } from './layouts/bare-layout';
import { MainLayout } from './layouts/main-layout';
import { RouteError } from './route-error';
import { PageSkeleton } from '../components/page-skeleton';

/** A placeholder page for a screen a later issue builds: its title and one line from the `pages` catalogue. */
const soon =
  (key: string): RouteObject['lazy'] =>
  async () => {
    const { comingSoonPage } = await withChunkTimeout(() => import('./routes/coming-soon'));
    return { Component: comingSoonPage(key) };
  };

/**
 * Guest-blocked routes (spec sections 2 and 6), listing (/create) among them: a stored user id of
 * guest (or none, or a lapsed session) goes to /. The layouts re-run this when the session ends.
 */
const requireUser = () => {
  if (isGuest()) throw redirect('/');
  return null;
};

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's code loads (react-router renders it instead of nothing).
    hydrateFallbackElement: <PageSkeleton />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          // Public routes of the main layout
          { index: true, lazy: lazyPage(() => import('./routes/home')) },
          { path: 'testSearchAlgolia', lazy: lazyPage(() => import('./routes/test-search-algolia')) },
          { path: 'all-categories', lazy: lazyPage(() => import('./routes/all-categories')) },
          { path: 'advanced-search', lazy: lazyPage(() => import('./routes/advanced-search')) },
          { path: 'search', lazy: lazyPage(() => import('./routes/search')) },
          { path: 'demo', lazy: soon('demo') },
          { path: 'swap-swipe', lazy: soon('swapSwipe') },
          { path: 'swap-swipe/:currentPage/:counterPage', lazy: soon('swapSwipe') },
          { path: 'viewPost/:postId', lazy: lazyPage(() => import('./routes/view-post')) },
          { path: 'testNewProductPage', lazy: soon('testNewProductPage') },
          { path: 'delivery-calculator', lazy: soon('deliveryCalculator') },
          { path: 'carbon-calculator', lazy: soon('carbonCalculator') },
          { path: 'activity', lazy: lazyPage(() => import('./routes/activity')) },
          { path: 'FAQ', lazy: lazyPage(() => import('./routes/faq')) },
          { path: 'terms-and-conditions', lazy: lazyPage(() => import('./routes/terms')) },
          { path: 'privacy', lazy: lazyPage(() => import('./routes/privacy')) },
          { path: 'swapu-blog', lazy: lazyPage(() => import('./routes/blog-list')) },
          { path: 'swapu-blog/post/:id', lazy: lazyPage(() => import('./routes/blog-post')) },
          { path: 'docs/*', lazy: soon('docs') },
          // The mail outbox viewer: open in development, admins only otherwise (the API decides).
          { path: 'dev/mail', lazy: lazyPage(() => import('./routes/dev-mail')) },
          {
            // Guest-blocked routes
            loader: requireUser,
            children: [
              { path: 'offer-item/:postId', lazy: lazyPage(() => import('./routes/offer-item')) },
              { path: 'swap-swipe/:currentPage', lazy: soon('swapSwipe') },
              { path: 'swap-swipe-success', lazy: soon('swapSwipeSuccess') },
              { path: 'swap-swipe-cancel', lazy: soon('swapSwipeCancel') },
              // One page for both: the form stays mounted when /create becomes /editPost/{id}.
              { path: 'create', lazy: lazyPage(() => import('./routes/create-post')) },
              { path: 'editPost/:postId', lazy: lazyPage(() => import('./routes/create-post')) },
              // One page for all three (the list beside the open room); :id is a room or a user id (see the page).
              { path: 'discuss', lazy: lazyPage(() => import('./routes/discuss')) },
              { path: 'discuss/:id', lazy: lazyPage(() => import('./routes/discuss')) },
              { path: 'discuss/:id/:postId', lazy: lazyPage(() => import('./routes/discuss')) },
              { path: 'myswapu', lazy: lazyPage(() => import('./routes/my-swapu')) },
              { path: 'offers', lazy: lazyPage(() => import('./routes/offers')) },
              { path: 'swap-status', lazy: lazyPage(() => import('./routes/swap-status')) },
              { path: 'swap-status/:filter', lazy: lazyPage(() => import('./routes/swap-status')) },
              { path: 'user-detail/:userid', lazy: lazyPage(() => import('./routes/user-detail')) },
              { path: 'onboarding', lazy: lazyPage(() => import('./routes/onboarding')) },
              { path: 'chooseInterest', lazy: lazyPage(() => import('./routes/choose-interest')) },
              { path: 'favorite', lazy: lazyPage(() => import('./routes/favorite')) },
              { path: 'subscription', lazy: soon('subscription') },
              { path: 'swap-chain-liked', lazy: soon('swapChainLiked') },
              { path: 'search-filter', lazy: lazyPage(() => import('./routes/advanced-search')) },
              { path: 'suggested', lazy: lazyPage(() => import('./routes/suggested')) },
              { path: 'categories-filter', lazy: lazyPage(() => import('./routes/categories-filter')) },
              { path: 'categories-interests', lazy: lazyPage(() => import('./routes/choose-interest')) },
              { path: 'tokens', lazy: soon('tokens') },
              { path: 'swap-offer', lazy: lazyPage(() => import('./routes/offers')) },
              { path: 'swap-offer/:offerId', lazy: lazyPage(() => import('./routes/swap-offer')) },
              { path: 'my-delivery', lazy: soon('myDelivery') },
              { path: 'my-delivery-status/:status', lazy: soon('myDelivery') },
              { path: 'my-delivery/:postId/:offerId/:receiver', lazy: soon('myDelivery') },
              { path: 'review-swap', lazy: lazyPage(() => import('./routes/review-swap')) },
              { path: 'review-swap/:keyPair', lazy: lazyPage(() => import('./routes/review-swap')) },
              { path: 'notification', lazy: lazyPage(() => import('./routes/notification')) },
              { path: 'delivery-swap', lazy: soon('deliverySwap') },
              { path: 'welcome-mail', lazy: lazyPage(() => import('./routes/welcome-mail')) },
              { path: 'user-coupon', lazy: soon('userCoupon') },
              { path: 'admin', lazy: soon('admin') },
              { path: 'admin/:selectedButton', lazy: lazyPage(() => import('./routes/admin-section')) },
            ],
          },
          // Unknown paths: a blog post whose urlTitle equals the path, otherwise home.
          { path: '*', lazy: lazyPage(() => import('./routes/unknown-path')) },
        ],
      },
    ],
  },
  {
    // Outside the main layout
    element: <BareLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSkeleton />,
    children: [
      { path: 'email-subscription', lazy: lazyPage(() => import('./routes/email-subscription')) },
      { path: 'email-edit', lazy: soon('emailEdit') },
      { path: 'forgot-password', lazy: lazyPage(() => import('./routes/forgot-password')) },
      { path: 'auth', lazy: lazyPage(() => import('./routes/auth')) },
      { path: 'auth/:signup', lazy: lazyPage(() => import('./routes/auth')) },
      // Google and Facebook sign-in land here with the tokens in the fragment.
      { path: 'auth/complete', lazy: lazyPage(() => import('./routes/auth-complete')) },
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
] as const;

/**
 * Loads the lazy route modules of the page at `pathname` into the route table, so a render can
 * start without suspending: the server's before it renders, the browser's before it hydrates.
 */
export async function loadRouteModules(pathname: string) {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const mod = await route.lazy();
      Object.assign(route, { ...mod, lazy: undefined });
    }),
  );
}
