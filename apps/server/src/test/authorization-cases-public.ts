import { createBlogPost } from './factories';
import { anyone, listing, member, owned, ownersPhoto, ownersPost, strangersPost, upload, type Case } from './authorization-fixtures';

/** Operations, public reads, and listings written by their owner. */
export const PUBLIC_AND_LISTING_CASES: Case[] = [
  // Operations and documentation
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: anyone(200) },
  { route: 'GET /api/ready', request: () => ({ url: '/api/ready' }), expect: anyone(200) },
  {
    route: 'GET /api/v1/delivery/quote',
    request: () => ({ url: '/api/v1/delivery/quote?fromSuburb=Fitzroy&fromPostcode=3065&toSuburb=Newtown&toPostcode=2042&size=satchel' }),
    expect: anyone(200),
  },
  { route: 'GET /api/docs', request: () => ({ url: '/api/docs' }), expect: anyone(200) },
  { route: 'GET /api/docs/static/index.html', request: () => ({ url: '/api/docs/static/index.html' }), expect: anyone(302) },
  { route: 'GET /api/docs/static/*', request: () => ({ url: '/api/docs/static/swagger-ui.css' }), expect: anyone(200) },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    request: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
    expect: anyone(200),
  },
  { route: 'GET /api/docs/json', request: () => ({ url: '/api/docs/json' }), expect: anyone(200) },
  { route: 'GET /api/docs/yaml', request: () => ({ url: '/api/docs/yaml' }), expect: anyone(200) },

  // For crawlers: the same for everyone (guest data only; pages.test.ts checks what is listed)
  { route: 'GET /robots.txt', request: () => ({ url: '/robots.txt' }), expect: anyone(200) },
  { route: 'GET /sitemap.xml', request: () => ({ url: '/sitemap.xml' }), expect: anyone(200) },
  { route: 'GET /sitemap-pages.xml', request: () => ({ url: '/sitemap-pages.xml' }), expect: anyone(200) },
  { route: 'GET /sitemap-posts.xml', request: () => ({ url: '/sitemap-posts.xml?page=1' }), expect: anyone(200) },

  // Public reads
  {
    route: 'GET /media/*',
    name: 'a listing photo',
    request: async (w) => {
      const { post } = await ownersPhoto(w);
      const detail = await w.t.app.inject({ url: `/api/v1/posts/${post.id}` });
      return { url: detail.json().images[0].url as string };
    },
    expect: anyone(200),
  },
  { route: 'GET /api/v1/posts', request: () => ({ url: '/api/v1/posts' }), expect: anyone(200) },
  {
    route: 'GET /api/v1/posts/:id',
    name: 'a live listing',
    request: async (w) => ({ url: `/api/v1/posts/${(await ownersPost(w)).id}` }),
    expect: anyone(200),
  },
  {
    route: 'GET /api/v1/posts/:id',
    name: 'a draft: its owner and admins only',
    request: async (w) => ({ url: `/api/v1/posts/${(await ownersPost(w, { state: 'draft', publishedAt: null })).id}` }),
    expect: { anonymous: 404, other: 404, owner: 200, admin: 200, banned: 404, pending: 404, docs: 404 },
  },
  {
    route: 'GET /api/v1/posts/:id',
    name: 'inside early access: its owner, admins and subscribers; anyone else is told when it opens',
    request: async (w) => ({ url: `/api/v1/posts/${(await ownersPost(w, { publishedAt: w.t.clock.now() })).id}` }),
    expect: { anonymous: 403, other: 403, owner: 200, admin: 200, banned: 403, pending: 403, docs: 403 },
  },
  { route: 'GET /api/v1/users/:id', request: (w) => ({ url: `/api/v1/users/${w.actors.owner.id}` }), expect: anyone(200) },
  { route: 'GET /api/v1/users/:id/reviews', request: (w) => ({ url: `/api/v1/users/${w.actors.owner.id}/reviews` }), expect: anyone(200) },
  { route: 'GET /api/v1/users/:id/goals', request: (w) => ({ url: `/api/v1/users/${w.actors.owner.id}/goals` }), expect: anyone(200) },
  { route: 'GET /api/v1/users/:id/points', request: (w) => ({ url: `/api/v1/users/${w.actors.owner.id}/points` }), expect: anyone(200) },
  {
    route: 'GET /api/v1/reliability',
    request: (w) => ({ url: `/api/v1/reliability?ids=${w.actors.owner.id},${w.actors.other.id}` }),
    expect: anyone(200),
  },
  // Public; a signed-in caller's own rank comes with it.
  { route: 'GET /api/v1/leaderboard', request: () => ({ url: '/api/v1/leaderboard?period=month' }), expect: anyone(200) },
  { route: 'GET /api/v1/activity', request: () => ({ url: '/api/v1/activity' }), expect: anyone(200) },
  { route: 'GET /api/v1/swipe/sample', request: () => ({ url: '/api/v1/swipe/sample' }), expect: anyone(200) },
  {
    route: 'GET /api/v1/swipe/pairing/:postId/:counterId',
    name: 'two live listings',
    request: async (w) => ({ url: `/api/v1/swipe/pairing/${(await strangersPost(w)).id}/${(await strangersPost(w)).id}` }),
    expect: anyone(200),
  },
  { route: 'GET /api/v1/search', request: () => ({ url: '/api/v1/search?q=lamp' }), expect: anyone(200) },
  { route: 'GET /api/v1/search/suggest', request: () => ({ url: '/api/v1/search/suggest?q=la' }), expect: anyone(200) },
  { route: 'GET /api/v1/categories', request: () => ({ url: '/api/v1/categories' }), expect: anyone(200) },
  { route: 'GET /api/v1/localities', request: () => ({ url: '/api/v1/localities?q=fitz' }), expect: anyone(200) },
  { route: 'GET /api/v1/blog', request: () => ({ url: '/api/v1/blog' }), expect: anyone(200) },
  {
    route: 'GET /api/v1/blog/:id',
    request: async (w) => ({ url: `/api/v1/blog/${(await createBlogPost(w.t.db)).id}` }),
    expect: anyone(200),
  },
  {
    route: 'GET /api/v1/blog/by-url-title/:urlTitle',
    request: async (w) => ({ url: `/api/v1/blog/by-url-title/${(await createBlogPost(w.t.db)).urlTitle}` }),
    expect: anyone(200),
  },
  { route: 'GET /api/v1/auth/providers', request: () => ({ url: '/api/v1/auth/providers' }), expect: anyone(200) },
  {
    // Called by Stripe, never with an account: only its signature counts. Without Stripe configured
    // (as here) it is not found for anyone; stripe.test.ts proves the signature checks with Stripe on.
    route: 'POST /api/v1/payments/stripe/webhook',
    name: 'Stripe not configured',
    request: () => ({
      url: '/api/v1/payments/stripe/webhook',
      payload: { id: 'evt_unsigned', object: 'event', type: 'checkout.session.completed' },
    }),
    expect: anyone(404),
  },

  // Listings: writes by their owner (or an admin)
  { route: 'POST /api/v1/posts', request: () => ({ url: '/api/v1/posts', payload: listing }), expect: member(201) },
  {
    route: 'PATCH /api/v1/posts/:id',
    request: async (w) => ({ url: `/api/v1/posts/${(await ownersPost(w)).id}`, payload: { title: 'Renamed lamp' } }),
    expect: owned(200, 403),
  },
  {
    route: 'DELETE /api/v1/posts/:id',
    request: async (w) => ({ url: `/api/v1/posts/${(await ownersPost(w)).id}` }),
    expect: owned(200, 403),
  },
  {
    route: 'POST /api/v1/posts/:id/publish',
    request: async (w) => ({ url: `/api/v1/posts/${(await ownersPost(w, { state: 'archived' })).id}/publish` }),
    expect: owned(200, 403),
  },
  {
    route: 'POST /api/v1/posts/:id/state',
    request: async (w) => ({ url: `/api/v1/posts/${(await ownersPost(w)).id}/state`, payload: { state: 'archived' } }),
    expect: owned(200, 403),
  },
  {
    route: 'POST /api/v1/posts/:id/images',
    request: async (w) => {
      const file = upload(w);
      return { url: `/api/v1/posts/${(await ownersPost(w)).id}/images`, payload: file.payload, headers: file.headers };
    },
    expect: owned(201, 403),
  },
  {
    route: 'PUT /api/v1/posts/:id/images/order',
    request: async (w) => {
      const { post, imageId } = await ownersPhoto(w);
      return { url: `/api/v1/posts/${post.id}/images/order`, payload: { imageIds: [imageId] } };
    },
    expect: owned(200, 403),
  },
  {
    route: 'DELETE /api/v1/posts/:id/images/:imageId',
    request: async (w) => {
      const { post, imageId } = await ownersPhoto(w);
      return { url: `/api/v1/posts/${post.id}/images/${imageId}` };
    },
    expect: owned(200, 403),
  },
  {
    route: 'PUT /api/v1/posts/:id/like',
    request: async (w) => ({ url: `/api/v1/posts/${(await strangersPost(w)).id}/like` }),
    expect: member(200),
  },
  {
    route: 'DELETE /api/v1/posts/:id/like',
    request: async (w) => ({ url: `/api/v1/posts/${(await strangersPost(w)).id}/like` }),
    expect: member(200),
  },
  {
    route: 'POST /api/v1/posts/:id/report',
    request: async (w) => ({ url: `/api/v1/posts/${(await strangersPost(w)).id}/report`, payload: { reason: 'scam' } }),
    expect: member(202),
  },
];
