import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { fetchMail, fetchMailList } from '../../features/account/mail-viewer-api';
import { MailOutbox, type MailSource } from '../../features/admin/mail-outbox';

const devSource: MailSource = { name: 'either', list: fetchMailList, one: fetchMail };

/**
 * /dev/mail: the outbox for development (the open developer API while it answers, else the
 * admins'); the console's /admin/mail shows the same outbox.
 */
export default function DevMailPage() {
  const { t } = useTranslation(['account']);
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1}>{t('devMail.title')}</Title>
          <Text c="dimmed">{t('devMail.subtitle')}</Text>
        </Stack>
        <MailOutbox source={devSource} />
      </Stack>
    </Container>
  );
}
