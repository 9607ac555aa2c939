/** Search results: the summary, the category chips, the list with paging, and the place prompt. */
import { Alert, Badge, Box, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMapPin, IconSearchOff } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { CATEGORIES } from '@swapu/shared/constants';
import { paths } from '@swapu/shared/paths';
import type { SearchResult } from '@swapu/shared/search';
import { searchUrlQuery, type SearchUrlState } from '@swapu/shared/search-url';
import { PostGrid, PostGridSkeleton } from '../../components/post-grid';
import { PlaceField, type Place } from './place-field';
import { correctedQuery } from './search-text';
import { useSearch } from './use-search';
import { ApiError } from '../../lib/api';
import { track, trackPostOpen } from '../../lib/analytics';
import { searchEvent } from './search-analytics';

/** How many filters beyond the words are on, for the Filters button. */
export const filterCount = (s: SearchUrlState) =>
  [
    s.category?.length,
    s.condition?.length,
    s.minCents !== undefined || s.maxCents !== undefined,
    s.radiusKm,
    s.delivery,
    s.openToSelling,
    s.openToSwapAnything,
    s.wantsMine,
  ].filter(Boolean).length;

/** Keeps loading pages while the end of the list is on screen (the Load more button stays as a fallback). */
function useLoadMoreOnSight(enabled: boolean, loadMore: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), { rootMargin: '600px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [enabled, loadMore]);
  return ref;
}

/** "Closest to me" or a distance without a place (or an unknown one): ask where to measure from. */
function PlacePrompt({ state, go }: { state: SearchUrlState; go: (s: SearchUrlState) => void }) {
  const { t } = useTranslation(['search', 'errors']);
  const [place, setPlace] = useState<Place>({ near: state.near });
  const apply = (p: Place) => go({ ...state, near: p.lat === undefined ? p.near?.trim() || undefined : undefined, lat: p.lat, lng: p.lng });
  return (
    <Paper withBorder radius="lg" p="md" maw={520} data-testid="place-prompt">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconMapPin size={20} color="var(--mantine-color-red-6)" aria-hidden="true" />
          <Text fw={700} role="alert">
            {t('errors:address_invalid')}
          </Text>
        </Group>
        <Text fz="sm" c="dimmed">
          {t('place.promptHint')}
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (place.near?.trim()) apply(place);
          }}
        >
          <Stack gap="xs">
            <PlaceField value={place} onChange={(p) => (p.lat !== undefined ? apply(p) : setPlace(p))} />
            <Group justify="flex-end">
              {state.sort === 'closest' && !state.radiusKm && (
                <Button variant="subtle" color="gray" onClick={() => go({ ...state, sort: undefined })}>
                  {t('place.otherSort')}
                </Button>
              )}
              <Button type="submit" disabled={!place.near?.trim()}>
                {t('place.apply')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

function ResultSummary({ first, state }: { first: SearchResult; state: SearchUrlState }) {
  const { t } = useTranslation(['search']);
  const count = first.totalExact ? t('count', { count: first.total }) : t('countCapped', { count: first.total });
  return (
    <Stack gap={2}>
      <Text c="dimmed" fz="sm" data-testid="result-count" role="status">
        {first.origin ? t('countNear', { results: count, place: first.origin.label }) : count}
      </Text>
      {first.corrections.length > 0 && state.q && (
        <Text fz="sm" data-testid="corrections">
          {t('showingFor', { query: correctedQuery(state.q, first.corrections) })}{' '}
          <Text span c="dimmed" fz="sm">
            {t('youTyped', { query: state.q })}
          </Text>
        </Text>
      )}
    </Stack>
  );
}

/** Results per category (ignoring the category filter), tap to filter; counts only when they cover every match. */
function FacetChips({ first, state, go }: { first: SearchResult; state: SearchUrlState; go: (s: SearchUrlState) => void }) {
  const { t } = useTranslation(['search', 'categories']);
  const selected = new Set<string>(state.category ?? []);
  const facets = [...first.facets];
  for (const slug of selected) if (!facets.some((f) => f.slug === slug)) facets.push({ slug, count: 0 });
  if (facets.length === 0) return null;
  const toggle = (slug: string) => {
    const next = selected.has(slug) ? [...selected].filter((s) => s !== slug) : [...selected, slug];
    go({ ...state, category: next.length ? (next as SearchUrlState['category']) : undefined });
  };
  return (
    <Box component="nav" aria-label={t('facets')} style={{ overflowX: 'auto', scrollbarWidth: 'none' }}>
      <Group gap={8} wrap="nowrap" pb={4}>
        <Button
          size="compact-sm"
          radius="xl"
          fw={500}
          variant={selected.size ? 'default' : 'filled'}
          aria-pressed={!selected.size}
          onClick={() => go({ ...state, category: undefined })}
          style={{ flexShrink: 0 }}
        >
          {t('allCategories')}
        </Button>
        {facets
          .filter((f) => (CATEGORIES as readonly string[]).includes(f.slug))
          .map((f) => (
            <Button
              key={f.slug}
              size="compact-sm"
              radius="xl"
              fw={500}
              variant={selected.has(f.slug) ? 'filled' : 'default'}
              aria-pressed={selected.has(f.slug)}
              onClick={() => toggle(f.slug)}
              style={{ flexShrink: 0 }}
              data-testid="facet"
              data-slug={f.slug}
              rightSection={
                first.facetsExact ? (
                  <Badge size="xs" variant={selected.has(f.slug) ? 'white' : 'light'} circle={f.count < 10}>
                    {f.count}
                  </Badge>
                ) : undefined
              }
            >
              {t(`categories:names.${f.slug}`)}
            </Button>
          ))}
      </Group>
    </Box>
  );
}

/** One search event per search (its URL), once its first page of results is in; refetches are not searches. */
function useSearchEvent(state: SearchUrlState, total: number | undefined) {
  const key = searchUrlQuery(state);
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (total === undefined || reported.current === key) return;
    reported.current = key;
    track('search', searchEvent(state, total));
  }, [key, state, total]);
}

