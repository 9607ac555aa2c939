import { adminOnly, upload, type Case, type World } from './authorization-fixtures';
import { createBlogPost } from './factories';

/** A fresh post for one actor's request (a draft unless told otherwise). */
const post = (w: World, publishedAt: Date | null = null) => createBlogPost(w.t.db, { publishedAt });
const fields = () => ({
  title: 'Swapping in the rain',
  urlTitle: `swapping-in-the-rain-${Math.random().toString(36).slice(2, 10)}`,
  summary: 'Wet weather tips.',
  body: '## Umbrellas\n\nSwap them.',
});

/** The authorization matrix's rows for the admin console's blog routes (issue 20). */
export const ADMIN_BLOG_CASES: Case[] = [
  { route: 'GET /api/v1/admin/blog', request: () => ({ url: '/api/v1/admin/blog' }), expect: adminOnly(200) },
  {
    route: 'GET /api/v1/admin/blog/:id',
    request: async (w) => ({ url: `/api/v1/admin/blog/${(await post(w)).id}` }),
    expect: adminOnly(200),
  },
  { route: 'POST /api/v1/admin/blog', request: () => ({ url: '/api/v1/admin/blog', payload: fields() }), expect: adminOnly(201) },
  {
    route: 'PUT /api/v1/admin/blog/:id',
    request: async (w) => ({ url: `/api/v1/admin/blog/${(await post(w)).id}`, payload: fields() }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/v1/admin/blog/:id/publish',
    request: async (w) => ({ url: `/api/v1/admin/blog/${(await post(w)).id}/publish` }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/v1/admin/blog/:id/unpublish',
    request: async (w) => ({ url: `/api/v1/admin/blog/${(await post(w, new Date('2026-01-01T00:00:00Z'))).id}/unpublish` }),
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /api/v1/admin/blog/:id',
    request: async (w) => ({ url: `/api/v1/admin/blog/${(await post(w)).id}` }),
    expect: adminOnly(204),
  },
  {
    route: 'POST /api/v1/admin/blog/:id/cover',
    request: async (w) => {
      const file = upload(w);
      return { url: `/api/v1/admin/blog/${(await post(w)).id}/cover`, payload: file.payload, headers: file.headers };
    },
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /api/v1/admin/blog/:id/cover',
    request: async (w) => ({ url: `/api/v1/admin/blog/${(await post(w)).id}/cover` }),
    expect: adminOnly(200),
  },
];
