import { ActionIcon, Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CATEGORIES, DISTANCE_OPTIONS_KM } from '@swapu/shared/constants';
import { qs } from '../lib/api';

/** The header search: keyword, category and distance, sent to /search as URL parameters. */
export function SearchBox({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation(['common', 'categories']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [keyword, setKeyword] = useState(params.get('keyword') ?? '');
  const [category, setCategory] = useState(params.get('category') ?? '');
  const [distance, setDistance] = useState(params.get('distance') ?? '');
  const [showFilters, setShowFilters] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(`/search${qs({ keyword: keyword.trim(), category, distance })}`);
  };

  const categorySelect = (
    <NativeSelect
      aria-label={t('searchBox.category')}
      value={category}
      onChange={(e) => setCategory(e.currentTarget.value)}
      data={[
        { value: '', label: t('searchBox.anyCategory') },
        ...CATEGORIES.map((c) => ({ value: c, label: t(`categories:names.${c}`) })),
      ]}
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
        <TextInput
          aria-label={t('searchBox.keyword')}
          placeholder={t('searchBox.keywordPlaceholder')}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          radius="xl"
          style={{ flex: 1, minWidth: compact ? 0 : 160 }}
          name="keyword"
        />
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
