import { Anchor, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowsExchange, IconLeaf, IconPackage, IconSparkles, IconTrophy, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import type { Activity } from '@swapu/shared/offers';
import { paths } from '@swapu/shared/paths';
import { useActivity } from '../../features/activity/use-activity';
import { formatMoney, formatNumber } from '../../lib/format';
import { useDates } from '../../lib/clock';
import { LoadError } from '../../components/load-error';
import { useBanned } from '../../features/auth/use-me';
import { pageMeta } from '@swapu/shared/page-meta';
import { asLocale, usePageMeta } from '../../lib/use-page-meta';

function Total({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string; testId: string }) {
  return (
    <Card padding="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fz="xl" fw={800} lh={1.2} data-testid={testId}>
            {value}
          </Text>
          <Text fz="xs" c="dimmed">
            {label}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

function FeedItem({ item }: { item: Activity['items'][number] }) {
  const { t, i18n } = useTranslation('offers');
  const lang = i18n.language;
  const dates = useDates();
  const when = (
    <Text fz="xs" c="dimmed" title={dates.dateTime(item.at)} style={{ flexShrink: 0 }}>
      {dates.relative(item.at)}
    </Text>
  );
  if (item.kind === 'swap')
    return (
      <Group wrap="nowrap" align="flex-start" gap="sm" py="sm" data-testid="activity-swap">
        <ThemeIcon size={40} radius="xl" variant="light" style={{ flexShrink: 0 }}>
          <IconArrowsExchange size={20} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fz="sm">{t('activity.swapped', { a: item.a, b: item.b, title: item.title })}</Text>
          {item.carbonKg > 0 && (
            <Group gap={4} c="swapu.8" wrap="nowrap">
              <IconLeaf size={14} aria-hidden="true" />
              <Text fz="xs" fw={600}>
                {t('activity.saved', { kg: formatNumber(item.carbonKg, lang) })}
              </Text>
            </Group>
          )}
        </Stack>
        {when}
      </Group>
    );
  const p = item.post;
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" py="sm" data-testid="activity-listing">
      {p.thumbUrl ? (
        <img src={p.thumbUrl} alt="" width={40} height={40} style={{ borderRadius: 10, objectFit: 'cover', flexShrink: 0 }} />
      ) : (
        <ThemeIcon size={40} radius="md" variant="light" color="gray" style={{ flexShrink: 0 }}>
          <IconPackage size={20} />
        </ThemeIcon>
      )}
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text fz="xs" c="dimmed">
          {t('activity.newListing', { place: [p.suburb, p.auState].filter(Boolean).join(', ') || t('activity.australia') })}
        </Text>
        <Anchor component={Link} to={paths.viewPost(p.id)} fz="sm" fw={600} c="dark.7" lineClamp={1} data-user-content>
          {p.title}
        </Anchor>
        <Text fz="xs" c="swapu.8" fw={700}>
          {formatMoney(p.cashValueCents, lang)}
        </Text>
      </Stack>
      {when}
    </Group>
  );
}

/** /activity — the community at a glance: totals, and the latest swaps and listings. */
export default function ActivityPage() {
  const { t, i18n } = useTranslation(['offers', 'errors', 'common', 'points']);
  usePageMeta(pageMeta.activity(asLocale(i18n.language)));
  const activity = useActivity();
  const banned = useBanned();
  const lang = i18n.language;
  const totals = activity.data?.totals;
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ flex: 1, minWidth: 220 }}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t('activity.title')}
            </Title>
            <Text c="dimmed" fz="sm">
              {t('activity.intro')}
            </Text>
          </Stack>
          <Button component={Link} to={paths.leaderboard} variant="light" leftSection={<IconTrophy size={18} />}>
            {t('points:leaderboard.link')}
          </Button>
        </Group>
        {activity.isError && <LoadError onRetry={() => void activity.refetch()} />}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {totals ? (
            <>
              <Total
                icon={<IconArrowsExchange size={20} />}
                label={t('activity.swaps')}
                value={formatNumber(totals.swapsCompleted, lang, 0)}
                testId="total-swaps"
              />
              <Total
                icon={<IconLeaf size={20} />}
                label={t('activity.carbon')}
                value={formatNumber(totals.carbonKg, lang, 0)}
                testId="total-carbon"
              />
              <Total
                icon={<IconUsers size={20} />}
                label={t('activity.members')}
                value={formatNumber(totals.members, lang, 0)}
                testId="total-members"
              />
              <Total
                icon={<IconSparkles size={20} />}
                label={t('activity.listings')}
                value={formatNumber(totals.liveListings, lang, 0)}
                testId="total-listings"
              />
            </>
          ) : (
            activity.isPending && Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={74} radius="lg" />)
          )}
        </SimpleGrid>
        <Card padding="md">
          <Title order={2} fz="lg" mb="xs">
            {t('activity.latest')}
          </Title>
          {activity.isPending && (
            <Stack gap="sm" aria-busy="true">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} height={48} />
              ))}
            </Stack>
          )}
          {activity.data && activity.data.items.length === 0 && (
            <Stack align="center" gap="xs" py="lg">
              <Text fw={700}>{t('activity.emptyTitle')}</Text>
              {!banned && (
                <Button component={Link} to={paths.create} variant="light">
                  {t('activity.emptyCta')}
                </Button>
              )}
            </Stack>
          )}
          <Stack gap={0} data-testid="activity-feed" style={{ rowGap: 0 }}>
            {activity.data?.items.map((item, i) => (
              <div
                key={`${item.kind}-${item.kind === 'swap' ? item.offerId : item.post.id}-${i}`}
                style={{ borderTop: i ? '1px solid var(--mantine-color-gray-2)' : undefined }}
              >
                <FeedItem item={item} />
              </div>
            ))}
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