export function Results({ state, go }: { state: SearchUrlState; go: (s: SearchUrlState) => void }) {
  const { t } = useTranslation(['search', 'common', 'errors']);
  const results = useSearch(state);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = results;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const sentinel = useLoadMoreOnSight(!!hasNextPage && !isFetchingNextPage && !isFetchNextPageError, loadMore);
  useSearchEvent(state, results.data?.pages[0]?.total);

  if (results.isPending) return <PostGridSkeleton />;
  if (results.isError) {
    const code = results.error instanceof ApiError ? results.error.code : 'generic';
    if (code === 'address_invalid') return <PlacePrompt key={searchUrlQuery(state)} state={state} go={go} />;
    if (code === 'login_required')
      return (
        <Alert color="yellow" icon={<IconAlertCircle />} role="alert" title={t('errors:login_required')}>
          <Group gap="xs">
            <Button component={Link} to={paths.auth} state={{ from: `${paths.search}${searchUrlQuery(state)}` }} size="xs">
              {t('loginToUse')}
            </Button>
            <Button size="xs" variant="subtle" onClick={() => go({ ...state, wantsMine: undefined })}>
              {t('withoutWantsMine')}
            </Button>
          </Group>
        </Alert>
      );
    return (
      <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t(`errors:${code}`)}>
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{t('common:states.errorHint')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void results.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const first = results.data.pages[0]!;
  const items = results.data.pages.flatMap((p) => p.items);
  return (
    <Stack gap="md">
      <ResultSummary first={first} state={state} />
      <FacetChips first={first} state={state} go={go} />
      {items.length === 0 ? (
        <Center py="xl">
          <Stack align="center" gap={4} maw={420} ta="center">
            <IconSearchOff size={40} color="var(--mantine-color-sand-6)" aria-hidden="true" />
            <Title order={2} fz="lg">
              {t('errors:no_results')}
            </Title>
            <Text c="dimmed">{t('noResultsHint')}</Text>
          </Stack>
        </Center>
      ) : (
        <>
          <PostGrid posts={items} onOpen={trackPostOpen} />
          <div ref={sentinel} aria-hidden="true" />
          <Center>
            {hasNextPage ? (
              <Button variant="light" size="md" loading={isFetchingNextPage} onClick={loadMore}>
                {t('common:actions.loadMore')}
              </Button>
            ) : (
              <Text c="dimmed" fz="sm">
                {t('end')}
              </Text>
            )}
          </Center>
          {isFetchNextPageError && (
            <Text c="red" role="alert" ta="center">
              {t('errors:generic')}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

/**
 * /search: every input lives in the URL (shared links and Back work), results page in as the
 * list's end comes into view, and signed-in people can save the search for alerts.
 */
