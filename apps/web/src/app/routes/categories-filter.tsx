import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from 'react-router';
import type { CategorySlug } from '@swapu/shared/constants';
import { paths } from '@swapu/shared/paths';
import { searchUrlQuery } from '@swapu/shared/search-url';
import { CategoryFinder } from '../../features/categories/category-finder';

const categorySearch = (slug: CategorySlug) => `${paths.search}${searchUrlQuery({ category: [slug] })}`;

/** /categories-filter: find a category by typing part of its name, then search it. */
export default function CategoriesFilterPage() {
  const { t } = useTranslation(['search']);
  const navigate = useNavigate();
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('categoryFinder.title')}
          </Title>
          <Text c="dimmed">{t('categoryFinder.intro')}</Text>
        </Stack>
        <CategoryFinder hrefOf={categorySearch} onPick={(slug) => navigate(categorySearch(slug))} />
      </Stack>
    </Container>
  );
}
