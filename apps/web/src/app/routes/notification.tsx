import { Button, Card, Container, Group, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconArrowsExchange,
  IconBell,
  IconBookmark,
  IconHeartHandshake,
  IconMessageCircle,
  IconTrophy,
  IconLink,
  IconTruckDelivery,
  IconShieldCheck,
  IconReceiptRefund,
} from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import type { TFunction } from '../../i18n/core';
import { useNavigate } from 'react-router';
import type { AppNotification } from '@swapu/shared/api';
import type { RefundReason } from '@swapu/shared/money-api';
import { useMarkRead, useNotifications } from '../../features/notifications/use-notifications';
import { formatDateTime, formatMoney, formatRelative } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { LoadError } from '../../components/load-error';

/** The delivery events a notification has words for (data.event); any other is 'news about the delivery'. */
const DELIVERY_EVENTS = new Set(['label_created', 'shipped', 'in_transit', 'delivered', 'cancelled', 'failed']);

/** The swap-chain events a notification has words for (data.event). */
const CHAIN_EVENTS = new Set(['found', 'unlocked', 'committed', 'dissolved']);

/** The moderation events a notification has words for (data.event): the team's actions, with their reason. */
const MODERATION_EVENTS = new Set(['hidden', 'unhidden', 'image_removed', 'warned', 'dispute_completed', 'dispute_cancelled']);

/** The reasons a refund notification has words for (data.reason): every one (the type says so). */
const REFUND_REASONS: Record<RefundReason, true> = {
  admin: true,
  already_subscribed: true,
  quote_expired: true,
  lapsed: true,
  delivery: true,
  provider_refund: true,
  dispute: true,
};

/** One notification as a sentence, from its kind and data (amounts in the reader's language). */
export function notificationText(t: TFunction, n: AppNotification, language = 'en-US'): string {
  const other = memberName(t, n.data.otherName);
  if (n.kind === 'match') return t('match', { other, theirs: n.data.theirTitle, mine: n.data.myTitle });
  if (n.kind === 'message') return t('message', { other, count: Number(n.data.count ?? '1'), preview: n.data.preview });
  if (n.kind === 'offer') return t(`offer.${n.data.event ?? 'created'}`, { other, title: n.data.postTitle });
  if (n.kind === 'delivery') {
    const event = n.data.event && DELIVERY_EVENTS.has(n.data.event) ? n.data.event : 'updated';
    return t(`delivery.${event}`, { other, title: n.data.postTitle });
  }
  if (n.kind === 'goal') return t('goal.completed', { name: n.data.goalName, title: n.data.postTitle });
  if (n.kind === 'chain' && n.data.event && CHAIN_EVENTS.has(n.data.event))
    return t(`chain.${n.data.event}`, { other, size: Number(n.data.size ?? '3') });
  if (n.kind === 'saved_search')
    return t('savedSearch', { name: n.data.name, count: Number(n.data.count ?? '1'), title: n.data.postTitle });
  if (n.kind === 'payment' && n.data.event === 'refunded' && n.data.reason && Object.hasOwn(REFUND_REASONS, n.data.reason))
    return t(`payment.${n.data.reason}`, { amount: formatMoney(Number(n.data.amountCents ?? 0), language) });
  if (n.kind === 'moderation' && n.data.event && MODERATION_EVENTS.has(n.data.event))
    return t(`moderation.${n.data.event}`, { title: n.data.postTitle, reason: n.data.reason });
  return t('generic');
}

function Row({ n }: { n: AppNotification }) {
  const { t, i18n } = useTranslation('notifications');
  const navigate = useNavigate();
  const read = useMarkRead();
  const unread = !n.readAt;
  const Icon =
    n.kind === 'match'
      ? IconHeartHandshake
      : n.kind === 'offer'
        ? IconArrowsExchange
        : n.kind === 'message'
          ? IconMessageCircle
          : n.kind === 'saved_search'
            ? IconBookmark
            : n.kind === 'delivery'
              ? IconTruckDelivery
              : n.kind === 'goal'
                ? IconTrophy
                : n.kind === 'chain'
                  ? IconLink
                  : n.kind === 'moderation'
                    ? IconShieldCheck
                    : n.kind === 'payment'
                      ? IconReceiptRefund
                      : IconBell;
  const open = () => {
    if (unread) read.mutate([n.id]);
    if (n.link) navigate(n.link);
  };
  return (
    <UnstyledButton onClick={open} data-testid="notification" data-unread={unread} style={{ display: 'block', width: '100%' }}>
      <Card padding="sm" style={{ borderLeft: unread ? '4px solid var(--mantine-color-swapu-6)' : undefined }}>
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" radius="xl" size={40} color={n.kind === 'match' ? 'red' : 'swapu'}>
            <Icon size={20} />
          </ThemeIcon>
          <Stack gap={2} style={{ flex: 1 }}>
            <Text fz="sm" fw={unread ? 700 : 400}>
              {notificationText(t, n, i18n.language)}
            </Text>
            <Text fz="xs" c="dimmed" title={formatDateTime(n.createdAt, i18n.language)}>
              {formatRelative(n.createdAt, i18n.language)}
            </Text>
          </Stack>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

export default function NotificationPage() {
  const { t } = useTranslation(['notifications', 'common', 'errors']);
  const list = useNotifications();
  const read = useMarkRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  return (
    <Container size="sm" py="lg">
      <Group justify="space-between" mb="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('title')}
        </Title>
        <Button variant="light" size="xs" disabled={unread === 0} loading={read.isPending} onClick={() => read.mutate(undefined)}>
          {t('markAll')}
        </Button>
      </Group>
      <Stack gap="xs">
        {list.isPending && Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={72} radius="md" />)}
        {list.isError && <LoadError onRetry={() => void list.refetch()} />}
        {list.data && items.length === 0 && (
          <Card padding="xl" ta="center">
            <Stack align="center" gap="xs">
              <ThemeIcon size={56} radius="xl" variant="light">
                <IconBell size={28} />
              </ThemeIcon>
              <Text fw={700}>{t('emptyTitle')}</Text>
              <Text fz="sm" c="dimmed">
                {t('emptyBody')}
              </Text>
            </Stack>
          </Card>
        )}
        {items.map((n) => (
          <Row key={n.id} n={n} />
        ))}
        {list.hasNextPage && (
          <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('common:actions.loadMore')}
          </Button>
        )}
      </Stack>
    </Container>
  );
}
