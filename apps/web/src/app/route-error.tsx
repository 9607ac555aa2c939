import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Component, type ReactNode, useEffect } from 'react';
import { useTranslation } from '../i18n/react';
import { useLocation } from 'react-router';
import { reportError } from '../lib/analytics';
import { ChunkLoadError } from '../lib/lazy-page';
import { useSession } from '../lib/use-session';
import { markReady } from './mark-ready';

/**
 * Any route failure, including a chunk that failed or timed out (ChunkLoadError): never a blank
 * page, always 'An error occurred' with a retry.
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    console.warn('route error', error);
    reportError(error, error instanceof ChunkLoadError ? 'chunk' : 'boundary');
    markReady();
  }, [error]);
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1} role="alert">
          {t('errors:generic', 'An error occurred')}
        </Title>
        <Text c="dimmed">{t('states.errorHint')}</Text>
        <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
          {t('actions.retry')}
        </Button>
      </Stack>
    </Container>
  );
}

interface BoundaryState {
  error: unknown;
  /** The path that failed; null while nothing has. */
  failedAt: string | null;
  /** Who was signed in when it failed. */
  failedFor: string | null;
}

interface BoundaryProps {
  pathname: string;
  /** The signed-in person (or guest). */
  person: string | null;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failedAt: null, failedFor: null };
  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failedAt: '' };
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.failedAt === '') return { failedAt: props.pathname, failedFor: props.person };
    // Moving to another path starts afresh; a page that works is never remounted by this. So does
    // another person: a member logged out (or timed out) on a failed guest-blocked page is sent
    // home by the route's guard, which only runs once the route renders again.
    if (state.failedAt !== null && (state.failedAt !== props.pathname || state.failedFor !== props.person)) {
      return { error: undefined, failedAt: null, failedFor: null };
    }
    return null;
  }
  override render() {
    return this.state.failedAt !== null ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * Catches a page's failure and shows RouteError in its place; moving to another path, or another
 * person signing in or out, starts afresh.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { userId } = useSession();
  return (
    <Boundary pathname={pathname} person={userId}>
      {children}
    </Boundary>
  );
}
