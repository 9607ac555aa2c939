import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode, Suspense, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nProvider } from './i18n/react';
import { matchRoutes, StaticRouter } from 'react-router';
import { LOCALES, type Locale } from '@swapu/shared/constants';
import { ERROR_CATALOGUE } from '@swapu/shared/errors';
import { newQueryClient, Providers } from './app/providers';
import { createI18n, type I18n, type Resources } from './i18n/core';
import { AppRoutes, loadRouteModules, MEMBER_RENDERED, SERVER_RENDERED } from './app/router';
import { PageSkeleton } from './components/page-skeleton';
import { ApiError, configureTransport } from './lib/api';
import { type Clock, SERVER_TIME_ZONE } from './lib/clock';
import { configureServerSession, GUEST_ID, type Session } from './lib/session';

/**
 * The server's renderer of public pages (decision 0020): the same routes, providers and
 * components as the browser, rendered as a guest in the page's language, with the page's data
 * fetched first so the HTML carries the content. The browser hydrates it with the same data.
 * A member's profile is rendered as that member (MEMBER_RENDERED), for that request alone.
 */

type FetchApi = (path: string, init: RequestInit) => Promise<Response>;

const isEarlyAccess = (error: unknown) => error instanceof ApiError && error.code === 'early_access';
/** The member a render runs as (the server checked the token first), or none for a guest. */
export interface RenderMember {
  userId: string;
  token: string;
  /** When the token lapses (ms since epoch). */
  expiresAt: number;
}

/**
 * What one render runs with. Renders interleave (each awaits its queries), so the API transport
 * and the session are looked up per render here, never kept in module state: one member's
 * requests and session cannot reach another render.
 */
const current = new AsyncLocalStorage<{ fetchApi: FetchApi; session: Session | undefined }>();
configureTransport((path, init) => {
  const run = current.getStore();
  if (!run) return Promise.reject(new Error('an API request outside a server render'));
  return run.fetchApi(path, init);
});
configureServerSession(() => current.getStore()?.session);

// Every catalogue, both languages: a server render never waits for a translation to load.
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('./i18n/*/*.json', { eager: true });
const resources: Resources = {};
for (const [file, mod] of Object.entries(catalogues)) {
  const [, lng, ns] = /\.\/i18n\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  (resources[lng!] ??= {})[ns!] = mod.default;
}
for (const lng of LOCALES) {
  const key = lng.startsWith('pt') ? 'pt' : 'en';
  (resources[lng] ??= {}).errors = Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, m]) => [code, m[key]]));
}

const instances = new Map<Locale, I18n>();
function i18nFor(lng: Locale): I18n {
  let inst = instances.get(lng);
  if (!inst) {
    // The browser's options (i18n/instance.ts), all namespaces present at once.
    inst = createI18n({ lng, fallbackLng: 'en-US', defaultNS: 'common', resources });
    instances.set(lng, inst);
  }
  return inst;
}

export interface RenderResult {
  /** The markup inside <div id="root">. */
  html: string;
  /** The queries the page used, for the browser to start from. */
  state: DehydratedState;
  /** The moment and zone the dates were drawn at: the browser hydrates with the same. */
  clock: Clock;
  /** Whom the page was rendered for: the browser hydrates only when its stored user id is this one. */
  userId: string;
}

const matches = (patterns: readonly string[], pathname: string) =>
  !!matchRoutes(
    patterns.map((path) => ({ path })),
    pathname,
  );

/** Whether this path is a page the server renders for a guest. */
export const isServerRendered = (pathname: string) => matches(SERVER_RENDERED, pathname);

/** Whether this path is a page the server renders for a signed-in member. */
export const isMemberRendered = (pathname: string) => matches(MEMBER_RENDERED, pathname);

async function toHtml(element: ReactElement): Promise<string> {
  // One piece: React would otherwise move large finished sections out of place and put them back
  // with inline scripts, which the Content-Security-Policy does not allow.
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** Queries the render asked for but could not run (the server never fetches while rendering). */
const pendingQueries = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && typeof q.options.queryFn === 'function');

/**
 * Renders `url` in `locale`, for a guest, or for `member` on a member's page. `fetchApi` answers
 * the API requests of the page's queries (the server passes its in-process one, as this viewer).
 * Null when the page cannot be rendered here (a redirect, a path the browser renders, a member's
 * query the API refused): the caller sends the plain shell instead.
 */
/** How the server runs the site (the page's HTML says the same to the browser). */
export interface RenderSite {
  /** A TEST_MODE staging site: every page carries the banner that says so. */
  testMode: boolean;
}

export async function render(
  url: string,
  locale: Locale,
  fetchApi: FetchApi,
  member?: RenderMember,
  site: RenderSite = { testMode: false },
): Promise<RenderResult | null> {
  const { pathname } = new URL(url, 'http://swapu.local');
  if (!(member ? isMemberRendered(pathname) : isServerRendered(pathname))) return null;
  const session: Session | undefined = member && {
    token: member.token,
    userId: member.userId,
    expiration: member.expiresAt,
    stayLoggedIn: false,
    autoLogout: null,
  };
  return current.run({ fetchApi, session }, () => renderHere(url, pathname, locale, !!member, site));
}

async function renderHere(
  url: string,
  pathname: string,
  locale: Locale,
  asMember: boolean,
  site: RenderSite,
): Promise<RenderResult | null> {
  // The page's route modules first (as the browser does before hydrating): a route still lazy
  // would suspend the render, and the HTML would need an inline script to fill it in.
  await loadRouteModules(pathname);
  const client = newQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const i18n = i18nFor(locale);
  const clock: Clock = { now: Date.now(), timeZone: SERVER_TIME_ZONE };
  const tree = () => (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <Providers client={client} clock={clock} testMode={site.testMode}>
          <Suspense fallback={<PageSkeleton />}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </Suspense>
        </Providers>
      </I18nProvider>
    </StrictMode>
  );
  // A quick pass learns which queries the page asks for, and they are fetched. Then the real
  // render, with their answers in place, which also waits for anything still loading (the toasts'
  // code on a first render). A page whose queries depend on others' answers asks for more in it:
  // those are fetched and the page is rendered again (three fetches at most). The real render
  // doubles as the check that nothing is left to fetch, so most pages take two renders, not three
  // (a third of a server render's CPU; docs/decisions/0047).
  renderToString(tree());
  let html = '';
  for (let round = 0; round < 3; round++) {
    const pending = pendingQueries(client);
    if (round > 0 && pending.length === 0) break;
    await Promise.all(pending.map((q) => q.fetch().catch(() => undefined)));
    // A member's page whose data the API refused (a ban, a profile that is not there) is left to
    // the browser, which says why in its own way; so is anyone's link to a listing in early access
    // (its notice counts the hours on the browser's clock, and a failed answer is not handed over,
    // so the browser's first render could not match the server's).
    const refused = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'error');
    if ((asMember && refused.length > 0) || refused.some((q) => isEarlyAccess(q.state.error))) return null;
    html = await toHtml(tree());
  }
  // Only successful answers go to the browser: a failed query is asked again there.
  const state = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' });
  return { html, state, clock, userId: asMember ? current.getStore()!.session!.userId : GUEST_ID };
}
