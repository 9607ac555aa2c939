import { Button, Card, Container, Group, Skeleton, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLogin, IconTrophy } from '@tabler/icons-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '@swapu/shared/points-rules';
import { pageMeta } from '@swapu/shared/page-meta';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { useMe } from '../../features/auth/use-me';
import { LeaderboardList, type LeaderboardViewer } from '../../features/points/leaderboard-list';
import { PointsRules } from '../../features/points/points-rules';
import { useLeaderboard } from '../../features/points/use-points';
import { useTranslation } from '../../i18n/react';
import { asLocale, usePageMeta } from '../../lib/use-page-meta';
import { useSession } from '../../lib/use-session';

const isPeriod = (v: string | null): v is LeaderboardPeriod => !!v && (LEADERBOARD_PERIODS as readonly string[]).includes(v);

/** My place at the top of the page, so it is seen before the list is scrolled. */
function MyRank({ rank, points }: { rank: number | null; points: number }) {
  const { t } = useTranslation('points');
  return (
    <Card padding="md" bg="swapu.0" data-testid="my-rank">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
            {t('leaderboard.yourRank')}
          </Text>
          {rank === null ? (
            <Text fz="sm">{t('leaderboard.noRank')}</Text>
          ) : (
            <Text fz={28} fw={800} lh={1.1} c="swapu.8" data-testid="my-rank-value">
              #{rank}
            </Text>
          )}
        </Stack>
        {rank !== null && (
          <Text fw={800} fz="lg" style={{ flexShrink: 0 }} data-testid="my-rank-points">
            {t('points', { count: points })}
          </Text>
        )}
      </Group>
    </Card>
  );
}

/** /leaderboard — who has the most points this week, this month and of all time (public; my own rank when signed in). */
export default function LeaderboardPage() {
  const { t, i18n } = useTranslation(['points', 'errors', 'common']);
  usePageMeta(pageMeta.leaderboard(asLocale(i18n.language)));
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const period: LeaderboardPeriod = isPeriod(params.get('period')) ? (params.get('period') as LeaderboardPeriod) : 'week';
  const board = useLeaderboard(period);
  const { token, userId } = useSession();
  const me = useMe();
  const banned = me.data?.banned === true;
  const viewer: LeaderboardViewer | null =
    token !== null && userId
      ? { id: userId, displayName: me.data?.displayName ?? t('leaderboard.you'), avatarUrl: me.data?.avatarUrl ?? null }
      : null;
  const data = board.data;
  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" color="yellow" style={{ flexShrink: 0 }}>
            <IconTrophy size={24} />
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t('leaderboard.title')}
            </Title>
            <Text c="dimmed" fz="sm">
              {t('leaderboard.intro')}
            </Text>
          </Stack>
        </Group>
        <Tabs
          value={period}
          onChange={(v) => isPeriod(v) && setParams(v === 'week' ? {} : { period: v }, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List grow aria-label={t('leaderboard.periods')}>
            {LEADERBOARD_PERIODS.map((p) => (
              <Tabs.Tab key={p} value={p}>
                {t(`leaderboard.tabs.${p}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Text fz="xs" c="dimmed" mt={-6}>
          {t(`leaderboard.note.${period}`)}
        </Text>
        {data?.me && <MyRank rank={data.me.rank} points={data.me.points} />}
        {token === null && (
          <Card padding="sm" data-testid="leaderboard-sign-in">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text fz="sm">{t('leaderboard.signIn')}</Text>
              <Button
                component={Link}
                to={paths.auth}
                state={{ from: `${location.pathname}${location.search}` }}
                size="xs"
                variant="light"
                leftSection={<IconLogin size={16} />}
              >
                {t('leaderboard.signInCta')}
              </Button>
            </Group>
          </Card>
        )}
        <Card padding="xs">
          {board.isPending && (
            <Stack gap={6} p={4} aria-busy="true" data-testid="leaderboard-loading">
              {Array.from({ length: 8 }, (_, i) => (
                <Group key={i} gap="sm" wrap="nowrap">
                  <Skeleton height={24} width={32} radius="xl" />
                  <Skeleton height={36} circle />
                  <Skeleton height={16} style={{ flex: 1 }} />
                  <Skeleton height={16} width={64} />
                </Group>
              ))}
            </Stack>
          )}
          {board.isError && <LoadError titled onRetry={() => void board.refetch()} />}
          {data && data.items.length === 0 && (
            <Stack align="center" gap="xs" py="xl" data-testid="leaderboard-empty">
              <ThemeIcon size={56} radius="xl" variant="light">
                <IconTrophy size={28} />
              </ThemeIcon>
              <Text fw={700}>{t('leaderboard.emptyTitle')}</Text>
              <Text fz="sm" c="dimmed" ta="center">
                {t('leaderboard.emptyText')}
              </Text>
              {!banned && (
                <Button component={Link} to={paths.create} variant="light" mt="xs">
                  {t('leaderboard.emptyCta')}
                </Button>
              )}
            </Stack>
          )}
          {data && data.items.length > 0 && <LeaderboardList board={data} viewer={viewer} />}
        </Card>
        <PointsRules />
      </Stack>
    </Container>
  );
}
