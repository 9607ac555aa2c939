import { Card, Group, SimpleGrid, Skeleton, Stack, Text, type CardProps } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { POINTS } from '@swapu/shared/points-rules';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { useDates } from '../../lib/clock';
import { formatNumber } from '../../lib/format';
import { BadgeList } from './badge-list';
import { PointsCardHeader } from './points-card-header';
import { useMyPoints } from './use-points';

/** Entries listed under "Latest points". */
const RECENT_SHOWN = 5;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text fz="xl" fw={800} lh={1.2} c="swapu.8" data-testid={testId}>
        {value}
      </Text>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** My points on My SwapU: all time, this week, the streak, badges and the latest entries. */
export function MyPointsCard(props: CardProps) {
  const { t, i18n } = useTranslation('points');
  const dates = useDates();
  const mine = useMyPoints();
  const s = mine.data;
  return (
    <Card padding="md" data-testid="my-points" {...props}>
      <PointsCardHeader title={t('mine.title')} mb="sm" />
      {mine.isError && <LoadError onRetry={() => void mine.refetch()} />}
      {mine.isPending && <Skeleton height={96} />}
      {s && (
        <Stack gap="sm">
          <SimpleGrid cols={3} spacing="xs">
            <Figure label={t('mine.total')} value={formatNumber(s.total, i18n.language, 0)} testId="my-points-total" />
            <Figure label={t('mine.week')} value={formatNumber(s.week, i18n.language, 0)} testId="my-points-week" />
            <Stack gap={0}>
              <Group gap={4} wrap="nowrap" c={s.streakWeeks > 1 ? 'orange.7' : 'dimmed'}>
                <IconFlame size={18} aria-hidden="true" />
                <Text fz="xl" fw={800} lh={1.2} data-testid="my-points-streak">
                  {t('mine.streakWeeks', { count: s.streakWeeks })}
                </Text>
              </Group>
              <Text fz="xs" c="dimmed">
                {t('mine.streak')}
              </Text>
            </Stack>
          </SimpleGrid>
          <BadgeList badges={s.badges} />
          <Stack gap={4}>
            <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
              {t('mine.recent')}
            </Text>
            {s.recent.length === 0 ? (
              <Text fz="sm" c="dimmed">
                {t('mine.noRecent', { points: POINTS.listing })}
              </Text>
            ) : (
              <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
                {s.recent.slice(0, RECENT_SHOWN).map((e, i) => (
                  <Group key={`${e.reason}-${e.at}-${i}`} component="li" gap="sm" wrap="nowrap" data-testid="points-entry">
                    <Text fz="sm" fw={800} c="swapu.8" w={44} style={{ flexShrink: 0 }}>
                      {t('mine.entry', { points: e.points })}
                    </Text>
                    <Text fz="sm" style={{ flex: 1, minWidth: 0 }} lineClamp={1}>
                      {t(`reasons.${e.reason}`)}
                    </Text>
                    <Text fz="xs" c="dimmed" title={dates.dateTime(e.at)} style={{ flexShrink: 0 }}>
                      {dates.relative(e.at)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>
        </Stack>
      )}
    </Card>
  );
}
