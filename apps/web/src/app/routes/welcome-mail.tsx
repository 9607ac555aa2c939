import { Alert, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/react';
import { fetchWelcomeMail } from '../../features/account/welcome-mail-api';
import { endpoints } from '@swapu/shared/endpoints';
import { keyOf } from '../../lib/query-keys';

/** The welcome email as this person received it, rendered in a sandboxed frame. */
export default function WelcomeMailPage() {
  const { t } = useTranslation(['profile', 'errors']);
  const mail = useQuery({
    queryKey: keyOf(endpoints.welcomeMail),
    queryFn: fetchWelcomeMail,
  });
  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>{t('welcomeMail.title')}</Title>
        {mail.isPending && <Skeleton height={480} radius="lg" />}
        {mail.isError && (
          <Alert color="red" role="alert">
            {t('errors:generic')}
          </Alert>
        )}
        {mail.data && (
          <>
            <Text fw={600}>{t('welcomeMail.subject', { subject: mail.data.subject })}</Text>
            <Paper radius="lg" withBorder style={{ overflow: 'hidden' }}>
              <iframe
                title={t('welcomeMail.frameTitle')}
                srcDoc={mail.data.html}
                sandbox=""
                style={{ width: '100%', height: 560, border: 0, display: 'block' }}
              />
            </Paper>
          </>
        )}
      </Stack>
    </Container>
  );
}
