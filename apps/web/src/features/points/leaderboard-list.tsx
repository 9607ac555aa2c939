import { Anchor, Avatar, Badge, Box, Group, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Leaderboard, LeaderboardRow } from '@swapu/shared/engagement';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';
import { memberName } from '../../lib/member-name';

/** Gold, silver and bronze for the first three places. */
const MEDALS = ['yellow.6', 'gray.5', 'orange.7'] as const;

/** Who is looking: their row is marked, and shown under the list when they are not in it. */
export interface LeaderboardViewer {
  id: string;
  displayName: string;
  avatarUrl: string | null;
}

function Rank({ rank }: { rank: number }) {
  const { t } = useTranslation('points');
  const medal = MEDALS[rank - 1];
  return (
    <Box w={40} style={{ flexShrink: 0, display: 'flex', justifyContent: 'center' }} data-testid="leaderboard-rank" data-rank={rank}>
      <VisuallyHidden>{t('leaderboard.rank', { rank })}</VisuallyHidden>
      {medal ? (
        <ThemeIcon size={30} radius="xl" color={medal} variant="filled" aria-hidden="true">
          <Text fz="sm" fw={800} lh={1} c="white">
            {rank}
          </Text>
        </ThemeIcon>
      ) : (
        <Text fw={800} c="dimmed" fz="sm" aria-hidden="true">
          {rank}
        </Text>
      )}
    </Box>
  );
}

function Row({ row, mine, linked, testId }: { row: LeaderboardRow; mine: boolean; linked: boolean; testId: string }) {
  const { t } = useTranslation('points');
  const name = memberName(t, row.displayName);
  return (
    <Group
      component="li"
      wrap="nowrap"
      gap="sm"
      px="sm"
      py={8}
      data-testid={testId}
      aria-current={mine ? 'true' : undefined}
      style={{ borderRadius: 12, background: mine ? 'var(--mantine-color-swapu-0)' : undefined, listStyle: 'none' }}
    >
      <Rank rank={row.rank} />
      <Avatar src={row.avatarUrl} alt="" name={name} color="swapu" size={36} radius="xl" />
      <Group gap={6} wrap="nowrap" preventGrowOverflow={false} style={{ flex: 1, minWidth: 0 }}>
        {linked ? (
          <Anchor component={Link} to={paths.userDetail(row.userId)} fw={600} c="dark.7" fz="sm" lineClamp={1} data-user-content>
            {name}
          </Anchor>
        ) : (
          <Text fw={600} fz="sm" lineClamp={1} data-user-content>
            {name}
          </Text>
        )}
        {mine && (
          <Badge size="xs" variant="filled" style={{ flexShrink: 0 }}>
            {t('leaderboard.you')}
          </Badge>
        )}
      </Group>
      <Text fw={800} fz="sm" c="swapu.8" style={{ flexShrink: 0 }} data-testid="leaderboard-points">
        {t('points', { count: row.points })}
      </Text>
    </Group>
  );
}

/**
 * The top of a board, ranks shared by ties. The viewer's own row is marked; when they are below
 * the list, their place follows it after a gap.
 */
export function LeaderboardList({ board, viewer }: { board: Leaderboard; viewer: LeaderboardViewer | null }) {
  const { t } = useTranslation('points');
  const inList = !!viewer && board.items.some((r) => r.userId === viewer.id);
  const me = board.me;
  return (
    <Stack gap={2}>
      <Stack component="ol" gap={2} m={0} p={0} aria-label={t('leaderboard.list')} data-testid="leaderboard-list">
        {board.items.map((row) => {
          const mine = row.userId === viewer?.id;
          return <Row key={row.userId} row={row} mine={mine} linked={!!viewer} testId={mine ? 'leaderboard-me' : 'leaderboard-row'} />;
        })}
      </Stack>
      {viewer && me?.rank != null && !inList && (
        <>
          <Group justify="center" c="dimmed" py={2} aria-hidden="true">
            <IconDots size={18} />
          </Group>
          <Stack component="ul" gap={0} m={0} p={0} aria-label={t('leaderboard.yourRank')}>
            <Row
              row={{ rank: me.rank, userId: viewer.id, displayName: viewer.displayName, avatarUrl: viewer.avatarUrl, points: me.points }}
              mine
              linked
              testId="leaderboard-me"
            />
          </Stack>
        </>
      )}
    </Stack>
  );
}
