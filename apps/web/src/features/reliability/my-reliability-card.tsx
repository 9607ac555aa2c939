import { Card, Group, List, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import type { MyReliability } from '@swapu/shared/reliability-api';
import { DELIVERY_ON_TIME_DAYS, RELIABILITY_NEW_MIN_DAYS } from '@swapu/shared/reliability';
import { useTranslation } from '../../i18n/react';
import { useDates } from '../../lib/clock';
import { ReliabilityFacts, TierPill } from './reliability-badge';
import { formatWait } from './reliability-text';
import { useMyReliability } from './use-reliability';

type Tip = MyReliability['tips'][number];

function tipText(t: ReturnType<typeof useTranslation>['t'], tip: Tip, lang: string): string {
  switch (tip.code) {
    case 'complete_swaps':
    case 'avoid_cancelling':
      return t(`reliability.own.tip.${tip.code}`, { count: tip.count });
    case 'wait_age':
      return t('reliability.own.tip.wait_age', { count: tip.days, min: RELIABILITY_NEW_MIN_DAYS });
    case 'reply_faster':
      return t('reliability.own.tip.reply_faster', { time: formatWait(tip.seconds, lang) });
    case 'book_on_time':
      return t('reliability.own.tip.book_on_time', { count: tip.late, days: DELIVERY_ON_TIME_DAYS });
    default:
      return t(`reliability.own.tip.${tip.code}`);
  }
}

/** My own reliability on my profile: the badge others see, its facts, each part of the score and what would raise it. */
export function MyReliabilityCard() {
  const { t, i18n } = useTranslation('profile');
  const dates = useDates();
  const mine = useMyReliability();
  if (mine.isError)
    return (
      <Card padding="lg">
        <Text c="dimmed">{t('reliability.own.loadError')}</Text>
      </Card>
    );
  if (mine.isPending)
    return (
      <Card padding="lg" data-testid="my-reliability-loading">
        <Skeleton height={24} width="40%" mb="md" />
        <Skeleton height={120} />
      </Card>
    );
  const m = mine.data;
  return (
    <Card padding="lg" data-testid="my-reliability">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg">
            {t('reliability.own.title')}
          </Title>
          {m.computedAt && (
            <Text fz="xs" c="dimmed">
              {t('reliability.facts.updated', { time: dates.relative(m.computedAt) })}
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Text fz="sm">{t('reliability.own.seenAs')}</Text>
          <TierPill badge={m} />
        </Group>
        <div>
          <Text fw={700} fz="sm" mb={6}>
            {t('reliability.facts.titleOwn')}
          </Text>
          <ReliabilityFacts badge={m} own />
        </div>
        <div>
          <Text fw={700} fz="sm" mb={6}>
            {m.score === null ? t('reliability.own.partsNew') : t('reliability.own.parts')}
          </Text>
          <Stack gap={8} data-testid="reliability-parts">
            {m.components.map((c) => (
              <div key={c.part} data-testid="reliability-part">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text fz="sm">{t(`reliability.own.part.${c.part}`)}</Text>
                  <Text fz="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {c.value === null ? t('reliability.own.noFacts') : t('reliability.own.weight', { weight: c.weight })}
                  </Text>
                </Group>
                <Progress
                  value={c.value === null ? 0 : Math.round(c.value * 100)}
                  color={c.value === null ? 'gray' : c.value >= 0.8 ? 'swapu' : c.value >= 0.5 ? 'yellow' : 'orange'}
                  size="sm"
                  radius="xl"
                  aria-label={t(`reliability.own.part.${c.part}`)}
                />
              </div>
            ))}
          </Stack>
        </div>
        <div>
          <Group gap={6} mb={6}>
            <IconBulb size={18} color="var(--mantine-color-yellow-7)" aria-hidden="true" />
            <Text fw={700} fz="sm">
              {t('reliability.own.tipsTitle')}
            </Text>
          </Group>
          <List spacing={6} size="sm" data-testid="reliability-tips">
            {m.tips.map((tip) => (
              <List.Item key={tip.code} data-testid="reliability-tip" data-tip={tip.code}>
                {tipText(t, tip, i18n.language)}
              </List.Item>
            ))}
          </List>
        </div>
      </Stack>
    </Card>
  );
}
