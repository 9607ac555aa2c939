import { Alert, Badge, Button, Card, Container, Drawer, Group, NativeSelect, Stack, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconAlertCircle } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { SEARCH_SORTS, type SearchSort } from '@swapu/shared/constants';
import { hasSearchTerm } from '@swapu/shared/input-rules';
import { parseSearchUrl, searchUrlQuery, type SearchUrlState } from '@swapu/shared/search-url';
import { SavedSearchesButton, SaveSearchButton } from '../../features/search/saved-searches';
import { SearchFiltersForm } from '../../features/search/search-filters-form';
import { useSession } from '../../lib/use-session';

import { filterCount, Results } from '../../features/search/search-results';
import { pageMeta } from '@swapu/shared/page-meta';
import { asLocale, usePageMeta } from '../../lib/use-page-meta';

export default function SearchPage() {
  const { t, i18n } = useTranslation(['search', 'categories', 'common', 'errors']);
  const [params] = useSearchParams();
  usePageMeta(pageMeta.search(asLocale(i18n.language), params.get('keyword') ?? ''));
  const { search } = useLocation();
  const navigate = useNavigate();
  const signedIn = useSession().token !== null;
  const state = useMemo(() => parseSearchUrl(params), [params]);
  const canSearch = hasSearchTerm(state);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const go = useCallback((next: SearchUrlState) => navigate(`${paths.search}${searchUrlQuery(next)}`), [navigate]);

  const heading = state.q
    ? t('resultsFor', { keyword: state.q })
    : state.category?.length === 1
      ? t(`categories:names.${state.category[0]}`)
      : canSearch
        ? t('searchResults')
        : t('title');
  const active = filterCount(state);

  if (!canSearch)
    return (
      <Container size="sm" py="lg">
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 32 }}>
            {heading}
          </Title>
          <Alert color="orange" icon={<IconAlertCircle />} role="alert" title={t('errors:search_term_required')}>
            {t('needsTermHint')}
          </Alert>
          <Card padding="lg" withBorder>
            <SearchFiltersForm key={search} initial={state} onSubmit={go} signedIn={signedIn} />
          </Card>
        </Stack>
      </Container>
    );

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={1} fz={{ base: 24, sm: 32 }} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {heading}
          </Title>
          {signedIn && (
            <Group gap="xs">
              <SaveSearchButton state={state} />
              <SavedSearchesButton />
            </Group>
          )}
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Button
            variant={active ? 'light' : 'default'}
            leftSection={<IconAdjustmentsHorizontal size={18} />}
            onClick={() => setFiltersOpen(true)}
            rightSection={
              active ? (
                <Badge size="sm" circle>
                  {active}
                </Badge>
              ) : undefined
            }
            style={{ flexShrink: 0 }}
          >
            {t('filters.button')}
          </Button>
          <NativeSelect
            aria-label={t('sort.label')}
            value={state.sort ?? 'featured'}
            onChange={(e) => go({ ...state, sort: e.currentTarget.value as SearchSort })}
            data={SEARCH_SORTS.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
            style={{ flex: '0 1 260px', minWidth: 0 }}
          />
        </Group>
        <Results state={state} go={go} />
      </Stack>
      <Drawer opened={filtersOpen} onClose={() => setFiltersOpen(false)} title={t('filters.title')} position="right" size="md">
        <SearchFiltersForm
          key={search}
          initial={state}
          signedIn={signedIn}
          onSubmit={(next) => {
            setFiltersOpen(false);
            go(next);
          }}
        />
      </Drawer>
    </Container>
  );
}
