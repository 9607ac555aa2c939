import sharp from 'sharp';
import { users } from '../db/schema/index';
import { signAccessToken } from '../lib/tokens';
import type { TestApp } from './app';
import { ACCESS_CASES } from './authorization-cases-access';
import { MEMBER_CASES } from './authorization-cases-members';
import { PUBLIC_AND_LISTING_CASES } from './authorization-cases-public';
import { ADMIN_USERS_CASES } from './authorization-cases-admin-users';
import { MODERATION_CASES } from './authorization-cases-admin-moderation';
import { CAMPAIGN_CASES } from './authorization-cases-admin-campaigns';
import { ADMIN_BLOG_CASES } from './authorization-cases-admin-blog';
import { DOCS_CASES } from './authorization-cases-docs';
import { PUSH_CASES } from './authorization-cases-push';
import type { Actor, ActorName, Case, World } from './authorization-fixtures';
import { createUser } from './factories';

/**
 * The authorization matrix: for every route the app serves, who may call it and what they get.
 * The actors are a guest, another member, the owner or party of what the route is about, an
 * admin, a banned member, and a member whose terms are pending (an account made through the
 * Firebase contract). src/authorization.test.ts runs every case as every actor and fails on any
 * route without a case. Add a route → add its case here.
 */
export { ACTORS, type Actor, type ActorName, type Case, type Expect, type Request, type World } from './authorization-fixtures';

/** Routes that cannot be driven by inject(), with the reason and where they are tested instead. */
export const EXEMPT: Record<string, string> = {
  'GET /api/v1/ws': 'a WebSocket upgrade; its authentication (auth message, token version, membership) is tested in chat.test.ts',
  'GET /identity/v1/oauth/:provider/start':
    'redirects to Google/Facebook only when configured; oauth.test.ts drives it against a mock provider',
  'GET /identity/v1/oauth/:provider/callback': 'needs a provider round trip; oauth.test.ts drives it against a mock provider',
  'GET /*': 'the web app shell (served only with a built web app)',
};

export const CASES: Case[] = [
  ...PUBLIC_AND_LISTING_CASES,
  ...MEMBER_CASES,
  ...ACCESS_CASES,
  ...ADMIN_USERS_CASES,
  ...MODERATION_CASES,
  ...CAMPAIGN_CASES,
  ...ADMIN_BLOG_CASES,
  ...DOCS_CASES,
  ...PUSH_CASES,
];

/** The cast: fresh accounts with access tokens (no password hashing, so the matrix stays fast). */
export async function createWorld(t: TestApp): Promise<World> {
  const now = t.clock.now();
  const make = async (name: ActorName, overrides: Partial<typeof users.$inferInsert>): Promise<Actor> => {
    if (name === 'anonymous') return { name, id: null, email: null, headers: {} };
    const u = await createUser(t.db, { termsAcceptedAt: now, privacyAcceptedAt: now, ...overrides });
    const token = await signAccessToken(t.config.jwtSecret, u.id, now, u.tokenVersion);
    return { name, id: u.id, email: u.email, headers: { authorization: `Bearer ${token}` } };
  };
  const actors = {
    anonymous: await make('anonymous', {}),
    other: await make('other', {}),
    owner: await make('owner', {}),
    admin: await make('admin', { role: 'admin' }),
    banned: await make('banned', { banned: true }),
    pending: await make('pending', { termsAcceptedAt: null, privacyAcceptedAt: null }),
    docs: await make('docs', { role: 'docs' }),
  };
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f9e5b' } })
    .jpeg()
    .toBuffer();
  return { t, actors, jpeg };
}
