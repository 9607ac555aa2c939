import './app/mantine.css';
import './app/global.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, Suspense, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { detectLocale, initI18n } from './i18n/index';
import { Providers, queryClient } from './app/providers';
import { loadRouteModules, routes } from './app/router';
import { PageSkeleton } from './components/page-skeleton';
import { getSession } from './lib/session';

/** What the server rendered this page with (decision 0020), or null for a page the browser renders. */
function serverRendered(): { locale: string; state: DehydratedState } | null {
  const el = document.getElementById('swapu-ssr');
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as { locale: string; state: DehydratedState };
  } catch {
    return null;
  }
}

/** Marks the page as live (hydrated or rendered): `html[data-ready]`, which the journeys wait for. */
function MarkReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

async function start() {
  const ssr = serverRendered();
  const session = getSession();
  const locale = detectLocale();
  // The server renders for a guest in one language: anyone else gets the page rendered here.
  const hydrating = !!ssr && session.token === null && session.autoLogout === null && ssr.locale === locale;
  await initI18n(locale);
  if (hydrating) {
    hydrate(queryClient, ssr.state);
    // The page's route modules first, so the first render matches the server's.
    await loadRouteModules(window.location.pathname);
  }
  const app = (
    <StrictMode>
      <Providers>
        <MarkReady />
        <Suspense fallback={<PageSkeleton />}>
          <RouterProvider router={createBrowserRouter(routes)} />
        </Suspense>
      </Providers>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  if (hydrating) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();
