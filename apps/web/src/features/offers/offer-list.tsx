import { Avatar, Badge, Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowsExchange, IconClock } from '@tabler/icons-react';
import type { TFunction } from '../../i18n/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import type { OfferSummary } from '@swapu/shared/offers';
import { formatDateTime, formatMoney, formatRelative } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { useSession } from '../../lib/use-session';
import { ItemThumb } from './offer-editor';
import { offerPaths } from './offer-paths';
import { describeTimeLeft, otherParty, stateLabel } from './offer-text';
import classes from './offers.module.css';
import { LoadError } from '../../components/load-error';

/** The cash part in a few words, for a list row. */
function cashShort(o: OfferSummary, t: TFunction, locale: string) {
  if (o.cashKind === 'none' || o.cashCents === 0) return null;
  return t(`cashShort.${o.cashKind}`, { amount: formatMoney(o.cashCents, locale) });
}

/** One offer in a list: the item it is for, with whom, what is offered, where it stands. */
export function OfferRow({ offer: o, action }: { offer: OfferSummary; action?: ReactNode }) {
  const { t, i18n } = useTranslation('offers');
  const { userId } = useSession();
  const lang = i18n.language;
  const other = otherParty(o, userId);
  const otherName = memberName(t, other.displayName);
  const badge = stateLabel(o);
  const cash = cashShort(o, t, lang);
  const pending = o.state === 'pending';
  return (
    <Card padding="sm" data-testid="offer-row" pos="relative" className={classes.row}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ItemThumb url={o.post.thumbUrl} size={72} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} justify="space-between" wrap="nowrap" align="flex-start">
            <Text component={Link} to={offerPaths.swapOffer(o.id)} fw={700} c="dark.7" lineClamp={2} lh={1.3} className={classes.rowLink}>
              {o.post.title}
            </Text>
            <Badge size="sm" variant="light" color={badge.color} style={{ flexShrink: 0 }}>
              {t(badge.key)}
            </Badge>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Avatar size={20} radius="xl" color="swapu" src={other.avatarUrl} name={otherName} alt="" />
            <Text fz="sm" truncate>
              {t('list.with', { name: otherName })}
            </Text>
          </Group>
          <Group gap={8} fz="sm">
            <Group gap={4} c="dimmed" wrap="nowrap">
              <IconArrowsExchange size={14} aria-hidden="true" />
              <Text fz="sm">{t('list.items', { count: o.items.length })}</Text>
            </Group>
            {cash && (
              <Text fz="sm" fw={600} c="swapu.8">
                {cash}
              </Text>
            )}
          </Group>
          <Group gap={8}>
            {pending && o.stillValid && (
              <Group gap={4} c="orange.8" wrap="nowrap">
                <IconClock size={14} aria-hidden="true" />
                <Text fz="xs" fw={600} title={formatDateTime(o.expiresAt, lang)} data-testid="offer-time-left">
                  {describeTimeLeft(t, o.expiresAt)}
                </Text>
              </Group>
            )}
            {pending && !o.stillValid && (
              <Text fz="xs" fw={600} c="red.8">
                {t('list.noLongerValid')}
              </Text>
            )}
            <Text fz="xs" c="dimmed" title={formatDateTime(o.updatedAt, lang)}>
              {formatRelative(o.updatedAt, lang)}
            </Text>
          </Group>
          {action && <div className={classes.rowAction}>{action}</div>}
        </Stack>
      </Group>
    </Card>
  );
}

/** A list of offers with its loading, error and empty states. */
export function OfferRows({
  query,
  empty,
  filter = () => true,
  action,
}: {
  query: { isPending: boolean; isError: boolean; data?: OfferSummary[]; refetch: () => unknown };
  empty: ReactNode;
  filter?: (o: OfferSummary) => boolean;
  action?: (o: OfferSummary) => ReactNode;
}) {
  const shown = query.data?.filter(filter) ?? [];
  return (
    <Stack gap="sm" aria-busy={query.isPending} data-testid="offer-list">
      {query.isPending && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={112} radius="lg" />)}
      {query.isError && <LoadError onRetry={() => void query.refetch()} />}
      {query.data && shown.length === 0 && empty}
      {shown.map((o) => (
        <OfferRow key={o.id} offer={o} action={action?.(o)} />
      ))}
    </Stack>
  );
}

/** A friendly empty state with the next thing to do. */
export function OffersEmpty({ title, body, cta }: { title: string; body?: string; cta?: ReactNode }) {
  return (
    <Card padding="xl" ta="center">
      <Stack align="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconArrowsExchange size={28} />
        </ThemeIcon>
        <Text fw={700}>{title}</Text>
        {body && (
          <Text fz="sm" c="dimmed" maw={420}>
            {body}
          </Text>
        )}
        {cta}
      </Stack>
    </Card>
  );
}
