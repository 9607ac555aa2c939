import './app/mantine.css';
import './app/global.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { detectLocale, initI18n } from './i18n/index';
import { AnalyticsTracker } from './app/analytics-tracker';
import { Providers, queryClient } from './app/providers';
import { RouteErrorBoundary } from './app/route-error';
import { AppRoutes, loadRouteModules } from './app/router';
import { PageSkeleton } from './components/page-skeleton';
import { configureAnalytics } from './lib/analytics';
import { getSession, GUEST_ID } from './lib/session';
import type { Clock } from './lib/clock';

/** What the server rendered this page with (decision 0020), or null for a page the browser renders. */
interface ServerRendered {
  locale: string;
  state: DehydratedState;
  /** The moment and time zone the page was rendered at: hydration draws the same dates. */
  clock?: Clock;
  /** Whom it was rendered for: 'guest', or the member whose profile cookie came with the request. */
  userId?: string;
}

function serverRendered(): ServerRendered | null {
  const el = document.getElementById('swapu-ssr');
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as ServerRendered;
  } catch {
    return null;
  }
}

async function start() {
  // In development every analytics event is checked against the shared contract. The production
  // build drops this branch, and with it the check's zod schemas.
  if (import.meta.env.DEV) {
    const { checkEvent } = await import('./lib/analytics-check');
    configureAnalytics({ check: checkEvent });
  }
  const ssr = serverRendered();
  const session = getSession();
  const locale = detectLocale();
  // The server renders in one language for one viewer (a guest, or on a member's page the member
  // the page cookie named): anyone else (another account in this tab now, a notice of an automatic
  // logout to show) gets the page rendered here.
  const hydrating = !!ssr && (ssr.userId ?? GUEST_ID) === session.userId && session.autoLogout === null && ssr.locale === locale;
  await initI18n(locale);
  if (hydrating) {
    hydrate(queryClient, ssr.state);
    // The page's route modules first, so the first render matches the server's.
    await loadRouteModules(window.location.pathname);
  }
  const app = (
    <StrictMode>
      <Providers clock={hydrating ? ssr.clock : undefined}>
        <BrowserRouter>
          <RouteErrorBoundary>
            <Suspense fallback={<PageSkeleton />}>
              <AppRoutes />
            </Suspense>
          </RouteErrorBoundary>
          <AnalyticsTracker />
        </BrowserRouter>
      </Providers>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  // Hydration in a transition is time-sliced: React yields to the browser every few milliseconds
  // instead of holding the main thread. The page inside <Suspense> is hydrated after the shell,
  // at React's lowest priority and also in slices, unless an update above it comes first: see
  // ClockProvider (lib/clock.tsx) and decision 0020.
  // A page rendered here from nothing (a member's, or one the server does not render) is drawn in
  // a transition too: the same work, in slices instead of one long task.
  if (hydrating) startTransition(() => void hydrateRoot(root, app));
  else startTransition(() => createRoot(root).render(app));
}

void start();

// SwapU on the home screen (service worker, offline state, update prompt, pushes), once the page
// has loaded: none of it is in the first page's JavaScript but this line (decision 0053).
if (import.meta.env.PROD) addEventListener('load', () => import('./app/pwa-client').then((m) => m.startPwa(queryClient)));
