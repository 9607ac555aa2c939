import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { DeckCard, Goal, SwipeReason } from '@swapu/shared/engagement';
import { paths } from '@swapu/shared/paths';
import type { TFunction } from '../../i18n/core';
import { useTranslation } from '../../i18n/react';
import { qs } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { LoadError } from '../../components/load-error';
import { ItemThumb, percentOf } from './goal-parts';
import { useGoalSuggestions } from './use-goals';

/** Why an item was suggested, in words ("wants bicycles — you have one", "12 km away"). */
export function reasonText(t: TFunction, r: SwipeReason): string {
  const category = r.category ? t(`categories:names.${r.category}`) : '';
  switch (r.kind) {
    case 'wants_yours':
      return r.category
        ? t('suggestions.reason.wants_yours_category', { category })
        : t('suggestions.reason.wants_yours_keyword', { keyword: r.keyword });
    case 'wish':
      return r.category
        ? t('suggestions.reason.wish_category', { category })
        : t('suggestions.reason.wish_keyword', { keyword: r.keyword });
    case 'near':
      return t('suggestions.reason.near', { km: r.km });
    default:
      return t(`suggestions.reason.${r.kind}`);
  }
}

/** The one-tap offer: the offer page for their item, with my item already chosen when I hold it. */
export const offerLink = (theirs: string, mine: string | null) => `${paths.offerItem(theirs)}${qs({ with: mine })}`;

function SuggestionRow({ card, currentValue, mine }: { card: DeckCard; currentValue: number; mine: { id: string; title: string } | null }) {
  const { t, i18n } = useTranslation(['goals', 'categories']);
  const lang = i18n.language;
  const more = currentValue > 0 ? (card.cashValueCents - currentValue) / currentValue : 0;
  return (
    <Card padding="sm" withBorder data-testid="goal-suggestion">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ItemThumb url={card.thumbUrl} size={64} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={paths.viewPost(card.id)} fw={700} c="dark.7" lineClamp={1}>
            {card.title}
          </Anchor>
          <Group gap={6}>
            <Text fz="sm" fw={700} c="swapu.8">
              {formatMoney(card.cashValueCents, lang)}
            </Text>
            <Badge size="sm" variant="light" color="swapu">
              {t('suggestions.more', { percent: percentOf(more, lang) })}
            </Badge>
            <Text fz="xs" c="dimmed">
              {t('suggestions.owner', { name: memberName(t, card.ownerName) })}
            </Text>
          </Group>
          {card.reasons.length > 0 && (
            <Text fz="xs" c="dimmed" lineClamp={2}>
              {card.reasons
                .slice(0, 3)
                .map((r) => reasonText(t, r))
                .join(' · ')}
            </Text>
          )}
          <Button
            component={Link}
            to={offerLink(card.id, mine?.id ?? null)}
            size="compact-sm"
            variant="light"
            w="fit-content"
            leftSection={<IconArrowsExchange size={14} aria-hidden="true" />}
          >
            {mine ? t('suggestions.offer', { title: mine.title }) : t('suggestions.offerAny')}
          </Button>
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * Items within reach under an active goal: worth 10–50 % more than its current item, their owners
 * wishing for what it is, with a one-tap offer of my item (`mine`: my live listing of it, if any).
 */
export function GoalSuggestions({
  goal,
  currentValue,
  mine,
}: {
  goal: Goal;
  currentValue: number;
  mine: { id: string; title: string } | null;
}) {
  const { t } = useTranslation('goals');
  const list = useGoalSuggestions(goal);
  return (
    <Stack gap="xs" aria-busy={list.isPending} aria-label={list.isPending ? t('suggestions.loading') : undefined}>
      <div>
        <Title order={3} fz="md">
          {t('suggestions.title')}
        </Title>
        <Text fz="xs" c="dimmed">
          {t('suggestions.help')}
        </Text>
      </div>
      {list.isPending && Array.from({ length: 2 }, (_, i) => <Skeleton key={i} height={88} radius="md" />)}
      {list.isError && <LoadError onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t('suggestions.empty')}
        </Text>
      )}
      {list.data?.map((card) => (
        <SuggestionRow key={card.id} card={card} currentValue={currentValue} mine={mine} />
      ))}
    </Stack>
  );
}
