import { Anchor, Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTarget, IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Goal } from '@swapu/shared/engagement';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';
import { useDates } from '../../lib/clock';
import { formatMoney } from '../../lib/format';
import { ItemThumb, percentOf } from './goal-parts';
import { useUserGoals } from './use-goals';

function PublicGoal({ goal }: { goal: Goal }) {
  const { t, i18n } = useTranslation('goals');
  const lang = i18n.language;
  const dates = useDates();
  const reached = goal.state === 'completed';
  return (
    <Card padding="md" withBorder data-testid="public-goal">
      <Stack gap={8}>
        <Group gap={6} wrap="nowrap">
          {reached ? (
            <IconTrophy size={18} color="var(--mantine-color-yellow-6)" aria-hidden="true" />
          ) : (
            <IconTarget size={18} color="var(--mantine-color-swapu-6)" aria-hidden="true" />
          )}
          <Text fw={700} lineClamp={1} data-user-content>
            {goal.name}
          </Text>
        </Group>
        <Text fz="sm" c="dimmed">
          {t('card.target', { item: goal.goalItem, value: formatMoney(goal.goalValueCents, lang) })}
        </Text>
        <Progress
          value={Math.round(goal.progress * 100)}
          radius="xl"
          color={reached ? 'yellow' : 'swapu'}
          aria-label={t('card.progressLabel', { name: goal.name })}
        />
        <Group gap={8} justify="space-between">
          <Text fz="xs" c="dimmed">
            {reached && goal.completedAt
              ? t('profile.reached', { time: dates.relative(goal.completedAt) })
              : t('profile.progress', { percent: percentOf(goal.progress, lang) })}
          </Text>
          <Badge size="sm" variant="light" color="gray">
            {t('profile.swaps', { count: goal.steps.length })}
          </Badge>
        </Group>
        <Group wrap="nowrap" gap="xs">
          <ItemThumb url={goal.current.thumbUrl} size={36} />
          <Anchor component={Link} to={paths.viewPost(goal.current.id)} fz="sm" c="dark.7" lineClamp={1}>
            {goal.current.title}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

/** The goals a member chose to show on their profile; nothing at all when there are none. */
export function PublicGoals({ userId }: { userId: string }) {
  const { t } = useTranslation('goals');
  const list = useUserGoals(userId);
  if (!list.data || list.data.length === 0) return null;
  return (
    <Card padding="lg" data-testid="profile-goals">
      <Title order={2} fz="lg" mb="xs">
        {t('profile.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {list.data.map((g) => (
          <PublicGoal key={g.id} goal={g} />
        ))}
      </SimpleGrid>
    </Card>
  );
}
