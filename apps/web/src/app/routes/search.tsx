import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CATEGORIES } from '@swapu/shared/constants';
import { CategoryChips } from '../../features/categories/category-chips';
import { PostFeed } from '../../features/posts/post-feed';

/** Results for the header search (keyword, category and distance come from the URL). */
export default function SearchPage() {
  const { t } = useTranslation(['search', 'categories', 'common']);
  const [params] = useSearchParams();
  const rawCategory = params.get('category') ?? '';
  const category = (CATEGORIES as readonly string[]).includes(rawCategory) ? rawCategory : undefined;
  const keyword = params.get('keyword')?.trim() || undefined;
  const heading = keyword
    ? t('resultsFor', { keyword })
    : category
      ? t(`categories:names.${category}`)
      : t('allListings');
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 32 }}>
          {heading}
        </Title>
        {keyword && category && <Text c="dimmed">{t(`categories:names.${category}`)}</Text>}
        <CategoryChips active={category} />
        <PostFeed
          filter={{ category, q: keyword }}
          empty={
            <Stack align="center" py="xl" gap={4}>
              <Title order={2} fz="lg" role="status">
                {t('errors:no_results')}
              </Title>
              <Text c="dimmed">{t('noResultsHint')}</Text>
            </Stack>
          }
        />
      </Stack>
    </Container>
  );
}
