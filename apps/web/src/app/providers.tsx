import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { i18n } from '../i18n/instance';
import { ApiError, busyText } from '../lib/api';
import { type Clock, ClockProvider } from '../lib/clock';
import { pageSaysTestMode } from '../lib/site-mode';
import { theme } from './theme';

// Only a TEST_MODE staging site shows the banner: a live site never loads its code.
const TestModeBanner = lazy(() => import('../components/test-mode-banner').then((m) => ({ default: m.TestModeBanner })));
// Toasts are not needed for the first paint: their code loads after it.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

busyText.get = () => i18n.t('common:busy.retrying');

/** The query defaults of the app, in the browser and when the server renders a page. */
export const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client mistakes and missing things are final; only retry transient failures. A busy
        // server's 503 was already retried with its Retry-After by call() (lib/api.ts).
        retry: (count, err) => !(err instanceof ApiError && ((err.status >= 400 && err.status < 500) || err.status === 503)) && count < 2,
      },
    },
  });

export const queryClient = newQueryClient();

/**
 * `clock`: the server's, when the page it rendered is being hydrated (lib/clock.tsx). `testMode`:
 * the site is a TEST_MODE staging site (the page's HTML says so in the browser; the server's
 * renderer is told), and every page carries the banner that says so.
 */
export function Providers({
  children,
  client = queryClient,
  clock,
  testMode = pageSaysTestMode(),
}: {
  children: ReactNode;
  client?: QueryClient;
  clock?: Clock;
  testMode?: boolean;
}) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {testMode && (
        <Suspense fallback={null}>
          <TestModeBanner />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <Notifications position="top-center" />
      </Suspense>
      <QueryClientProvider client={client}>
        <ClockProvider initial={clock}>{children}</ClockProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
