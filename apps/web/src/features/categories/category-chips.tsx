import { Anchor, Chip, Group, ScrollArea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CATEGORIES } from '@swapu/shared/constants';

/** Category navigation: a horizontally scrolling row of every category. */
export function CategoryChips({ active }: { active?: string | undefined }) {
  const { t } = useTranslation(['categories', 'common']);
  return (
    <nav aria-label={t('common:home.categories')}>
      <ScrollArea type="never" offsetScrollbars={false}>
        <Group gap={8} wrap="nowrap" pb={4}>
          {CATEGORIES.map((c) => (
            <Chip
              key={c}
              checked={active === c}
              variant="outline"
              renderRoot={(props) => <Link to={`/search?category=${c}`} {...props} />}
              styles={{ label: { whiteSpace: 'nowrap' } }}
            >
              {t(`names.${c}`)}
            </Chip>
          ))}
          <Anchor component={Link} to="/all-categories" fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {t('common:actions.seeAll')}
          </Anchor>
        </Group>
      </ScrollArea>
    </nav>
  );
}
