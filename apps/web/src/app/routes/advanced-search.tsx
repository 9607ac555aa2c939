import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { parseSearchUrl, searchUrlQuery } from '@swapu/shared/search-url';
import { SearchFiltersForm } from '../../features/search/search-filters-form';
import { useSession } from '../../lib/use-session';

/**
 * /advanced-search/ (public) and /search-filter (members): the whole filter form. It opens with
 * the filters of a /search link when given one, and shows the results on /search.
 */
export default function AdvancedSearchPage() {
  const { t } = useTranslation(['search']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initial = useMemo(() => parseSearchUrl(params), [params]);
  const signedIn = useSession().token !== null;
  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('advanced.title')}
          </Title>
          <Text c="dimmed">{t('advanced.intro')}</Text>
        </Stack>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <SearchFiltersForm initial={initial} signedIn={signedIn} onSubmit={(s) => navigate(`${paths.search}${searchUrlQuery(s)}`)} />
        </Paper>
        <Group gap="lg" justify="center">
          {signedIn && (
            <Anchor component={Link} to="/categories-filter" fz="sm">
              {t('advanced.findCategory')}
            </Anchor>
          )}
          <Anchor component={Link} to={paths.allCategories} fz="sm">
            {t('advanced.allCategories')}
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
