import { Box, Center, Container, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { Logo } from '../../components/logo';
import { PageSkeleton } from '../../components/page-skeleton';
import { useSessionLifecycle } from './use-session-lifecycle';

const AutoLogoutAlert = lazy(() => import('./signed-in-ui').then((m) => ({ default: m.AutoLogoutAlert })));

/** Screens outside the main layout (sign-in, password reset, email preferences). */
export function BareLayout() {
  const { autoLogout } = useSessionLifecycle();
  return (
    <Box mih="100vh" bg="var(--swapu-bg)">
      <Container size="xs" pt={{ base: 'lg', sm: 48 }} pb="xl">
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
            <Suspense fallback={<PageSkeleton />}>
              <Outlet />
            </Suspense>
          </main>
        </Stack>
      </Container>
    </Box>
  );
}
