import { Alert, Badge, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { useCategories } from '../../features/categories/use-categories';
import { pageMeta } from '@swapu/shared/page-meta';
import { asLocale, usePageMeta } from '../../lib/use-page-meta';

export default function AllCategoriesPage() {
  const { t, i18n } = useTranslation(['categories', 'common']);
  usePageMeta(pageMeta.allCategories(asLocale(i18n.language)));
  const categories = useCategories();
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
        {categories.isError && (
          <Alert color="red" role="alert">
            {t('errors:generic')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {categories.isPending
            ? Array.from({ length: 12 }, (_, i) => <Skeleton key={i} height={76} radius="lg" />)
            : categories.data?.map((c) => (
                <Link
                  key={c.slug}
                  to={`/search?category=${c.slug}`}
                  className="swapu-card-link"
                  data-testid="category-tile"
                  data-slug={c.slug}
                >
                  <Card padding="md" h="100%">
                    <Stack gap={4}>
                      <Text fw={700} lh={1.25} c="dark.7">
                        {t(`names.${c.slug}`)}
                      </Text>
                      <Group gap={6}>
                        <Text fz="sm" c="swapu.8" fw={600} data-testid="category-count">
                          {t('count', { count: c.count })}
                        </Text>
                        {c.special && (
                          <Badge size="xs" variant="light" color="orange">
                            {t('special')}
                          </Badge>
                        )}
                      </Group>
                    </Stack>
                  </Card>
                </Link>
              ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
