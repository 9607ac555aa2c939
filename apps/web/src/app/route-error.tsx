import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * Any route failure, including a chunk that failed or timed out (ChunkLoadError): never a blank
 * page, always 'An error occurred' with a retry.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.warn('route error', error);
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
