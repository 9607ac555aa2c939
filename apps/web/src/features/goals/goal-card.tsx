import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Menu,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconArchiveOff, IconDotsVertical, IconEye, IconEyeOff, IconFlag, IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { MyPost } from '@swapu/shared/api';
import type { Goal, GoalPatch } from '@swapu/shared/engagement';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';
import { errorCodeOf } from '../../lib/api';
import { useDates } from '../../lib/clock';
import { formatMoney } from '../../lib/format';
import { holdingOf, type Holding } from './goal-holding';
import { currentValueOf, ItemThumb, percentOf } from './goal-parts';
import { GOAL_RULES } from '@swapu/shared/goal-rules';
import { GoalSuggestions } from './goal-suggestions';
import { useUpdateGoal } from './use-goals';

function GoalMenu({ goal }: { goal: Goal }) {
  const { t } = useTranslation(['goals', 'errors']);
  const update = useUpdateGoal();
  const change = (patch: GoalPatch, done: string) =>
    update.mutate(
      { id: goal.id, patch },
      {
        onSuccess: () => notifications.show({ color: 'swapu', message: done }),
        onError: (err) => notifications.show({ color: 'red', message: t(`errors:${errorCodeOf(err)}`) }),
      },
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('card.menu', { name: goal.name })} loading={update.isPending}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {goal.showOnProfile ? (
          <Menu.Item leftSection={<IconEyeOff size={16} />} onClick={() => change({ showOnProfile: false }, t('card.hidden'))}>
            {t('card.hideFromProfile')}
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconEye size={16} />} onClick={() => change({ showOnProfile: true }, t('card.shown'))}>
            {t('card.showOnProfile')}
          </Menu.Item>
        )}
        {goal.state === 'active' && (
          <Menu.Item leftSection={<IconArchive size={16} />} onClick={() => change({ state: 'archived' }, t('card.archived'))}>
            {t('card.archive')}
          </Menu.Item>
        )}
        {goal.state === 'archived' && (
          <Menu.Item leftSection={<IconArchiveOff size={16} />} onClick={() => change({ state: 'active' }, t('card.restored'))}>
            {t('card.restore')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** What the goal's current item allows now: carry on, list the item received, or wait. */
function HoldingNote({ holding, title }: { holding: Holding; title: string }) {
  const { t } = useTranslation('goals');
  if (holding.kind === 'live') return null;
  if (holding.kind === 'received')
    return (
      <Alert color="yellow" variant="light" data-testid="goal-holding">
        <Stack gap={6} align="flex-start">
          <Text fz="sm">{t('card.received', { title })}</Text>
          <Button component={Link} to={paths.create} size="compact-sm" variant="light" color="yellow">
            {t('card.listIt')}
          </Button>
        </Stack>
      </Alert>
    );
  return (
    <Alert color={holding.kind === 'in_swap' ? 'blue' : 'gray'} variant="light" data-testid="goal-holding">
      <Text fz="sm">{t(holding.kind === 'in_swap' ? 'card.inSwap' : 'card.gone', { title })}</Text>
    </Alert>
  );
}

/** A reached goal: the trophy, the path in one sentence, the points it earned. */
function Celebration({ goal }: { goal: Goal }) {
  const { t } = useTranslation('goals');
  const dates = useDates();
  return (
    <Group wrap="nowrap" gap="md" align="center" data-testid="goal-celebration">
      <ThemeIcon size={56} radius="xl" color="yellow" variant="light">
        <IconTrophy size={30} aria-hidden="true" />
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={800} fz="lg">
          {t('celebrate.title')}
        </Text>
        <Text fz="sm">{t('celebrate.body', { start: goal.start.title, current: goal.current.title, count: goal.steps.length })}</Text>
        <Group gap={8}>
          <Badge color="yellow" variant="filled">
            {t('celebrate.points', { count: GOAL_RULES.completedPoints })}
          </Badge>
          {goal.completedAt && (
            <Text fz="xs" c="dimmed">
              {t('celebrate.when', { time: dates.relative(goal.completedAt) })}
            </Text>
          )}
        </Group>
      </Stack>
    </Group>
  );
}

/**
 * One of my goals: where it is (a bar and the value held of the goal value), the item held now,
 * the trade-up path step by step, a celebration once reached, and under an active goal the items
 * within reach with a one-tap offer.
 */
export function GoalCard({ goal, mine }: { goal: Goal; mine: readonly MyPost[] }) {
  const { t, i18n } = useTranslation('goals');
  const lang = i18n.language;
  const dates = useDates();
  const value = currentValueOf(goal);
  const holding = holdingOf(goal, mine);
  const percent = percentOf(goal.progress, lang);
  return (
    <Card padding="md" withBorder data-testid="goal-card" data-state={goal.state}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} fz="lg" lineClamp={2} data-user-content>
              {goal.name}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('card.target', { item: goal.goalItem, value: formatMoney(goal.goalValueCents, lang) })}
            </Text>
            <Group gap={6}>
              <Badge size="sm" variant="light" color={goal.state === 'completed' ? 'yellow' : goal.state === 'active' ? 'swapu' : 'gray'}>
                {t(`card.state.${goal.state}`)}
              </Badge>
              {goal.showOnProfile && (
                <Badge size="sm" variant="outline" color="gray">
                  {t('card.onProfile')}
                </Badge>
              )}
            </Group>
          </Stack>
          <GoalMenu goal={goal} />
        </Group>

        {goal.state === 'completed' && <Celebration goal={goal} />}

        <Stack gap={4}>
          <Progress
            value={Math.round(goal.progress * 100)}
            size="lg"
            radius="xl"
            color={goal.state === 'completed' ? 'yellow' : 'swapu'}
            aria-label={t('card.progressLabel', { name: goal.name })}
            data-testid="goal-progress"
          />
          <Group justify="space-between" gap={6}>
            <Text fz="sm" fw={700} data-testid="goal-progress-value">
              {t('card.progress', { current: formatMoney(value, lang), goal: formatMoney(goal.goalValueCents, lang) })}
            </Text>
            <Text fz="sm" c="dimmed">
              {percent}
            </Text>
          </Group>
        </Stack>

        <Group wrap="nowrap" gap="sm">
          <ItemThumb url={goal.current.thumbUrl} size={48} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('card.holding')}
            </Text>
            <Anchor component={Link} to={paths.viewPost(goal.current.id)} fw={700} c="dark.7" lineClamp={1} data-testid="goal-current">
              {goal.current.title}
            </Anchor>
          </Stack>
        </Group>

        {goal.state === 'active' && <HoldingNote holding={holding} title={goal.current.title} />}

        <Stack gap={6}>
          <Text fz="sm" fw={700}>
            {t('card.steps')}
          </Text>
          <Timeline active={goal.steps.length} bulletSize={22} lineWidth={2} color="swapu" data-testid="goal-steps">
            <Timeline.Item bullet={<IconFlag size={12} aria-hidden="true" />} title={t('card.startedWith', { title: goal.start.title })}>
              <Text fz="xs" c="dimmed">
                {t('card.stepValue', { value: formatMoney(goal.start.cashValueCents, lang), time: dates.relative(goal.createdAt) })}
              </Text>
            </Timeline.Item>
            {goal.steps.map((s) => (
              <Timeline.Item key={s.offerId} title={`${s.from.title} → ${s.to.title}`} data-testid="goal-step">
                <Text fz="xs" c="dimmed">
                  {t('card.stepValue', { value: formatMoney(s.valueCents, lang), time: dates.relative(s.at) })}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {goal.steps.length === 0 && (
            <Text fz="xs" c="dimmed">
              {t('card.noSteps', { title: goal.current.title })}
            </Text>
          )}
        </Stack>

        {goal.state === 'active' && (
          <>
            <Divider />
            <GoalSuggestions goal={goal} currentValue={value} mine={holding.kind === 'live' ? holding.post : null} />
          </>
        )}
      </Stack>
    </Card>
  );
}
