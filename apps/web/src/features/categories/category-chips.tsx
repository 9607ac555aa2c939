import { Anchor, Box, Button, Group } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { CATEGORIES } from '@swapu/shared/constants';

/** Category navigation: a horizontally scrolling row of every category. */
export function CategoryChips({ active }: { active?: string | undefined }) {
  const { t } = useTranslation(['categories', 'common']);
  return (
    <nav aria-label={t('common:home.categories')}>
      <Box style={{ overflowX: 'auto', scrollbarWidth: 'none' }}>
        <Group gap={8} wrap="nowrap" pb={4}>
          {CATEGORIES.map((c) => (
            <Button
              key={c}
              component={Link}
              to={`/search?category=${c}`}
              size="compact-sm"
              radius="xl"
              variant={active === c ? 'filled' : 'default'}
              aria-current={active === c ? 'page' : undefined}
              fw={500}
              style={{ flexShrink: 0 }}
            >
              {t(`names.${c}`)}
            </Button>
          ))}
          <Anchor component={Link} to="/all-categories" fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {t('common:actions.seeAll')}
          </Anchor>
        </Group>
      </Box>
    </nav>
  );
}
