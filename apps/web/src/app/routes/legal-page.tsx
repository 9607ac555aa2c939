import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { CORRECTION_DAYS, FEE_NOTICE_DAYS, INACTIVE_CLOSURE_MONTHS, MINIMUM_AGE } from '@swapu/shared/constants';
import { SimpleMarkdown } from '../../components/simple-markdown';
import { pageMeta } from '@swapu/shared/page-meta';
import { asLocale, usePageMeta } from '../../lib/use-page-meta';

const values = {
  correctionDays: CORRECTION_DAYS,
  feeNoticeDays: FEE_NOTICE_DAYS,
  inactiveMonths: INACTIVE_CLOSURE_MONTHS,
  minimumAge: MINIMUM_AGE,
};

/** Terms and privacy: markdown from the `legal` catalogue with the spec's legal constants filled in. */
export function LegalPage({ doc }: { doc: 'terms' | 'privacy' }) {
  const { t, i18n } = useTranslation('legal');
  usePageMeta(pageMeta[doc](asLocale(i18n.language)));
  return (
    <Container size="md" py="lg">
      <Paper p={{ base: 'md', sm: 'xl' }} radius="lg" withBorder>
        <Stack gap="xs">
          <Title order={1}>{t(`${doc}.title`)}</Title>
          <Text c="dimmed" fz="sm">
            {t('updated')}
          </Text>
          <SimpleMarkdown source={t(`${doc}.body`, values)} />
        </Stack>
      </Paper>
    </Container>
  );
}
