import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="sm">
        <Title order={1}>{t('states.notFoundTitle')}</Title>
        <Text c="dimmed">{t('states.notFoundHint')}</Text>
        <Button component={Link} to="/">
          {t('actions.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
