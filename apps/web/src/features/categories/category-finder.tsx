import { Anchor, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { CATEGORIES, type CategorySlug } from '@swapu/shared/constants';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Categories whose translated name contains the typed text (case and accents ignored), in list order. */
export function matchCategories(text: string, nameOf: (slug: CategorySlug) => string): CategorySlug[] {
  const q = fold(text);
  return CATEGORIES.filter((c) => !q || fold(nameOf(c)).includes(q));
}

/**
 * A text box that narrows the categories by name as you type; picking one is `hrefOf(slug)`.
 * Enter picks the first match.
 */
export function CategoryFinder({ hrefOf, onPick }: { hrefOf: (slug: CategorySlug) => string; onPick: (slug: CategorySlug) => void }) {
  const { t } = useTranslation(['categories', 'search', 'errors', 'common']);
  const [text, setText] = useState('');
  const matches = matchCategories(text, (c) => t(`categories:names.${c}`));
  return (
    <Stack gap="md">
      <form
        role="search"
        aria-label={t('search:categoryFinder.title')}
        onSubmit={(e) => {
          e.preventDefault();
          if (matches[0]) onPick(matches[0]);
        }}
      >
        <TextInput
          label={t('search:categoryFinder.label')}
          placeholder={t('search:categoryFinder.placeholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          size="md"
          autoComplete="off"
          data-autofocus
        />
      </form>
      <Text fz="sm" c="dimmed" role="status" aria-live="polite">
        {matches.length ? t('search:categoryFinder.matches', { count: matches.length }) : ''}
      </Text>
      {matches.length === 0 ? (
        <Card padding="lg" ta="center" data-testid="category-no-match">
          <Stack gap="xs" align="center">
            <Text fw={700} role="alert">
              {t('errors:category_no_match')}
            </Text>
            <Anchor component={Link} to="/all-categories" fz="sm">
              {t('search:categoryFinder.seeAll')}
            </Anchor>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
          {matches.map((c) => (
            <Link key={c} to={hrefOf(c)} className="swapu-card-link" data-testid="category-match" data-slug={c}>
              <Card padding="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600} c="dark.7">
                    {t(`categories:names.${c}`)}
                  </Text>
                  <IconChevronRight size={18} color="var(--mantine-color-gray-5)" aria-hidden="true" />
                </Group>
              </Card>
            </Link>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
