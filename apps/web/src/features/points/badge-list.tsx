import { Badge, Group, Text, Tooltip } from '@mantine/core';
import {
  IconArrowsExchange,
  IconCrown,
  IconFlame,
  IconRepeat,
  IconSparkles,
  IconStarFilled,
  IconTarget,
  IconTrophy,
  type Icon,
} from '@tabler/icons-react';
import type { Badge as BadgeName } from '@swapu/shared/engagement';
import { useTranslation } from '../../i18n/react';

const ICONS: Record<BadgeName, Icon> = {
  first_listing: IconSparkles,
  first_swap: IconArrowsExchange,
  five_swaps: IconRepeat,
  twenty_swaps: IconTrophy,
  five_star: IconStarFilled,
  streak_4: IconFlame,
  goal_reached: IconTarget,
  top_50: IconCrown,
};
const COLORS: Partial<Record<BadgeName, string>> = { five_star: 'yellow', streak_4: 'orange', top_50: 'yellow', twenty_swaps: 'grape' };

/** The badges a member has earned, each with what it was for. */
export function BadgeList({ badges }: { badges: readonly BadgeName[] }) {
  const { t } = useTranslation('points');
  if (badges.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {t('badges.none')}
      </Text>
    );
  return (
    <Group gap={6} data-testid="badge-list" role="list" aria-label={t('badges.title')}>
      {badges.map((b) => {
        const BadgeIcon = ICONS[b];
        return (
          <Tooltip key={b} label={t(`badges.hints.${b}`)} withArrow events={{ hover: true, focus: true, touch: true }}>
            <Badge
              role="listitem"
              variant="light"
              color={COLORS[b] ?? 'swapu'}
              size="lg"
              radius="xl"
              tt="none"
              leftSection={<BadgeIcon size={14} aria-hidden="true" />}
              tabIndex={0}
            >
              {t(`badges.names.${b}`)}
            </Badge>
          </Tooltip>
        );
      })}
    </Group>
  );
}
