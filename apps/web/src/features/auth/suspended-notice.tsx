import { Button, Card, Container, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';

/**
 * What a suspended member sees instead of a page that acts (listing, offering, swiping, chatting
 * with others, paying): the catalogue's message, word for word, and the way to support.
 */
export default function SuspendedNotice() {
  const { t } = useTranslation(['errors', 'chat']);
  return (
    <Container size="sm" py={64}>
      <Card padding="xl" ta="center" data-testid="suspended">
        <Stack align="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color="red">
            <IconLock size={28} aria-hidden="true" />
          </ThemeIcon>
          <Title order={1} fz={22}>
            {t('errors:account_banned')}
          </Title>
          <Button component={Link} to={paths.support} leftSection={<IconMessageCircle size={18} aria-hidden="true" />}>
            {t('chat:support.contact')}
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
