import { Alert, Card, Container, Image, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { useBlogPosts } from '../../features/blog/use-blog';
import { useDates } from '../../lib/clock';
import { pageMeta } from '@swapu/shared/page-meta';
import { asLocale, usePageMeta } from '../../lib/use-page-meta';

export default function BlogListPage() {
  const { t, i18n } = useTranslation(['blog', 'common']);
  const dates = useDates();
  usePageMeta(pageMeta.blog(asLocale(i18n.language)));
  const posts = useBlogPosts();
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
        {posts.isError && (
          <Alert color="red" role="alert">
            {t('errors:generic')}
          </Alert>
        )}
        {posts.data?.length === 0 && <Text>{t('empty')}</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {posts.isPending
            ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={160} radius="lg" />)
            : posts.data?.map((p) => (
                <Link key={p.id} to={`/swapu-blog/post/${p.id}`} className="swapu-card-link">
                  <Card padding="lg" h="100%">
                    {p.coverUrl && (
                      <Card.Section mb="sm">
                        <Image src={p.coverUrl.replace(/\/lg\.webp$/, '/sm.webp')} alt="" h="auto" style={{ aspectRatio: '1200 / 630' }} />
                      </Card.Section>
                    )}
                    <Stack gap={6}>
                      <Text fz="xs" c="dimmed">
                        {dates.dateTime(p.publishedAt)} · <span data-user-content>{p.author}</span>
                      </Text>
                      <Title order={2} fz="lg" c="dark.7" data-user-content>
                        {p.title}
                      </Title>
                      <Text fz="sm" c="dimmed" data-user-content>
                        {p.summary}
                      </Text>
                    </Stack>
                  </Card>
                </Link>
              ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
