import { ActionIcon, Box, Button, Group, NativeSelect, Paper, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconCategory, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CATEGORIES, DISTANCE_OPTIONS_KM } from '@swapu/shared/constants';
import { endpoints } from '@swapu/shared/endpoints';
import { qs } from '../lib/api';
import { fetchSuggestions } from '../lib/lookups';
import { keyOf } from '../lib/query-keys';

/** Completions wait this long after the last keystroke. */
const SUGGEST_DEBOUNCE_MS = 150;
const SUGGEST_MIN_CHARS = 2;

type Option = { kind: 'query'; value: string } | { kind: 'category'; value: string };

/**
 * The header search: keyword (with live completions from /search/suggest), category and distance,
 * sent to /search as its URL parameters (the names of shared/search-url.ts; that module is not
 * imported here because it brings the zod schemas into the home page's first load).
 * The completion list is a small hand-made ARIA combobox for the same reason.
 */
export function SearchBox({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation(['common', 'categories']);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const fromUrl = {
    keyword: params.get('keyword') ?? '',
    // A single known category; the header cannot show several (the filters can).
    category: (CATEGORIES as readonly string[]).includes(params.get('category') ?? '') ? params.get('category')! : '',
    distance: params.get('distance') ?? '',
  };
  const [keyword, setKeyword] = useState(fromUrl.keyword);
  const [category, setCategory] = useState(fromUrl.category);
  const [distance, setDistance] = useState(fromUrl.distance);
  const [showFilters, setShowFilters] = useState(false);
  // Follow the URL when it changes under us (Back, a facet chip, a saved search).
  const urlKey = `${fromUrl.keyword}|${fromUrl.category}|${fromUrl.distance}`;
  const [seen, setSeen] = useState(urlKey);
  if (seen !== urlKey) {
    setSeen(urlKey);
    setKeyword(fromUrl.keyword);
    setCategory(fromUrl.category);
    setDistance(fromUrl.distance);
  }

  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const [typed] = useDebouncedValue(keyword.trim(), SUGGEST_DEBOUNCE_MS);
  const suggest = useQuery({
    queryKey: keyOf(endpoints.suggest, { query: { q: typed } }),
    queryFn: ({ signal }) => fetchSuggestions(typed, signal),
    enabled: open && typed.length >= SUGGEST_MIN_CHARS,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const options: Option[] =
    open && keyword.trim().length >= SUGGEST_MIN_CHARS && suggest.data
      ? [
          ...suggest.data.completions.slice(0, 6).map((value) => ({ kind: 'query' as const, value })),
          ...suggest.data.categories.slice(0, 3).map((value) => ({ kind: 'category' as const, value })),
        ]
      : [];
  const expanded = options.length > 0;

  const go = (next: { keyword?: string; category?: string }) => {
    setOpen(false);
    setActive(-1);
    // On /search a place already chosen stays with the new words, so the distance still applies.
    const place = pathname === '/search' ? { near: params.get('near'), lat: params.get('lat'), lng: params.get('lng') } : {};
    navigate(`/search${qs({ keyword: next.keyword?.trim(), category: next.category, distance, ...place })}`);
  };
  const choose = (o: Option) => {
    if (o.kind === 'query') {
      setKeyword(o.value);
      go({ keyword: o.value, category });
    } else {
      setKeyword('');
      setCategory(o.value);
      go({ category: o.value });
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ keyword, category });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      if (!expanded) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 (the typed text) is one stop on the cycle through the options.
      const n = options.length;
      setActive((i) => {
        const next = ((i === -1 ? n : i) + step + n + 1) % (n + 1);
        return next === n ? -1 : next;
      });
    } else if (e.key === 'Enter' && expanded && active >= 0 && active < options.length) {
      e.preventDefault();
      choose(options[active]!);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };
  const optionId = (i: number) => `${listId}-${i}`;

  const categorySelect = (
    <NativeSelect
      aria-label={t('searchBox.category')}
      value={category}
      onChange={(e) => setCategory(e.currentTarget.value)}
      data={[{ value: '', label: t('searchBox.anyCategory') }, ...CATEGORIES.map((c) => ({ value: c, label: t(`categories:names.${c}`) }))]}
      w={compact ? '100%' : 190}
    />
  );
  const distanceSelect = (
    <NativeSelect
      aria-label={t('searchBox.distance')}
      value={distance}
      onChange={(e) => setDistance(e.currentTarget.value)}
      data={[
        { value: '', label: t('searchBox.anyDistance') },
        ...DISTANCE_OPTIONS_KM.map((km) => ({ value: String(km), label: t('searchBox.withinKm', { km }) })),
      ]}
      w={compact ? '100%' : 140}
    />
  );

  return (
    <form role="search" aria-label={t('searchBox.label')} onSubmit={submit} style={{ flex: 1, minWidth: 0 }}>
      <Group gap={6} wrap={compact ? 'wrap' : 'nowrap'}>
        <Box pos="relative" style={{ flex: 1, minWidth: compact ? 0 : 160 }}>
          <TextInput
            role="combobox"
            aria-label={t('searchBox.keyword')}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={expanded ? listId : undefined}
            aria-activedescendant={expanded && active >= 0 && active < options.length ? optionId(active) : undefined}
            placeholder={t('searchBox.keywordPlaceholder')}
            value={keyword}
            onChange={(e) => {
              setKeyword(e.currentTarget.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
            leftSection={<IconSearch size={16} />}
            radius="xl"
            name="keyword"
            autoComplete="off"
          />
          {expanded && (
            <Paper
              component="ul"
              id={listId}
              role="listbox"
              aria-label={t('searchBox.suggestions')}
              shadow="md"
              withBorder
              radius="md"
              p={4}
              m={0}
              pos="absolute"
              top="calc(100% + 4px)"
              left={0}
              right={0}
              style={{ zIndex: 300, listStyle: 'none' }}
            >
              {options.map((o, i) => (
                <UnstyledButton
                  component="li"
                  key={`${o.kind}:${o.value}`}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  // Keep the focus in the input, so the list stays open until the click lands.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(o)}
                  onMouseEnter={() => setActive(i)}
                  px="sm"
                  py={6}
                  fz="sm"
                  display="flex"
                  w="100%"
                  style={{
                    alignItems: 'center',
                    gap: 8,
                    borderRadius: 6,
                    background: i === active ? 'var(--mantine-color-swapu-0)' : undefined,
                  }}
                >
                  {o.kind === 'query' ? (
                    <>
                      <IconSearch size={14} aria-hidden="true" color="var(--mantine-color-gray-6)" />
                      {o.value}
                    </>
                  ) : (
                    <>
                      <IconCategory size={14} aria-hidden="true" color="var(--mantine-color-swapu-7)" />
                      {t('searchBox.inCategory', { category: t(`categories:names.${o.value}`) })}
                    </>
                  )}
                </UnstyledButton>
              ))}
            </Paper>
          )}
        </Box>
        {compact ? (
          <ActionIcon
            variant={showFilters ? 'filled' : 'light'}
            size="lg"
            radius="xl"
            aria-label={t('searchBox.filters')}
            aria-expanded={showFilters}
            onClick={() => setShowFilters((s) => !s)}
          >
            <IconAdjustmentsHorizontal size={18} />
          </ActionIcon>
        ) : (
          <>
            {categorySelect}
            {distanceSelect}
          </>
        )}
        <Button type="submit" px={compact ? 'sm' : 'md'}>
          {t('searchBox.submit')}
        </Button>
        {compact && showFilters && (
          <Group gap={6} grow w="100%">
            {categorySelect}
            {distanceSelect}
          </Group>
        )}
      </Group>
    </form>
  );
}
