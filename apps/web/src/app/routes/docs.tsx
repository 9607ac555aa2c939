import { Alert, Container, Skeleton, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { isDocsSlug } from '@swapu/shared/docs';
import { LoadError } from '../../components/load-error';
import { NotFound } from '../../components/not-found';
import { useMe } from '../../features/auth/use-me';
import { DocsArea } from '../../features/docs/docs-area';
import { useTranslation } from '../../i18n/react';

/**
 * /docs and /docs/{page}: the internal documentation area (issue 21, decision 0032). Admins and
 * members an admin gave the docs role read it; anyone else signed in sees 'Permission Denied'
 * (the API refuses them anyway); guests are sent home like on every guest-blocked page.
 */
export default function DocsPage() {
  const { t } = useTranslation(['docs', 'errors']);
  const params = useParams();
  const slug = params.slug ?? 'index';
  const me = useMe();
  // /docs/index is not an address of the area: its home is /docs.
  if (!isDocsSlug(slug) || params.slug === 'index') return <NotFound />;
  if (me.isError)
    return (
      <Container size="sm" py="lg">
        <LoadError titled onRetry={() => void me.refetch()} />
      </Container>
    );
  if (!me.data)
    return (
      <Container size="lg" py="lg">
        <Stack gap="sm" data-testid="docs-loading">
          <Skeleton h={36} w="40%" />
          <Skeleton h={200} />
        </Stack>
      </Container>
    );
  if (me.data.role !== 'admin' && me.data.role !== 'docs')
    return (
      <Container size="sm" py="lg">
        <Stack gap="md">
          <Title order={1}>{t('title')}</Title>
          <Alert color="red" role="alert" data-testid="docs-denied">
            {t('errors:permission_denied')}
          </Alert>
        </Stack>
      </Container>
    );
  return <DocsArea slug={slug} />;
}
