import { Badge, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';

/** A screen that a later issue builds: its title and what will be there. */
export function comingSoonPage(key: string) {
  return function ComingSoonPage() {
    const { t } = useTranslation(['pages', 'common']);
    return (
      <Container size="sm" py="xl">
        <Paper p="xl" radius="lg" withBorder>
          <Stack gap="sm">
            <Badge variant="light" w="fit-content">
              {t('common:states.comingSoon')}
            </Badge>
            <Title order={1}>{t(`pages:${key}.title`)}</Title>
            <Text c="dimmed">{t(`pages:${key}.description`)}</Text>
          </Stack>
        </Paper>
      </Container>
    );
  };
}
