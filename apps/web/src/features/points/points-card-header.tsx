import { Anchor, Group, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';

/** A points card's title with the way to the leaderboard (My SwapU's card and a profile's). */
export function PointsCardHeader({ title, mb }: { title: string; mb: 'xs' | 'sm' }) {
  const { t } = useTranslation('points');
  return (
    <Group justify="space-between" mb={mb} wrap="nowrap">
      <Title order={2} fz="lg">
        {title}
      </Title>
      <Anchor component={Link} to={paths.leaderboard} fz="sm" fw={600}>
        <Group gap={4} wrap="nowrap">
          <IconTrophy size={16} aria-hidden="true" />
          {t('leaderboard.link')}
        </Group>
      </Anchor>
    </Group>
  );
}
