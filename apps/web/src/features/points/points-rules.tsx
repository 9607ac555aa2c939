import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { GOAL_COMPLETED_POINTS, POINTS, STREAK_POINTS_MAX, STREAK_POINTS_PER_WEEK } from '@swapu/shared/points-rules';
import { useTranslation } from '../../i18n/react';

/** What each action earns: the shared constants the server awards by. */
export function PointsRules() {
  const { t } = useTranslation('points');
  const rules: Array<[string, number]> = [
    [t('rules.listing'), POINTS.listing],
    [t('rules.swapCompleted'), POINTS.swapCompleted],
    [t('rules.review'), POINTS.review],
    [t('rules.fiveStarReceived'), POINTS.fiveStarReceived],
    [t('rules.goalCompleted'), GOAL_COMPLETED_POINTS],
  ];
  return (
    <Card padding="md">
      <Title order={2} fz="lg" mb="xs">
        {t('rules.title')}
      </Title>
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="points-rules">
        {rules.map(([label, points]) => (
          <Group key={label} component="li" justify="space-between" wrap="nowrap" gap="sm">
            <Text fz="sm">{label}</Text>
            <Text fz="sm" fw={800} c="swapu.8" style={{ flexShrink: 0 }}>
              {t('mine.entry', { points })}
            </Text>
          </Group>
        ))}
        <Text component="li" fz="sm" c="dimmed">
          {t('rules.streak', { step: STREAK_POINTS_PER_WEEK, max: STREAK_POINTS_MAX })}
        </Text>
      </Stack>
    </Card>
  );
}
