import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Chain } from '@swapu/shared/chains';
import { paths } from '@swapu/shared/paths';
import { ItemThumb } from '../../components/item-thumb';
import { useTranslation } from '../../i18n/react';
import { errorCodeOf } from '../../lib/api';
import { useClock } from '../../lib/clock';
import { formatDistance, formatMoney } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { useChainAction } from './use-chains';

/** Where a chain stands for me: found (mine to unlock), waiting for the others, on, or ended. */
export function chainStatus(chain: Chain): 'found' | 'waiting' | 'committed' | 'dissolved' {
  if (chain.state !== 'found') return chain.state;
  return chain.members[chain.me]?.unlocked ? 'waiting' : 'found';
}

const STATUS_COLOR = { found: 'swapu', waiting: 'yellow', committed: 'green', dissolved: 'gray' } as const;

/** One chain: who gives what to whom around the ring, who has unlocked, the time left, and my two choices. */
export function ChainCard({ chain }: { chain: Chain }) {
  const { t, i18n } = useTranslation(['chains', 'errors']);
  const lang = i18n.language;
  const { now } = useClock();
  const action = useChainAction();
  const [confirmDecline, setConfirmDecline] = useState(false);
  const status = chainStatus(chain);
  const n = chain.members.length;
  const hoursLeft = Math.max(0, Math.ceil((new Date(chain.expiresAt).getTime() - now) / 3_600_000));
  const act = (kind: 'unlock' | 'decline') =>
    action.mutate(
      { id: chain.id, action: kind },
      {
        onSuccess: (c) =>
          notifications.show({
            color: c.state === 'dissolved' ? 'gray' : 'green',
            message: t(
              c.state === 'committed' ? 'done.committed' : c.state === 'dissolved' ? `done.${c.reason ?? 'declined'}` : 'done.unlocked',
            ),
          }),
        onError: (e) => notifications.show({ color: 'red', message: t(`errors:${errorCodeOf(e)}`) }),
      },
    );
  return (
    <Card padding="md" data-testid="chain" data-status={status}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700}>{t('card.title', { count: n })}</Text>
          <Badge color={STATUS_COLOR[status]} variant="light" data-testid="chain-status">
            {t(`status.${status}`)}
          </Badge>
        </Group>
        {status === 'dissolved' && (
          <Text fz="sm" c="dimmed">
            {t(`reason.${chain.reason ?? 'lapsed'}`)}
          </Text>
        )}
        {(status === 'found' || status === 'waiting') && (
          <Text fz="sm" c="dimmed">
            {t('card.timeLeft', { count: hoursLeft })} ·{' '}
            {t('card.unlockedCount', { done: chain.members.filter((m) => m.unlocked).length, count: n })}
          </Text>
        )}
        <Timeline bulletSize={28} lineWidth={2} active={-1}>
          {chain.members.map((m, i) => {
            const receiver = chain.members[(i + n - 1) % n]!;
            const you = i === chain.me;
            return (
              <Timeline.Item
                key={m.userId}
                data-testid="chain-member"
                bullet={
                  <ThemeIcon size={28} radius="xl" variant="light" color={m.declined ? 'red' : m.unlocked ? 'green' : 'gray'}>
                    {m.declined ? <IconX size={16} /> : m.unlocked ? <IconCheck size={16} /> : <IconClock size={16} />}
                  </ThemeIcon>
                }
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ItemThumb url={m.gives.thumbUrl} size={56} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fz="sm" fw={you ? 700 : 500}>
                      {you
                        ? t('card.youGive', { to: memberName(t, receiver.displayName) })
                        : t('card.gives', {
                            name: memberName(t, m.displayName),
                            to: i === (chain.me + 1) % n ? t('card.youLower') : memberName(t, receiver.displayName),
                          })}
                    </Text>
                    <Text fz="sm" lineClamp={1} component={Link} to={paths.viewPost(m.gives.id)} c="inherit" td="underline">
                      {m.gives.title}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {formatMoney(m.gives.cashValueCents, lang)}
                      {m.gives.suburb ? ` · ${m.gives.suburb}` : ''}
                      {m.distanceKm != null ? ` · ${formatDistance(m.distanceKm, lang)}` : ''}
                    </Text>
                  </Stack>
                </Group>
                {i < n - 1 && <IconArrowDown size={14} aria-hidden="true" style={{ opacity: 0.4 }} />}
              </Timeline.Item>
            );
          })}
        </Timeline>
        {status === 'committed' && chain.myOfferId && (
          <Button component={Link} to={paths.swapOffer(chain.myOfferId)} variant="light">
            {t('card.seeSwap')}
          </Button>
        )}
        {status === 'found' && (
          <Group grow>
            {confirmDecline ? (
              <>
                <Button variant="default" onClick={() => setConfirmDecline(false)} disabled={action.isPending}>
                  {t('card.keep')}
                </Button>
                <Button color="red" onClick={() => act('decline')} loading={action.isPending}>
                  {t('card.confirmDecline')}
                </Button>
              </>
            ) : (
              <>
                <Button variant="subtle" color="red" onClick={() => setConfirmDecline(true)}>
                  {t('card.decline')}
                </Button>
                <Button onClick={() => act('unlock')} loading={action.isPending}>
                  {t('card.unlock')}
                </Button>
              </>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
