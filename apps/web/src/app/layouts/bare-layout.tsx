import { Box, Center, Container, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet, useMatch } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { Logo } from '../../components/logo';
import { PageSkeleton } from '../../components/page-skeleton';
import { MarkReady } from '../mark-ready';
import { RouteErrorBoundary } from '../route-error';
import { useSessionLifecycle } from './use-session-lifecycle';

const AutoLogoutAlert = lazy(() => import('./signed-in-ui').then((m) => ({ default: m.AutoLogoutAlert })));

/** Screens outside the main layout (sign-in, password reset, email preferences). */
export function BareLayout() {
  const { autoLogout } = useSessionLifecycle();
  // The email editor shows its preview at phone and desktop widths side by side: it needs the room.
  const wide = useMatch('/email-edit') !== null;
  return (
    <Box mih="100vh" bg="var(--swapu-bg)">
      <Container size={wide ? 'xl' : 'xs'} pt={{ base: 'lg', sm: 48 }} pb="xl">
        <Stack gap="lg">
          <Center style={{ justifyContent: 'space-between' }}>
            <Logo />
            <LanguageSwitch />
          </Center>
          {autoLogout && (
            <Suspense fallback={null}>
              <AutoLogoutAlert />
            </Suspense>
          )}
          <main id="main">
            <RouteErrorBoundary>
              <Suspense fallback={<PageSkeleton />}>
                <Outlet />
                <MarkReady />
              </Suspense>
            </RouteErrorBoundary>
          </main>
        </Stack>
      </Container>
    </Box>
  );
}
