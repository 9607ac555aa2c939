/** The spec's text areas (section 1), one catalogue file per area and language, plus the app's own. */
export const NAMESPACES = [
  'common',
  'posts',
  'categories',
  'search',
  'auth',
  'blog',
  'carbon',
  'chat',
  'delivery',
  'favorites',
  'goals',
  'swapChain',
  'swapSwipe',
  'subscriptions',
  'tokens',
  'notifications',
  'faq',
  'legal',
  'admin',
  'pages',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
