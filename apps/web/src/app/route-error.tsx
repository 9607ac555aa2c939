import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Component, type ReactNode, useEffect } from 'react';
import { useTranslation } from '../i18n/react';
import { useLocation } from 'react-router';
import { reportError } from '../lib/analytics';
import { ChunkLoadError } from '../lib/lazy-page';
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
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: undefined, failedAt: null };
  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failedAt: '' };
  }
  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.failedAt === '') return { failedAt: props.pathname };
    // Moving to another path starts afresh; a page that works is never remounted by this.
    if (state.failedAt !== null && state.failedAt !== props.pathname) return { error: undefined, failedAt: null };
    return null;
  }
  override render() {
    return this.state.failedAt !== null ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Catches a page's failure and shows RouteError in its place; moving to another path starts afresh. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
