import { Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlus, IconTarget } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Goal } from '@swapu/shared/engagement';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { GoalCard } from './goal-card';
import { GoalForm } from './goal-form';
import { useGoals, useMyListings } from './use-goals';

function Section({ title, goals, mine }: { title: string; goals: Goal[]; mine: Parameters<typeof GoalCard>[0]['mine'] }) {
  if (goals.length === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={2} fz="md" c="dimmed">
        {title}
      </Title>
      {goals.map((g) => (
        <GoalCard key={g.id} goal={g} mine={mine} />
      ))}
    </Stack>
  );
}

/** The Goals tab of /myswapu: set a goal, follow each one up its trade-up path. */
export function GoalsTab() {
  const { t } = useTranslation(['goals', 'common']);
  const list = useGoals();
  const listings = useMyListings();
  const [adding, setAdding] = useState(false);
  const [showArchived, setShowArchived] = useState(false);
  const mine = listings.data ?? [];
  const published = mine.filter((p) => p.state === 'published');
  const goals = list.data ?? [];
  const of = (state: Goal['state']) => goals.filter((g) => g.state === state);
  const archived = of('archived');
  const loading = list.isPending || listings.isPending;

  return (
    <Stack gap="md" aria-busy={loading} data-testid="goals-tab">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text fz="sm" c="dimmed" maw={560}>
          {t('intro')}
        </Text>
        {!adding && published.length > 0 && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} style={{ flexShrink: 0 }}>
            {t('new')}
          </Button>
        )}
      </Group>
      {adding && <GoalForm items={published} onDone={() => setAdding(false)} />}
      {loading && (
        <Stack gap="sm" aria-label={t('loading')}>
          {Array.from({ length: 2 }, (_, i) => (
            <Skeleton key={i} height={180} radius="md" />
          ))}
        </Stack>
      )}
      {(list.isError || listings.isError) && <LoadError onRetry={() => void Promise.all([list.refetch(), listings.refetch()])} />}
      {list.data && listings.data && goals.length === 0 && !adding && (
        <Card padding="xl" ta="center">
          <Stack align="center" gap="xs">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconTarget size={28} aria-hidden="true" />
            </ThemeIcon>
            <Text fw={700}>{t('empty.title')}</Text>
            <Text fz="sm" c="dimmed">
              {published.length > 0 ? t('empty.body') : t('noItems')}
            </Text>
            {published.length > 0 ? (
              <Button mt="xs" variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                {t('new')}
              </Button>
            ) : (
              <Button mt="xs" variant="light" component={Link} to={paths.create}>
                {t('listItem')}
              </Button>
            )}
          </Stack>
        </Card>
      )}
      {list.data && listings.data && (
        <>
          <Section title={t('sections.active')} goals={of('active')} mine={mine} />
          <Section title={t('sections.completed')} goals={of('completed')} mine={mine} />
          {archived.length > 0 && (
            <Button variant="subtle" color="gray" onClick={() => setShowArchived((s) => !s)} w="fit-content">
              {showArchived ? t('hideArchived') : t('showArchived', { count: archived.length })}
            </Button>
          )}
          {showArchived && <Section title={t('sections.archived')} goals={archived} mine={mine} />}
        </>
      )}
    </Stack>
  );
}
