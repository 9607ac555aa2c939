import { Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { usePageMeta } from '../../lib/use-page-meta';
import { adminMailSource, MailOutbox } from './mail-outbox';

/**
 * /admin/mail: the console's mail outbox — every email SwapU wrote (to, subject, template, when,
 * status, attempts, last error), newest first, searchable by address, each readable as HTML and
 * text. The same outbox as /dev/mail, always through the admins' API: anyone else is refused there
 * and sees 'Permission Denied'.
 */
export function AdminMail() {
  const { t } = useTranslation(['adminBlog']);
  usePageMeta({ title: `${t('mail.title')} | SwapU`, description: t('mail.intro') });
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light" color="blue">
            <IconMail size={22} />
          </ThemeIcon>
          <Title order={1}>{t('mail.title')}</Title>
        </Group>
        <Text c="dimmed">{t('mail.intro')}</Text>
        <MailOutbox source={adminMailSource} />
      </Stack>
    </Container>
  );
}
