import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '../app/theme';

/**
 * Renders routes in memory at `path` (with its location state, if given), inside the app's providers (theme, a query client that
 * never retries), the way pages run in the app. Returns the router, to inspect its location.
 */
export function renderRoutes(routes: RouteObject[], path: string | { pathname: string; state?: unknown } = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}
