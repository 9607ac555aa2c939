import { Box, Center, Container, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { Logo } from '../../components/logo';
import { PageSkeleton } from '../../components/page-skeleton';

/** Screens outside the main layout (sign-in, password reset, email preferences). */
export function BareLayout() {
  return (
    <Box mih="100vh" bg="var(--swapu-bg)">
      <Container size="xs" py="xl">
        <Stack gap="lg">
          <Center style={{ justifyContent: 'space-between' }}>
            <Logo />
            <LanguageSwitch />
          </Center>
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
