import { Alert, Avatar, Badge, Box, Button, Group, Skeleton, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCheck, IconHeadset, IconMessages } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import type { RoomSummary } from '@swapu/shared/chat';
import { paths } from '@swapu/shared/paths';
import { ApiError } from '../../lib/api';
import { formatDateTime, formatRelative } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { chatPaths, initials, lastMessageText, roomTitle } from './chat-text';
import { useRooms } from './use-rooms';

const rowStyle = (active: boolean) => ({
  display: 'block',
  width: '100%',
  padding: '10px 12px',
  borderRadius: 12,
  background: active ? 'var(--mantine-color-swapu-0)' : undefined,
});

function RoomRow({ room, active }: { room: RoomSummary; active: boolean }) {
  const { t, i18n } = useTranslation('chat');
  const unread = room.unread > 0;
  const name = memberName(t, room.other.displayName);
  return (
    <UnstyledButton
      component={Link}
      to={chatPaths.room(room.id)}
      aria-current={active ? 'page' : undefined}
      data-testid="room-row"
      data-unread={unread}
      style={rowStyle(active)}
    >
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Avatar src={room.other.avatarUrl} alt="" radius="xl" size={44} color="swapu">
          {initials(name)}
        </Avatar>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap={6}>
            <Text fw={unread ? 800 : 600} fz="sm" truncate data-user-content>
              {name}
            </Text>
            <Text
              fz={11}
              c={unread ? 'swapu.8' : 'dimmed'}
              fw={unread ? 700 : 400}
              style={{ flexShrink: 0 }}
              title={formatDateTime(room.timestamp, i18n.language)}
            >
              {formatRelative(room.timestamp, i18n.language)}
            </Text>
          </Group>
          <Text fz="xs" c="dimmed" truncate data-testid="room-title" data-user-content={roomTitle(t, room) === room.title || undefined}>
            {roomTitle(t, room)}
          </Text>
          <Group justify="space-between" wrap="nowrap" gap={6}>
            <Text
              fz="sm"
              c={unread ? 'dark' : 'dimmed'}
              fw={unread ? 600 : 400}
              truncate
              data-testid="room-last"
              // The last message as written, unless the placeholder stands in for it.
              data-user-content={lastMessageText(t, room.lastMessage) === room.lastMessage || undefined}
            >
              {lastMessageText(t, room.lastMessage)}
            </Text>
            {unread ? (
              <Badge size="sm" circle={room.unread < 10} color="red" variant="filled" aria-label={t('unread', { count: room.unread })}>
                {room.unread > 99 ? '99+' : room.unread}
              </Badge>
            ) : (
              room.seen && <IconCheck size={14} color="var(--mantine-color-dimmed)" aria-hidden="true" />
            )}
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** The pinned row for the member's thread with the SwapU team. */
function SupportRow({ active }: { active: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <UnstyledButton
      component={Link}
      to={chatPaths.support}
      aria-current={active ? 'page' : undefined}
      data-testid="support-row"
      style={rowStyle(active)}
    >
      <Group wrap="nowrap" gap="sm">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconHeadset size={22} aria-hidden="true" />
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} fz="sm">
            {t('support.title')}
          </Text>
          <Text fz="xs" c="dimmed" truncate>
            {t('support.row')}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** The person's rooms, newest first, under the SwapU team row; loading, empty and error states. */
export function RoomList({ activeId, supportActive }: { activeId?: string; supportActive: boolean }) {
  const { t } = useTranslation(['chat', 'common', 'errors']);
  const rooms = useRooms();
  const banned = rooms.error instanceof ApiError && rooms.error.code === 'account_banned';
  return (
    <Stack gap={2} p={6} data-testid="room-list">
      <SupportRow active={supportActive} />
      <Box my={4} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} />
      {rooms.isPending && Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={64} radius="md" my={4} />)}
      {rooms.isError &&
        (banned ? null : (
          <Alert color="red" role="alert" m={6}>
            {t('errors:generic')}{' '}
            <Button size="compact-xs" variant="light" color="red" onClick={() => void rooms.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Alert>
        ))}
      {rooms.data && rooms.data.items.length === 0 && (
        <Stack align="center" ta="center" gap="xs" p="lg" data-testid="rooms-empty">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconMessages size={28} aria-hidden="true" />
          </ThemeIcon>
          <Text fw={700}>{t('emptyTitle')}</Text>
          <Text fz="sm" c="dimmed">
            {t('emptyBody')}
          </Text>
          <Button component={Link} to={paths.home} variant="light" mt="xs">
            {t('browse')}
          </Button>
        </Stack>
      )}
      {rooms.data?.items.map((r) => (
        <RoomRow key={r.id} room={r} active={r.id === activeId} />
      ))}
    </Stack>
  );
}
